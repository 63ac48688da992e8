/// Turns the bytes of a key script into steps; see ``KeyScript`` for the format.
///
/// It works on UTF-8 bytes and decodes one Unicode scalar at a time, never grapheme clusters, so
/// a quote, `#` or blank is recognised even when a combining mark or modifier follows it, and
/// invalid UTF-8 is found at its exact line and column. Nothing proportional to a line is kept
/// besides the values the steps hold.
struct KeyScriptParser {
  let file: String

  func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(KeyScriptError) -> [KeyScript.Step] {
    var steps: [KeyScript.Step] = []
    var lineStart = 0
    // A byte-order mark some editors write is not part of the first line.
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
      lineStart = 3
    }
    var lineNumber = 1
    while true {
      var end = lineStart
      while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
      var contentEnd = end
      // CRLF ends a line as LF does; a CR anywhere else is a character of the line.
      if end < bytes.count, contentEnd > lineStart, bytes[contentEnd - 1] == UInt8(ascii: "\r") {
        contentEnd -= 1
      }
      var line = KeyScriptLineParser(
        bytes: UnsafeBufferPointer(rebasing: bytes[lineStart..<contentEnd]), file: file, line: lineNumber)
      if let step = try line.parse() {
        steps.append(step)
      }
      guard end < bytes.count else { break }
      lineStart = end + 1
      lineNumber += 1
    }
    return steps
  }
}

/// Parses one line (without its line ending) into a step, reading tokens as it goes.
struct KeyScriptLineParser {
  enum TokenKind: Equatable {
    case word
    case string
  }

  struct Token {
    var kind: TokenKind
    var text: String
    /// The byte offset of the token's first scalar in the line.
    var start: Int
    /// 1-based column (in scalars) of the token's first scalar (the opening quote for strings).
    var column: Int
    /// 1-based column just past the token.
    var endColumn: Int

    /// The token for a message: `'word'` (cut and escaped) or `a quoted string`.
    var quoted: String {
      kind == .string ? "a quoted string" : "'\(escapedExcerpt(text, limit: 40))'"
    }
  }

  static let commandList = "keys, type, paste, wait, resize, expect, expect-not, expect-style, expect-title, expect-copied, screen, click or scroll"

  let bytes: UnsafeBufferPointer<UInt8>
  let file: String
  let line: Int
  /// The byte offset of the next scalar to read.
  private var position = 0
  /// The 1-based scalar column of `position`.
  private var column = 1
  /// Where the command's text starts and ends (bytes), for the step's source.
  private var sourceStart = 0
  private var sourceEnd = 0

  init(bytes: UnsafeBufferPointer<UInt8>, file: String, line: Int) {
    self.bytes = bytes
    self.file = file
    self.line = line
  }

  func error(_ column: Int, _ message: String) -> KeyScriptError {
    KeyScriptError(file: file, line: line, column: column, message: message)
  }

