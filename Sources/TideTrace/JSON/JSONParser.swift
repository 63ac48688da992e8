/// Reads JSON text into a ``JSONValue``: one trace line at a time, straight from the file's
/// bytes, so opening a trace of a million actions does not go through Foundation.
package struct JSONParser {
  /// Why a text is not JSON, and the byte offset where that showed.
  package struct Failure: Error, Equatable, CustomStringConvertible {
    package var offset: Int
    package var reason: String
    package var description: String { "\(reason) at byte \(offset + 1)" }
  }

  private let bytes: UnsafeRawBufferPointer
  /// Off when only checking: containers and strings are walked, not built.
  private let keepsValues: Bool
  private var position = 0
  private var depth = 0

  /// Nesting beyond this is refused, so a hostile line cannot overflow the stack.
  private static let maximumDepth = 512

  /// Parses `bytes`, which must hold exactly one JSON value (spaces around it allowed).
  package static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
    var parser = JSONParser(bytes: bytes, keepsValues: true)
    return try parser.parseWhole()
  }

  /// Throws what ``parse(_:)`` would throw for `bytes`, building nothing: how a trace's index
  /// knows every line is JSON without the cost of reading each line's values.
  package static func check(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    var parser = JSONParser(bytes: bytes, keepsValues: false)
    _ = try parser.parseWhole()
  }

  private mutating func parseWhole() throws(Failure) -> JSONValue {
    skipSpaces()
    let value = try parseValue()
    skipSpaces()
    guard position == bytes.count else { throw failure("text after the JSON value") }
    return value
  }

  /// Parses the UTF-8 of `text`.
  package static func parse(_ text: String) throws(Failure) -> JSONValue {
    var text = text
    let result = text.withUTF8 { utf8 in Result { () throws(Failure) in try parse(UnsafeRawBufferPointer(utf8)) } }
    return try result.get()
  }

  private init(bytes: UnsafeRawBufferPointer, keepsValues: Bool) {
    self.bytes = bytes
    self.keepsValues = keepsValues
  }

  private func failure(_ reason: String) -> Failure {
    Failure(offset: position, reason: reason)
  }

  private mutating func skipSpaces() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  private mutating func expect(_ literal: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { throw failure("unexpected end of the line") }
    for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
      throw failure("unexpected character")
    }
    position += count
    return value
  }

  private mutating func parseValue() throws(Failure) -> JSONValue {
    guard position < bytes.count else { throw failure("unexpected end of the line") }
    switch bytes[position] {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""):
      let text = try parseString()
      return keepsValues ? .string(text) : .null
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character")
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maximumDepth { throw failure("nesting deeper than \(Self.maximumDepth) levels") }
  }

  private mutating func parseObject() throws(Failure) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var members: [JSONMember] = []
    skipSpaces()
    if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
      position += 1
      return keepsValues ? .object(members) : .null
    }
    while true {
      skipSpaces()
      guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
        throw failure(position < bytes.count ? "expected a key" : "unexpected end of the line")
      }
      let key = try parseString()
      skipSpaces()
      guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
        throw failure(position < bytes.count ? "expected ':'" : "unexpected end of the line")
      }
      position += 1
      skipSpaces()
      let value = try parseValue()
      if keepsValues { members.append(JSONMember(key: key, value: value)) }
      skipSpaces()
      guard position < bytes.count else { throw failure("unexpected end of the line") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "}"):
        position += 1
        return keepsValues ? .object(members) : .null
      default: throw failure("expected ',' or '}'")
      }
    }
  }

  private mutating func parseArray() throws(Failure) -> JSONValue {
    try enter()
    defer { depth -= 1 }
    position += 1
    var elements: [JSONValue] = []
    skipSpaces()
    if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
      position += 1
      return keepsValues ? .array(elements) : .null
    }
    while true {
      skipSpaces()
      let element = try parseValue()
      if keepsValues { elements.append(element) }
      skipSpaces()
      guard position < bytes.count else { throw failure("unexpected end of the line") }
      switch bytes[position] {
      case UInt8(ascii: ","): position += 1
      case UInt8(ascii: "]"):
        position += 1
        return keepsValues ? .array(elements) : .null
      default: throw failure("expected ',' or ']'")
      }
    }
  }

  private mutating func parseNumber() throws(Failure) -> JSONValue {
    guard keepsValues else {
      try checkNumber()
      return .null
    }
    let start = position
    var isInteger = true
    position += 1
    while position < bytes.count, Self.isNumberByte(bytes[position]) {
      if bytes[position] > UInt8(ascii: "9") || bytes[position] < UInt8(ascii: "0") { isInteger = false }
      position += 1
    }
    let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    if isInteger, let integer = Int64(text) { return .integer(integer) }
    guard let number = Double(text), number.isFinite else {
      position = start
      throw failure("malformed number")
    }
    return .number(number)
  }

  /// A number by JSON's grammar, converting nothing: `-? (0 | [1-9][0-9]*) (. [0-9]+)?
  /// ([eE] [+-]? [0-9]+)?`. Stricter than ``parseNumber()``'s conversion, which also takes what
  /// Swift's number parsing takes (`1.e5`, `01`); neither is JSON.
  private mutating func checkNumber() throws(Failure) {
    let start = position
    func digits() -> Int {
      let first = position
      while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
      return position - first
    }
    if bytes[position] == UInt8(ascii: "-") { position += 1 }
    let leading = position
    let whole = digits()
    var valid = whole > 0 && (whole == 1 || bytes[leading] != UInt8(ascii: "0"))
    if valid, position < bytes.count, bytes[position] == UInt8(ascii: ".") {
      position += 1
      valid = digits() > 0
    }
    if valid, position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
      position += 1
      if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
      valid = digits() > 0
    }
    guard valid, position == bytes.count || !Self.isNumberByte(bytes[position]) else {
      position = start
      throw failure("malformed number")
    }
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
      UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  private mutating func parseString() throws(Failure) -> String {
    position += 1
    let start = position
    // The common case: no escapes, so the string is the bytes as they are.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        let text = keepsValues ? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self) : ""
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure("control character in a string") }
      position += 1
    }
    var utf8 = Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { throw failure("unexpected end of the line") }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""): utf8.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): utf8.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): utf8.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): utf8.append(0x08)
        case UInt8(ascii: "f"): utf8.append(0x0C)
        case UInt8(ascii: "n"): utf8.append(0x0A)
        case UInt8(ascii: "r"): utf8.append(0x0D)
        case UInt8(ascii: "t"): utf8.append(0x09)
        case UInt8(ascii: "u"):
          var scalar = try parseHex4()
          if (0xD800..<0xDC00).contains(scalar) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
              bytes[position + 1] == UInt8(ascii: "u")
            else { throw failure("unpaired surrogate") }
            position += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw failure("unpaired surrogate") }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid escape") }
          utf8.append(contentsOf: String(Character(unicode)).utf8)
        default:
          throw failure("invalid escape")
        }
      default:
        if byte < 0x20 { throw failure("control character in a string") }
        utf8.append(byte)
        position += 1
      }
    }
    throw failure("unexpected end of the line")
  }

  private mutating func parseHex4() throws(Failure) -> UInt32 {
    guard position + 4 <= bytes.count else { throw failure("unexpected end of the line") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure("invalid \\u escape")
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }
}
