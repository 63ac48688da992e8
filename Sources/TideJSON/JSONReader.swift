/// Reads JSON text a piece at a time, straight from its bytes: the one JSON reader of the
/// package. ``JSONParser`` builds trees with it (a trace's lines), tide-demo reads its todo file
/// with it field by field, so that what is not a todo file is said with the field's name.
///
/// The text is held to RFC 8259: strings are valid UTF-8 with no raw control characters,
/// numbers follow JSON's grammar, and containers nest at most ``maximumDepth`` levels (deeper
/// is refused, never a stack overflow). A failure names its byte offset; ``place(of:)`` turns
/// that into a line and column.
package struct JSONReader {
  /// The text.
  package let bytes: UnsafeRawBufferPointer
  /// Where the next read starts.
  package var position = 0
  /// The containers open around the position.
  package private(set) var depth = 0

  /// Nesting beyond this is refused: far beyond any file Tide writes, far below what could
  /// exhaust a thread's stack.
  package static let maximumDepth = 512

  package init(_ bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The byte at the position, if any.
  package var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// Whether the byte at the position can start a JSON value.
  package var startsValue: Bool {
    switch peek {
    case UInt8(ascii: "\"")?, UInt8(ascii: "{")?, UInt8(ascii: "[")?, UInt8(ascii: "t")?, UInt8(ascii: "f")?,
      UInt8(ascii: "n")?, UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?:
      true
    default: false
    }
  }

  /// A failure of `kind` at the position.
  package func failure(_ kind: Failure.Kind) -> Failure {
    Failure(offset: position, kind: kind)
  }

  /// What is wrong at the position: the text ended, or it holds something else.
  private func unexpected(_ kind: Failure.Kind = .unexpectedCharacter) -> Failure {
    failure(position < bytes.count ? kind : .unexpectedEnd)
  }

  /// Moves past spaces, tabs and line breaks.
  package mutating func skipSpaces() {
    while position < bytes.count {
      switch bytes[position] {
      case 0x20, 0x09, 0x0A, 0x0D: position += 1
      default: return
      }
    }
  }

  /// The line and column (both from 1, columns counting characters, not bytes) of `offset`.
  package func place(of offset: Int) -> (line: Int, column: Int) {
    var line = 1
    var column = 1
    for byte in bytes[..<min(offset, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return (line, column)
  }

  // MARK: - Containers

  /// Enters the object or array whose `{` or `[` is at the position.
  private mutating func enter() throws(Failure) {
    guard depth < Self.maximumDepth else { throw failure(.tooDeep) }
    depth += 1
    position += 1
  }

  /// Enters the object at the position (its `{`); read its members with ``nextKey(after:)``.
  package mutating func enterObject() throws(Failure) {
    guard peek == UInt8(ascii: "{") else { throw unexpected() }
    try enter()
  }

  /// Enters the array at the position (its `[`); read its elements with ``nextElement(after:)``.
  package mutating func enterArray() throws(Failure) {
    guard peek == UInt8(ascii: "[") else { throw unexpected() }
    try enter()
  }

  /// The key of the object's next member, the reader then at its value; `nil` when the object
  /// ended (its `}` read). `count` is how many members were read before.
  package mutating func nextKey(after count: Int) throws(Failure) -> String? {
    guard try nextMember(after: count) else { return nil }
    let key = try string()
    try colon()
    return key
  }

  /// ``nextKey(after:)`` building no key: whether there is a next member.
  private mutating func skipKey(after count: Int) throws(Failure) -> Bool {
    guard try nextMember(after: count) else { return false }
    try skipString()
    try colon()
    return true
  }

  /// Reads past the `,` before a member or the `}` after the last: whether a member's key
  /// (its opening quote) is at the position.
  private mutating func nextMember(after count: Int) throws(Failure) -> Bool {
    skipSpaces()
    if try closes(UInt8(ascii: "}"), after: count, else: .expectedCommaOrBrace) { return false }
    guard peek == UInt8(ascii: "\"") else { throw unexpected(.expectedKey) }
    return true
  }

  private mutating func colon() throws(Failure) {
    skipSpaces()
    guard peek == UInt8(ascii: ":") else { throw unexpected(.expectedColon) }
    position += 1
    skipSpaces()
  }

  /// Whether the array has a next element, the reader then at it; `false` when it ended (its
  /// `]` read). `count` is how many elements were read before.
  package mutating func nextElement(after count: Int) throws(Failure) -> Bool {
    skipSpaces()
    if try closes(UInt8(ascii: "]"), after: count, else: .expectedCommaOrBracket) { return false }
    return true
  }

  /// Reads the container's `closing` byte (leaving it) or, after its first item, the `,`
  /// before the next, then the spaces after it.
  private mutating func closes(_ closing: UInt8, after count: Int, else kind: Failure.Kind) throws(Failure) -> Bool {
    if peek == closing {
      position += 1
      depth -= 1
      return true
    }
    guard count > 0 else { return false }
    guard peek == UInt8(ascii: ",") else { throw unexpected(kind) }
    position += 1
    skipSpaces()
    return false
  }

  // MARK: - Scalars

  /// Reads `true` or `false` if one is at the position.
  package mutating func bool() -> Bool? {
    if matches("true") { return true }
    if matches("false") { return false }
    return nil
  }

  /// Reads `true`, `false` or `null`, whichever is at the position.
  package mutating func literal() throws(Failure) {
    switch peek {
    case UInt8(ascii: "t")?: if matches("true") { return }
    case UInt8(ascii: "f")?: if matches("false") { return }
    case UInt8(ascii: "n")?: if matches("null") { return }
    default: break
    }
    let rest = bytes.count - position
    throw failure(rest < 4 || (rest == 4 && peek == UInt8(ascii: "f")) ? .unexpectedEnd : .unexpectedCharacter)
  }

  private mutating func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
    position += count
    return true
  }

  /// The bytes of the number at the position, held to JSON's grammar: `-? (0 | [1-9][0-9]*)
  /// (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, and no digit, `.`, `e` or sign right after it.
  package mutating func number() throws(Failure) -> Range<Int> {
    let start = position
    func digits() -> Int {
      let first = position
      while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
      return position - first
    }
    if peek == UInt8(ascii: "-") { position += 1 }
    let leading = position
    let whole = digits()
    var valid = whole > 0 && (whole == 1 || bytes[leading] != UInt8(ascii: "0"))
    if valid, peek == UInt8(ascii: ".") {
      position += 1
      valid = digits() > 0
    }
    if valid, peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      position += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
      valid = digits() > 0
    }
    guard valid, !(peek.map(Self.isNumberByte) ?? false) else {
      position = start
      throw failure(.malformedNumber)
    }
    return start..<position
  }

  private static func isNumberByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
      UInt8(ascii: "+"), UInt8(ascii: "-"):
      true
    default: false
    }
  }

  /// The number at the position as the `Int` it stands for, in whatever form it is written.
  package mutating func integer() throws(Failure) -> ExactInteger {
    let range = try number()
    return ExactInteger(UnsafeRawBufferPointer(rebasing: bytes[range]))
  }

  /// The string at the position, escapes decoded.
  package mutating func string() throws(Failure) -> String {
    try scanString(building: true)
  }

  /// Reads past the string at the position, checking it as ``string()`` does.
  package mutating func skipString() throws(Failure) {
    _ = try scanString(building: false)
  }

  /// A string's UTF-8 is checked when it has ended, so that text cut off inside a string is
  /// said to end early, not to hold broken UTF-8.
  private mutating func scanString(building: Bool) throws(Failure) -> String {
    guard peek == UInt8(ascii: "\"") else { throw unexpected() }
    position += 1
    let start = position
    var isASCII = true
    // The common case: no escapes, so the string is the bytes as they are.
    while position < bytes.count {
      let byte = bytes[position]
      if byte == UInt8(ascii: "\"") {
        if !isASCII { try checkUTF8(start..<position) }
        let text = building ? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self) : ""
        position += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure(.controlCharacter) }
      if byte >= 0x80 { isASCII = false }
      position += 1
    }
    var utf8 = building ? Array(UnsafeRawBufferPointer(rebasing: bytes[start..<position])) : []
    while position < bytes.count {
      let byte = bytes[position]
      switch byte {
      case UInt8(ascii: "\""):
        // Escapes are ASCII: checking the raw bytes checks what they hold between escapes.
        if !isASCII { try checkUTF8(start..<position) }
        position += 1
        return String(decoding: utf8, as: UTF8.self)
      case UInt8(ascii: "\\"):
        position += 1
        guard position < bytes.count else { throw failure(.unexpectedEnd) }
        let escaped = bytes[position]
        position += 1
        let decoded: UInt8
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded = escaped
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"):
          let scalar = try escapedScalar()
          if building { utf8.append(contentsOf: String(Character(scalar)).utf8) }
          continue
        default:
          position -= 2
          throw failure(.invalidEscape)
        }
        if building { utf8.append(decoded) }
      default:
        if byte < 0x20 { throw failure(.controlCharacter) }
        if byte >= 0x80 { isASCII = false }
        if building { utf8.append(byte) }
        position += 1
      }
    }
    throw failure(.unexpectedEnd)
  }

  /// The scalar of a `\uXXXX` escape (the reader past its `\u`), a surrogate pair taking two.
  private mutating func escapedScalar() throws(Failure) -> Unicode.Scalar {
    let start = position - 2
    var scalar = try hex4()
    if (0xD800..<0xDC00).contains(scalar) {
      guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") else {
        position = start
        throw failure(.unpairedSurrogate)
      }
      position += 2
      let low = try hex4()
      guard (0xDC00..<0xE000).contains(low) else {
        position = start
        throw failure(.unpairedSurrogate)
      }
      scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
    }
    guard let unicode = Unicode.Scalar(scalar) else {
      position = start
      throw failure(.unpairedSurrogate)
    }
    return unicode
  }

  private mutating func hex4() throws(Failure) -> UInt32 {
    guard position + 4 <= bytes.count else { throw failure(.unexpectedEnd) }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw failure(.invalidHexEscape)
      }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  /// Checks that `range` holds UTF-8 (``utf8SequenceLength(_:at:end:)``). A failure names the
  /// first byte of the broken sequence.
  private func checkUTF8(_ range: Range<Int>) throws(Failure) {
    var index = range.lowerBound
    while index < range.upperBound {
      if bytes[index] < 0x80 {
        index += 1
        continue
      }
      guard let length = Self.utf8SequenceLength(bytes.baseAddress!, at: index, end: range.upperBound) else {
        throw Failure(offset: index, kind: .invalidUTF8)
      }
      index += length
    }
  }

  /// The length of the UTF-8 sequence of two to four bytes that starts at `index` (a byte of
  /// 0x80 or more) and ends by `end`; `nil` when it is broken: a stray continuation byte, an
  /// overlong form, a surrogate, beyond U+10FFFF. The reader and ``JSONQuickCheck`` hold
  /// strings to it alike.
  @inline(__always)
  static func utf8SequenceLength(_ bytes: UnsafeRawPointer, at index: Int, end: Int) -> Int? {
    let lead = bytes.load(fromByteOffset: index, as: UInt8.self)
    let length: Int
    var second: ClosedRange<UInt8> = 0x80...0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: (length, second) = (3, 0xA0...0xBF)
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: (length, second) = (3, 0x80...0x9F)
    case 0xF0: (length, second) = (4, 0x90...0xBF)
    case 0xF1...0xF3: length = 4
    case 0xF4: (length, second) = (4, 0x80...0x8F)
    default: return nil
    }
    guard index + length <= end, second.contains(bytes.load(fromByteOffset: index + 1, as: UInt8.self)) else { return nil }
    for offset in 2..<length where bytes.load(fromByteOffset: index + offset, as: UInt8.self) & 0xC0 != 0x80 { return nil }
    return length
  }

  // MARK: - Any value

  /// Reads past the value at the position, checking all of it as the other reads do and
  /// building nothing. `duplicateKey`, when given, hears of each key an object inside holds
  /// twice (at its second occurrence).
  package mutating func skipValue(duplicateKey: ((String) -> Void)? = nil) throws(Failure) {
    switch peek {
    case UInt8(ascii: "{")?:
      try enterObject()
      var count = 0
      if let duplicateKey {
        var seen = Set<String>()
        while let key = try nextKey(after: count) {
          if !seen.insert(key).inserted { duplicateKey(key) }
          try skipValue(duplicateKey: duplicateKey)
          count += 1
        }
      } else {
        while try skipKey(after: count) {
          try skipValue()
          count += 1
        }
      }
    case UInt8(ascii: "[")?:
      try enterArray()
      var count = 0
      while try nextElement(after: count) {
        try skipValue(duplicateKey: duplicateKey)
        count += 1
      }
    case UInt8(ascii: "\"")?: try skipString()
    case UInt8(ascii: "t")?, UInt8(ascii: "f")?, UInt8(ascii: "n")?: try literal()
    case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?: try checkNumberFits(try number())
    default: throw unexpected()
    }
  }

  /// Refuses a number ``JSONParser`` cannot hold as a `Double` either (`1e999`, four hundred
  /// digits), as it does, so that what the check passes the parser reads. Only a number with an
  /// exponent or of more than 18 characters can be one.
  private func checkNumberFits(_ range: Range<Int>) throws(Failure) {
    let text = UnsafeRawBufferPointer(rebasing: bytes[range])
    guard text.count > 18 || text.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) else { return }
    let string = String(decoding: text, as: UTF8.self)
    if Int64(string) != nil || UInt64(string) != nil { return }
    guard let number = Double(string), number.isFinite else { throw Failure(offset: range.lowerBound, kind: .malformedNumber) }
  }

  /// Checks that nothing but spaces follows.
  package mutating func end() throws(Failure) {
    skipSpaces()
    guard position == bytes.count else { throw failure(.textAfterValue) }
  }
}