  mutating func parse() throws(KeyScriptError) -> KeyScript.Step? {
    guard let command = try nextToken() else { return nil }
    sourceStart = command.start
    guard command.kind == .word else {
      throw error(command.column, "expected a command, found a quoted string")
    }
    let step: KeyScript.Command
    switch command.text {
    case "keys":
      var keys = KeyList()
      while let argument = try nextToken() {
        guard argument.kind == .word else {
          throw error(argument.column, "'keys' takes key names, found a quoted string (use 'type' for text)")
        }
        guard let key = Key(token: argument.text) else {
          throw error(argument.column, "unknown key \(argument.quoted)")
        }
        keys.append(key)
      }
      guard !keys.isEmpty else {
        throw error(command.endColumn, "'keys' needs at least one key")
      }
      step = .keys(keys)
    case "type":
      step = .type(try text(for: command))
    case "paste":
      step = .paste(try text(for: command))
    case "expect":
      step = .expect(try text(for: command))
    case "expect-not":
      step = .expectNot(try text(for: command))
    case "expect-title", "expect-copied":
      guard let argument = try nextToken(), argument.kind == .string else {
        throw error(command.endColumn, "'\(command.text)' needs a quoted string")
      }
      try rejectExtra()
      step = command.text == "expect-title" ? .expectTitle(argument.text) : .expectCopied(argument.text)
    case "program":
      step = .program(try programOutcome(after: command))
    case "expect-style":
      guard let argument = try nextToken(), argument.kind == .string, !argument.text.isEmpty else {
        throw error(command.endColumn, "'expect-style' needs a non-empty quoted string, then a theme role")
      }
      guard let role = try nextToken() else {
        throw error(argument.endColumn, "'expect-style' needs a theme role after its string (\(Theme.roleNames.joined(separator: ", ")))")
      }
      guard role.kind == .word, Theme.roleNames.contains(role.text) else {
        throw error(
          role.column, "unknown theme role \(role.quoted) (expected \(Theme.roleNames.joined(separator: ", ")))")
      }
      try rejectExtra()
      step = .expectStyle(argument.text, role: role.text)
    case "wait":
      let argument = try word(for: command, named: "a duration (e.g. 250ms, 1.5s, 2m, 1h30m)")
      step = .wait(try duration(argument))
    case "resize":
      let argument = try word(for: command, named: "a size (e.g. 100x30)")
      do {
        step = .resize(try TerminalSize(parsing: argument.text))
      } catch {
        throw self.error(argument.column, error.message)
      }
    case "screen":
      if let extra = try nextToken() {
        throw error(extra.column, "'screen' takes no arguments, found \(extra.quoted)")
      }
      step = .screen
    case "click":
      step = .click(try pointerTarget(for: command))
    case "scroll":
      guard let direction = try nextToken() else {
        throw error(command.endColumn, "'scroll' needs a direction, up or down")
      }
      let scrollDirection: KeyScript.ScrollDirection
      switch (direction.kind, direction.text) {
      case (.word, "up"): scrollDirection = .up
      case (.word, "down"): scrollDirection = .down
      default: throw error(direction.column, "'scroll' needs a direction, up or down, found \(direction.quoted)")
      }
      guard var next = try nextToken() else {
        throw error(direction.endColumn, "'scroll' needs 'at' and a place (e.g. scroll down 3 at 12 5)")
      }
      var notches = 1
      if next.kind == .word, next.text != "at" {
        notches = try number(next, in: 1...100, named: "a number of notches")
        guard let following = try nextToken() else {
          throw error(next.endColumn, "'scroll' needs 'at' and a place (e.g. scroll down 3 at 12 5)")
        }
        next = following
      }
      guard next.kind == .word, next.text == "at" else {
        throw error(next.column, "'scroll' needs 'at' before its place, found \(next.quoted)")
      }
      step = .scroll(scrollDirection, notches: notches, at: try pointerTarget(for: next))
    default:
      throw error(command.column, "unknown command \(command.quoted) (expected \(Self.commandList))")
    }
    return KeyScript.Step(command: step, line: line, source: source())
  }

  /// The text from the command to the end of its last token, cut and escaped for messages.
  private func source() -> String {
    // Decode at most a bounded prefix: a huge line is not copied a second time.
    let limit = KeyScript.Step.sourceLimit
    var end = sourceStart
    var scalars = 0
    while end < sourceEnd, scalars <= limit * 4 {
      end += Self.sequenceLength(bytes[end])
      scalars += 1
    }
    let prefix = String(decoding: UnsafeBufferPointer(rebasing: bytes[sourceStart..<end]), as: UTF8.self)
    let excerpt = escapedExcerpt(prefix, limit: limit, keepingTabs: true)
    if end < sourceEnd, !excerpt.hasSuffix("…") {
      return excerpt + "…"
    }
    return excerpt
  }

  // MARK: Arguments

  mutating func text(for command: Token) throws(KeyScriptError) -> String {
    guard let argument = try nextToken() else {
      throw error(command.endColumn, "'\(command.text)' needs a quoted string")
    }
    guard argument.kind == .string else {
      throw error(argument.column, "'\(command.text)' needs a quoted string, found \(argument.quoted)")
    }
    guard !argument.text.isEmpty else {
      throw error(argument.column, "'\(command.text)' needs a non-empty string")
    }
    try rejectExtra()
    return argument.text
  }

  mutating func word(for command: Token, named name: String) throws(KeyScriptError) -> Token {
    guard let argument = try nextToken() else {
      throw error(command.endColumn, "'\(command.text)' needs \(name)")
    }
    guard argument.kind == .word else {
      throw error(argument.column, "'\(command.text)' needs \(name), found a quoted string")
    }
    try rejectExtra()
    return argument
  }

