/// Reads and writes the todo file's JSON directly, byte by byte.
///
/// Foundation's `JSONDecoder` and `JSONEncoder` take about 400 ms each way for 100,000 todos;
/// this reader and writer, which know the format, take a small fraction of that, so a long
/// list loads well within the 500 ms budget. The reader accepts any valid JSON (RFC 8259):
/// fields it does not know are skipped whatever their value and reported by name, so the file
/// can be opened read-only instead of being silently trimmed.
package enum TodoJSON {
  /// Why bytes are not a todo file, in plain English.
  package struct Failure: Error, Equatable {
    package var reason: String
  }

  // MARK: - Writing

  /// The file as pretty-printed JSON with sorted keys (the layout earlier versions wrote).
  static func encode(_ file: TodoFile) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(64 + file.todos.count * 96)
    out.append(contentsOf: "{\n  \"todos\" : [".utf8)
    for (index, todo) in file.todos.enumerated() {
      out.append(contentsOf: (index == 0 ? "\n    {\n      \"id\" : " : ",\n    {\n      \"id\" : ").utf8)
      out.append(contentsOf: String(todo.id).utf8)
      out.append(contentsOf: (todo.isDone ? ",\n      \"isDone\" : true" : ",\n      \"isDone\" : false").utf8)
      out.append(contentsOf: ",\n      \"title\" : ".utf8)
      appendString(todo.title, to: &out)
      out.append(contentsOf: "\n    }".utf8)
    }
    out.append(contentsOf: (file.todos.isEmpty ? "\n\n  ],\n  \"version\" : " : "\n  ],\n  \"version\" : ").utf8)
    out.append(contentsOf: String(file.version).utf8)
    out.append(contentsOf: "\n}".utf8)
    return out
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private static func appendString(_ text: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        out.append(contentsOf: Array("\\u00".utf8))
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0xF)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  // MARK: - Reading

  /// How deeply containers may nest: deeper makes the file unreadable. Far beyond any todo
  /// file (which nests three levels), and far below what could exhaust a thread's stack.
  static let maximumDepth = 512

  /// The `Int` a JSON number (its syntax already checked) stands for, in whatever form it is
  /// written: `100`, `1e2`, `100.0`, `1000e-1`. A fraction is not a whole number; beyond `Int`
  /// is too large.
  static func wholeNumber(_ text: UnsafeBufferPointer<UInt8>, name: String) throws(Failure) -> Int {
    let negative = text.first == UInt8(ascii: "-")
    var index = negative ? 1 : 0
    // The usual form, digits only, read without allocating.
    var plain = 0
    while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
      let digit = Int(text[index] - UInt8(ascii: "0"))
      let (times, overflow1) = plain.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      // Too large for the plain form; `1e2`-style forms are read below.
      guard !overflow1, !overflow2 else { break }
      plain = next
      index += 1
    }
    if index == text.count { return plain }
    index = negative ? 1 : 0
    // The significant digits, integer part then fraction, and the power of ten they are scaled by.
    var digits: [UInt8] = []
    var scale = 0
    while index < text.count, text[index] != UInt8(ascii: "."), text[index] | 0x20 != UInt8(ascii: "e") {
      digits.append(text[index] - UInt8(ascii: "0"))
      index += 1
    }
    if index < text.count, text[index] == UInt8(ascii: ".") {
      index += 1
      while index < text.count, text[index] | 0x20 != UInt8(ascii: "e") {
        digits.append(text[index] - UInt8(ascii: "0"))
        scale -= 1
        index += 1
      }
    }
    if index < text.count {
      index += 1
      let exponentIsNegative = text[index] == UInt8(ascii: "-")
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
      // Saturated: beyond a billion, the answer no longer depends on the exact exponent.
      var exponent = 0
      while index < text.count {
        exponent = min(exponent * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000_000)
        index += 1
      }
      scale += exponentIsNegative ? -exponent : exponent
    }
    guard let firstSignificant = digits.firstIndex(where: { $0 != 0 }) else { return 0 }
    var end = digits.count
    while scale < 0 {
      guard end > firstSignificant, digits[end - 1] == 0 else { throw Failure(reason: "\(name) is not a whole number") }
      end -= 1
      scale += 1
    }
    guard end - firstSignificant + scale <= 19 else { throw Failure(reason: "\(name) is too large") }
    var value = 0
    for digit in digits[firstSignificant..<end] + repeatElement(0, count: scale) {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
      guard !overflow1, !overflow2 else { throw Failure(reason: "\(name) is too large") }
      value = next
    }
    return value
  }

  /// Decodes a todo file from `bytes`.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) -> TodoFile {
    var reader = Reader(bytes: bytes)
    return try reader.file()
  }

  private struct Reader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>) {
      self.bytes = bytes
      // A UTF-8 byte order mark is allowed before the JSON.
      if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    mutating func file() throws(Failure) -> TodoFile {
      var version: Int?
      var todos: [Todo]?
      var unknown: [String] = []
      var seen = Set<String>()
      try object(depth: 0) { (reader: inout Reader, key: String) throws(Failure) in
        if !seen.insert(key).inserted { reader.noteDuplicate(key) }
        switch key {
        case "version":
          let value = try reader.integer(at: "version", depth: 1)
          if version == nil { version = value }
        case "todos":
          let list = try reader.todoList(unknown: &unknown)
          if todos == nil { todos = list }
        default:
          unknown.append(key)
          try reader.skipValue(depth: 1, in: key)
        }
      } wrongType: { "the file is not a JSON object" }
      skipWhitespace()
      guard position == bytes.count else { throw invalid() }
      guard let version else { throw Failure(reason: "version is missing") }
      guard let todos else { throw Failure(reason: "todos is missing") }
      var file = TodoFile(version: version, todos: todos)
      file.unknownFields = Array(unknown.prefix(5))
      file.duplicateKeys = duplicateKeys
      return file
    }

    /// Keys that occur twice in one object, first few only, as paths (`todos`, `todos[3].title`).
    var duplicateKeys: [String] = []

    mutating func noteDuplicate(_ path: String) {
      if duplicateKeys.count < 5 { duplicateKeys.append(path) }
    }

    mutating func todoList(unknown: inout [String]) throws(Failure) -> [Todo] {
      skipWhitespace()
      guard peek == UInt8(ascii: "[") else {
        try skipValue(depth: 1, in: "todos")
        throw Failure(reason: "todos has the wrong type")
      }
      position += 1
      var todos: [Todo] = []
      skipWhitespace()
      if peek == UInt8(ascii: "]") {
        position += 1
        return todos
      }
      while true {
        let index = todos.count
        var id: Int?
        var title: String?
        var isDone: Bool?
        // Empty until an unknown key is met, so a plain todo allocates nothing for it.
        var otherKeys = Set<String>()
        try object(depth: 2) { (reader: inout Reader, key: String) throws(Failure) in
          switch key {
          case "id":
            let value = try reader.integer(at: "todos[\(index)].id", depth: 3)
            if id == nil { id = value } else { reader.noteDuplicate("todos[\(index)].id") }
          case "title":
            let value = try reader.string(at: "todos[\(index)].title", depth: 3)
            if title == nil { title = value } else { reader.noteDuplicate("todos[\(index)].title") }
          case "isDone":
            let value = try reader.boolean(at: "todos[\(index)].isDone", depth: 3)
            if isDone == nil { isDone = value } else { reader.noteDuplicate("todos[\(index)].isDone") }
          default:
            if !otherKeys.insert(key).inserted { reader.noteDuplicate("todos[\(index)].\(key)") }
            if unknown.count < 5 { unknown.append("todos[\(index)].\(key)") }
            try reader.skipValue(depth: 3, in: "todos[\(index)].\(key)")
          }
        } wrongType: { "todos[\(index)] has the wrong type" }
        guard let id else { throw Failure(reason: "todos[\(index)].id is missing") }
        guard let title else { throw Failure(reason: "todos[\(index)].title is missing") }
        guard let isDone else { throw Failure(reason: "todos[\(index)].isDone is missing") }
        todos.append(Todo(id: id, title: title, isDone: isDone))
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "]"):
          position += 1
          return todos
        default: throw invalid()
        }
      }
    }

    /// Reads an object nested in `depth` containers, calling `field` with the reader placed at
    /// each value.
    mutating func object(
      depth: Int, _ field: (inout Reader, String) throws(Failure) -> Void, wrongType: () -> String
    ) throws(Failure) {
      skipWhitespace()
      guard peek == UInt8(ascii: "{") else {
        if position < bytes.count, isValueStart(bytes[position]) { throw Failure(reason: wrongType()) }
        throw invalid()
      }
      guard depth < TodoJSON.maximumDepth else { throw tooDeep() }
      position += 1
      skipWhitespace()
      if peek == UInt8(ascii: "}") {
        position += 1
        return
      }
      while true {
        let key = try key()
        try field(&self, key)
        skipWhitespace()
        switch peek {
        case UInt8(ascii: ","): position += 1
        case UInt8(ascii: "}"):
          position += 1
          return
        default: throw invalid()
        }
      }
    }

    /// An object's key and the colon after it.
    mutating func key() throws(Failure) -> String {
      skipWhitespace()
      let key = try rawString()
      skipWhitespace()
      guard peek == UInt8(ascii: ":") else { throw invalid() }
      position += 1
      return key
    }

    /// A whole number: written as one (`12`, `-3`) or in any other form JSON has for it
    /// (`1.0`, `1e2`, `-0.0`); a fraction or a number beyond `Int` says so.
    mutating func integer(at name: String, depth: Int) throws(Failure) -> Int {
      skipWhitespace()
      guard let first = peek, first == UInt8(ascii: "-") || isDigit(first) else {
        try skipValue(depth: depth, in: name)
        throw Failure(reason: "\(name) has the wrong type")
      }
      let start = position
      try skipNumber()
      return try TodoJSON.wholeNumber(UnsafeBufferPointer(rebasing: bytes[start..<position]), name: name)
    }

    mutating func boolean(at name: String, depth: Int) throws(Failure) -> Bool {
      skipWhitespace()
      if matches("true") { return true }
      if matches("false") { return false }
      try skipValue(depth: depth, in: name)
      throw Failure(reason: "\(name) has the wrong type")
    }

    mutating func string(at name: String, depth: Int) throws(Failure) -> String {
      skipWhitespace()
      guard peek == UInt8(ascii: "\"") else {
        try skipValue(depth: depth, in: name)
        throw Failure(reason: "\(name) has the wrong type")
      }
      return try rawString()
    }

    /// A string at the position: UTF-8 checked, escapes decoded.
    mutating func rawString() throws(Failure) -> String {
      guard peek == UInt8(ascii: "\"") else { throw invalid() }
      position += 1
      let start = position
      // Fast path: no escapes.
      while position < bytes.count {
        let byte = bytes[position]
        if byte == UInt8(ascii: "\"") {
          let slice = UnsafeBufferPointer(rebasing: bytes[start..<position])
          position += 1
          guard let text = String(validating: slice, as: UTF8.self) else { throw Failure(reason: "it holds text that is not valid UTF-8") }
          return text
        }
        if byte == UInt8(ascii: "\\") { break }
        if byte < 0x20 { throw invalid() }
        position += 1
      }
      var decoded = Array(bytes[start..<position])
      while position < bytes.count {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""):
          guard let text = String(validating: decoded, as: UTF8.self) else { throw Failure(reason: "it holds text that is not valid UTF-8") }
          return text
        case UInt8(ascii: "\\"):
          guard position < bytes.count else { throw invalid() }
          let escape = bytes[position]
          position += 1
          switch escape {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
          case UInt8(ascii: "b"): decoded.append(0x08)
          case UInt8(ascii: "f"): decoded.append(0x0C)
          case UInt8(ascii: "n"): decoded.append(0x0A)
          case UInt8(ascii: "r"): decoded.append(0x0D)
          case UInt8(ascii: "t"): decoded.append(0x09)
          case UInt8(ascii: "u"):
            var scalar = try hex4()
            if (0xD800..<0xDC00).contains(scalar) {
              guard matches("\\u") else { throw Failure(reason: "it holds a broken \\u escape (a lone surrogate)") }
              let low = try hex4()
              guard (0xDC00..<0xE000).contains(low) else { throw Failure(reason: "it holds a broken \\u escape (a lone surrogate)") }
              scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw Failure(reason: "it holds a broken \\u escape (a lone surrogate)") }
            decoded.append(contentsOf: String(Character(unicode)).utf8)
          default: throw invalid()
          }
        case 0..<0x20: throw invalid()
        default: decoded.append(byte)
        }
      }
      throw invalid()
    }

    mutating func hex4() throws(Failure) -> UInt32 {
      guard position + 4 <= bytes.count else { throw invalid() }
      var value: UInt32 = 0
      for _ in 0..<4 {
        let byte = bytes[position]
        let digit: UInt8
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
        default: throw invalid()
        }
        value = value << 4 | UInt32(digit)
        position += 1
      }
      return value
    }

    /// Skips any JSON value nested in `depth` containers (the field `name`), checking its
    /// syntax, its depth and its objects' keys.
    ///
    /// A loop with a stack of its own, not a recursion, so that a file nested a million levels
    /// deep is reported as too deep instead of overflowing the thread's stack.
    mutating func skipValue(depth: Int, in name: String) throws(Failure) {
      // The containers open inside the value, innermost last: an object's keys so far, or nil
      // for an array.
      var open: [Set<String>?] = []
      while true {
        // A value starts here.
        skipWhitespace()
        guard let byte = peek else { throw invalid() }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          guard depth + open.count < TodoJSON.maximumDepth else { throw tooDeep() }
          position += 1
          skipWhitespace()
          let isObject = byte == UInt8(ascii: "{")
          if peek == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            position += 1
          } else if isObject {
            open.append([try key()])
            continue
          } else {
            open.append(nil)
            continue
          }
        case UInt8(ascii: "\""): _ = try rawString()
        case UInt8(ascii: "t"): guard matches("true") else { throw invalid() }
        case UInt8(ascii: "f"): guard matches("false") else { throw invalid() }
        case UInt8(ascii: "n"): guard matches("null") else { throw invalid() }
        default: try skipNumber()
        }
        // A value ended: close what it ends, then go on to the next value, if any.
        while true {
          guard let keys = open.last else { return }
          skipWhitespace()
          if peek == UInt8(ascii: ",") {
            position += 1
            if keys != nil {
              let key = try key()
              if open[open.count - 1]!.insert(key).inserted == false { noteDuplicate("\(name)…\(key)") }
            }
            break
          }
          guard peek == (keys == nil ? UInt8(ascii: "]") : UInt8(ascii: "}")) else { throw invalid() }
          position += 1
          open.removeLast()
        }
      }
    }

    /// Skips a number, checking its syntax: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    mutating func skipNumber() throws(Failure) {
      guard position < bytes.count else { throw invalid() }
      if bytes[position] == UInt8(ascii: "-") { position += 1 }
      guard let first = peek, isDigit(first) else { throw invalid() }
      position += 1
      if first != UInt8(ascii: "0") { skipDigits() }
      if peek == UInt8(ascii: ".") {
        position += 1
        guard let digit = peek, isDigit(digit) else { throw invalid() }
        skipDigits()
      }
      if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
        position += 1
        if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
        guard let digit = peek, isDigit(digit) else { throw invalid() }
        skipDigits()
      }
    }

    mutating func skipDigits() {
      while let byte = peek, isDigit(byte) { position += 1 }
    }

    func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    func isValueStart(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "t"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        true
      default: false
      }
    }

    var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func matches(_ word: StaticString) -> Bool {
      let count = word.utf8CodeUnitCount
      guard position + count <= bytes.count else { return false }
      for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
      position += count
      return true
    }

    mutating func skipWhitespace() {
      while position < bytes.count {
        switch bytes[position] {
        case 0x20, 0x09, 0x0A, 0x0D: position += 1
        default: return
        }
      }
    }

    /// "it nests deeper than 512 levels (line L, column C)".
    func tooDeep() -> Failure {
      Failure(reason: "it nests deeper than \(TodoJSON.maximumDepth) levels (\(place))")
    }

    /// "it is not valid JSON (line L, column C)".
    func invalid() -> Failure {
      Failure(reason: "it is not valid JSON (\(place))")
    }

    /// "line L, column C" of the position, counting characters, not bytes.
    var place: String {
      var line = 1
      var column = 1
      for byte in bytes[..<min(position, bytes.count)] {
        if byte == 0x0A {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
      }
      return "line \(line), column \(column)"
    }
  }
}