  /// A place on the screen after `command` (`click`, or the `at` of `scroll`): a column and a
  /// row, 1-based, or a quoted text.
  mutating func pointerTarget(for command: Token) throws(KeyScriptError) -> KeyScript.PointerTarget {
    let needed = "'\(command.text)' needs a column and a row (e.g. 12 5) or a quoted text"
    guard let first = try nextToken() else { throw error(command.endColumn, needed) }
    if first.kind == .string {
      guard !first.text.isEmpty else { throw error(first.column, "'\(command.text)' needs a non-empty string") }
      try rejectExtra()
      return .text(first.text)
    }
    let column = try number(first, in: TerminalSize.parsableRange, named: "a column")
    guard let second = try nextToken() else { throw error(first.endColumn, needed) }
    guard second.kind == .word else { throw error(second.column, "'\(command.text)' needs a row, found a quoted string") }
    let row = try number(second, in: TerminalSize.parsableRange, named: "a row")
    try rejectExtra()
    return .cell(column: column, row: row)
  }

  /// `exits STATUS`, `killed SIGNAL` or `fails "REASON"` after `program`: how the programs the
  /// app hands the terminal to end in the replay's stead.
  mutating func programOutcome(after command: Token) throws(KeyScriptError) -> ExternalProgram.Outcome {
    let needed = "'program' needs how the program ends: exits STATUS, killed SIGNAL or fails \"REASON\""
    guard let how = try nextToken() else { throw error(command.endColumn, needed) }
    let outcome: ExternalProgram.Outcome
    switch (how.kind, how.text) {
    case (.word, "exits"):
      guard let status = try nextToken() else { throw error(how.endColumn, "'program exits' needs a status from 0 to 255") }
      outcome = .exited(Int32(try number(status, in: 0...255, named: "a status")))
    case (.word, "killed"):
      guard let signal = try nextToken() else { throw error(how.endColumn, "'program killed' needs a signal from 1 to 64") }
      outcome = .killed(signal: Int32(try number(signal, in: 1...64, named: "a signal")))
    case (.word, "fails"):
      guard let reason = try nextToken(), reason.kind == .string else {
        throw error(how.endColumn, "'program fails' needs a quoted reason")
      }
      outcome = .couldNotStart(reason.text)
    default:
      throw error(how.column, needed + ", found \(how.quoted)")
    }
    try rejectExtra()
    return outcome
  }

  /// A whole number within `range` written as decimal digits.
  func number(_ token: Token, in range: ClosedRange<Int>, named name: String) throws(KeyScriptError) -> Int {
    guard token.kind == .word, !token.text.isEmpty, token.text.count <= 7, token.text.allSatisfy(\.isASCIIDigit),
      let value = Int(token.text), range.contains(value)
    else {
      throw error(token.column, "expected \(name) from \(range.lowerBound) to \(range.upperBound), found \(token.quoted)")
    }
    return value
  }

  mutating func rejectExtra() throws(KeyScriptError) {
    if let extra = try nextToken() {
      throw error(extra.column, "unexpected extra argument \(extra.quoted)")
    }
  }

  /// The longest `wait`: a day. Longer is surely a mistake (a recorded pause is far shorter),
  /// and it would make a replay run for as long as the clock takes to get there.
  static let longestWait = Duration.seconds(24 * 60 * 60)

  /// One `NUMBER UNIT` or several, largest unit first, each unit at most once (`250ms`, `1.5s`,
  /// `2m`, `24m59s`, `1h30m`, `1m30.5s`); units `h`, `m`, `s`, `ms`; only the last part may
  /// have a decimal part, whose digits below a nanosecond are dropped. At most 24 h.
  func duration(_ token: Token) throws(KeyScriptError) -> Duration {
    let invalid = error(
      token.column, "invalid duration \(token.quoted) (expected numbers with units: 250ms, 1.5s, 2m, 1h30m)")
    let tooLong = error(token.column, "duration \(token.quoted) is longer than 24h, the longest a wait may be")
    let units: [(name: String, nanoseconds: Int64)] = [
      ("h", 3_600_000_000_000), ("m", 60_000_000_000), ("s", 1_000_000_000), ("ms", 1_000_000),
    ]
    let longest = Int64(Self.longestWait.components.seconds) * 1_000_000_000
    var rest = Substring(token.text)
    var nextUnit = 0
    var total: Int64 = 0
    var sawFraction = false
    while !rest.isEmpty {
      // A number: digits, then perhaps a point and more digits.
      guard !sawFraction else { throw invalid }
      let whole = rest.prefix(while: \.isASCIIDigit)
      guard !whole.isEmpty else { throw invalid }
      rest = rest.dropFirst(whole.count)
      var fraction: Substring = ""
      if rest.first == "." {
        fraction = rest.dropFirst().prefix(while: \.isASCIIDigit)
        guard !fraction.isEmpty else { throw invalid }
        rest = rest.dropFirst(1 + fraction.count)
        sawFraction = true
      }
      // Its unit: `ms` before `m`, and each smaller than the one before.
      guard let index = units.indices.dropFirst(nextUnit).first(where: { index in
        rest.hasPrefix(units[index].name) && !(units[index].name == "m" && rest.hasPrefix("ms"))
      }) else { throw invalid }
      rest = rest.dropFirst(units[index].name.count)
      nextUnit = index + 1
      let unitNanoseconds = units[index].nanoseconds
      // Past a day in any one part: too long, whatever the digits (and no overflow).
      guard whole.count <= 18, let wholeValue = Int64(whole), wholeValue <= longest / unitNanoseconds else { throw tooLong }
      // Exact decimal arithmetic: every unit is a multiple of 10^6 ns, so each digit's share is
      // an integer until the digits go below a nanosecond, where they are dropped.
      var part = wholeValue * unitNanoseconds
      var digitValue = unitNanoseconds
      for digit in fraction where digitValue % 10 == 0 {
        digitValue /= 10
        part += Int64(digit.asciiValue! - UInt8(ascii: "0")) * digitValue
      }
      total += part
      guard total <= longest else { throw tooLong }
    }
    guard !token.text.isEmpty else { throw invalid }
    guard total > 0 else { throw error(token.column, "duration must be greater than zero") }
    return .nanoseconds(total)
  }

  // MARK: Tokens

  /// The next word or quoted string, or `nil` at the end of the line or at a comment (whose
  /// bytes are still checked to be UTF-8).
  mutating func nextToken() throws(KeyScriptError) -> Token? {
    while let next = try peek() {
      switch next.scalar {
      case " ", "\t":
        advance(next.length)
      case "#":
        while let rest = try peek() { advance(rest.length) }
        return nil
      case "\"":
        return try string()
      default:
        try rejectOutsideQuotes(next.scalar)
        return try word()
      }
    }
    return nil
  }

  private mutating func word() throws(KeyScriptError) -> Token {
    let start = position
    let startColumn = column
    while let next = try peek() {
      let scalar = next.scalar
      if scalar == " " || scalar == "\t" || scalar == "#" || scalar == "\"" { break }
      try rejectOutsideQuotes(scalar)
      advance(next.length)
    }
    sourceEnd = position
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
    return Token(kind: .word, text: text, start: start, column: startColumn, endColumn: column)
  }

  /// A quoted string; the escapes are `\"`, `\\`, `\n`, `\r`, `\t` and `\u{HEX}`.
  private mutating func string() throws(KeyScriptError) -> Token {
    let startColumn = column
    let start = position
    advance(1)
    let contentStart = position
    var text = ""
    // Text is copied in runs between escapes, so an escape-free string is one exact-size copy.
    var runStart = position
    while true {
      guard let next = try peek() else {
        throw error(startColumn, "unterminated string")
      }
      if next.scalar == "\"" {
        break
      }
      if next.scalar != "\\" {
        advance(next.length)
        continue
      }
      if text.isEmpty { text.reserveCapacity(bytes.count - contentStart) }
      text += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<position]), as: UTF8.self)
      let escapeColumn = column
      advance(1)
      guard let next = try peek() else {
        throw error(startColumn, "unterminated string")
      }
      advance(next.length)
      let escaped = next.scalar
      switch escaped {
      case "\"", "\\": text.unicodeScalars.append(escaped)
      case "n": text += "\n"
      case "r": text.unicodeScalars.append("\r")
      case "t": text += "\t"
      case "u": text.unicodeScalars.append(try unicodeEscape(startingAt: escapeColumn))
      default:
        throw error(
          escapeColumn,
          "invalid escape '\\\(escapedExcerpt(String(escaped), limit: 1))' "
            + #"(allowed: \" \\ \n \r \t \u{HEX})"#)
      }
      runStart = position
    }
    text += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<position]), as: UTF8.self)
    advance(1)
    sourceEnd = position
    return Token(kind: .string, text: text, start: start, column: startColumn, endColumn: column)
  }

  /// The scalar of `\u{HEX}` after its `u`: 1 to 8 hex digits naming a Unicode scalar value.
  private mutating func unicodeEscape(startingAt escapeColumn: Int) throws(KeyScriptError) -> Unicode.Scalar {
    let invalid = error(escapeColumn, #"invalid escape: \u needs 1 to 8 hex digits in braces, like \u{1F600}"#)
    guard let open = try peek(), open.scalar == "{" else { throw invalid }
    advance(1)
    var value: UInt32 = 0
    var digits = 0
    while let next = try peek(), next.scalar != "}" {
      guard digits < 8, next.scalar.isASCII, let digit = UInt32(String(next.scalar), radix: 16) else {
        throw invalid
      }
      value = value << 4 | digit
      digits += 1
      advance(1)
    }
    // The loop ended at the closing brace or at the end of the line.
    guard digits > 0, try peek() != nil else { throw invalid }
    advance(1)
    guard let scalar = Unicode.Scalar(value) else {
      throw error(escapeColumn, "invalid escape: U+\(String(value, radix: 16, uppercase: true)) is not a Unicode scalar")
    }
    return scalar
  }

  /// Outside quotes only space and tab are blanks; another control character (VT, FF, NEL, a
  /// lone CR…) or U+2028/U+2029 is an error rather than a line break the parser would not see.
  private func rejectOutsideQuotes(_ scalar: Unicode.Scalar) throws(KeyScriptError) {
    guard isEscapedInMessages(scalar) else { return }
    throw error(
      column,
      "unexpected control character '\(escapedExcerpt(String(scalar), limit: 1))' outside quotes "
        + "(only LF or CRLF end a line; use a quoted string for text)")
  }

  // MARK: Scalars

  private mutating func advance(_ length: Int) {
    position += length
    column += 1
  }

  /// A scalar read from the line and its length in bytes.
  struct Decoded {
    var scalar: Unicode.Scalar
    var length: Int
  }

  /// The scalar at `position`, or `nil` at the end of the line.
  private func peek() throws(KeyScriptError) -> Decoded? {
    guard position < bytes.count else { return nil }
    let first = bytes[position]
    if first < 0x80 {
      return Decoded(scalar: Unicode.Scalar(first), length: 1)
    }
    if let decoded = Self.decode(bytes, at: position) {
      return decoded
    }
    let shown = bytes[position..<min(position + 4, bytes.count)]
      .prefix { $0 >= 0x80 }
      .map { "0x" + String($0, radix: 16, uppercase: true) }
      .joined(separator: " ")
    throw error(column, "invalid UTF-8 (bytes \(shown)); key scripts are UTF-8 text")
  }

  /// Decodes the multi-byte UTF-8 sequence at `index`; `nil` if it is malformed, overlong, a
  /// surrogate or beyond U+10FFFF.
  static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Decoded? {
    let first = bytes[index]
    let length: Int
    var value: UInt32
    let minimum: UInt32
    switch first {
    case 0xC2...0xDF: (length, value, minimum) = (2, UInt32(first & 0x1F), 0x80)
    case 0xE0...0xEF: (length, value, minimum) = (3, UInt32(first & 0x0F), 0x800)
    case 0xF0...0xF4: (length, value, minimum) = (4, UInt32(first & 0x07), 0x10000)
    default: return nil
    }
    guard index + length <= bytes.count else { return nil }
    for offset in 1..<length {
      let next = bytes[index + offset]
      guard next & 0xC0 == 0x80 else { return nil }
      value = value << 6 | UInt32(next & 0x3F)
    }
    guard value >= minimum, let scalar = Unicode.Scalar(value) else { return nil }
    return Decoded(scalar: scalar, length: length)
  }

  /// The length of the UTF-8 sequence starting with `first` (valid input assumed).
  static func sequenceLength(_ first: UInt8) -> Int {
    switch first {
    case 0..<0xC0: return 1
    case 0xC0..<0xE0: return 2
    case 0xE0..<0xF0: return 3
    default: return 4
    }
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool {
    guard let ascii = asciiValue else { return false }
    return ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9")
  }
}
