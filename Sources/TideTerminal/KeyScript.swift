/// A parsed `.keys` script: the steps a replay performs, in order.
///
/// The format is line-oriented UTF-8. `#` starts a comment anywhere outside quotes (so press `#`
/// with `type "#"`), blank lines are ignored, and each other line is one command:
///
/// ```
/// keys tab tab a          # key tokens, see Key(token:)
/// type "buy milk"         # each character typed as a key; \" and \\ are the only escapes
/// wait 1.5s               # advance the clock: a decimal number and ms, s or m; must be > 0
/// resize 100x30           # COLUMNSxROWS, 1x1 up to 1000x1000
/// expect "1 item left"    # the screen must contain the text (non-empty)
/// expect-not "Count"      # the screen must not contain it
/// screen                  # print the screen
/// ```
///
/// `wait 0s` is rejected rather than ignored: the replay settles after every line anyway, so a
/// zero wait can only be a mistake. Columns in errors count characters, not bytes.
public struct KeyScript: Hashable, Sendable {
  /// One command of a script and where it came from.
  public struct Step: Hashable, Sendable {
    /// What to do.
    public var command: Command
    /// The 1-based line the command is on.
    public var line: Int
    /// The command's text as written, without comment and surrounding blanks, for frame headers and errors.
    public var source: String

    /// A step running `command`, written as `source` on `line`.
    public init(command: Command, line: Int, source: String) {
      self.command = command
      self.line = line
      self.source = source
    }
  }

  /// A script command.
  public enum Command: Hashable, Sendable {
    /// Press these keys in order.
    case keys([Key])
    /// Type each character of the text as a key.
    case type(String)
    /// Paste the text at once, as one bracketed paste.
    case paste(String)
    /// Advance the clock by this much.
    case wait(Duration)
    /// Resize the terminal.
    case resize(TerminalSize)
    /// The screen must contain the text.
    case expect(String)
    /// The screen must not contain the text.
    case expectNot(String)
    /// Print the current screen.
    case screen

    /// The keys this command presses: the keys of ``keys(_:)``, the characters of ``type(_:)``, else none.
    public var pressedKeys: [Key] {
      switch self {
      case .keys(let keys): return keys
      case .type(let text): return text.map(Key.character)
      default: return []
      }
    }
  }

  /// The script's file name, used in error messages.
  public var file: String
  /// The commands, in order.
  public var steps: [Step]

  /// Parses `text`; `file` names the script in errors. Throws the first error found.
  public init(parsing text: String, file: String = "<script>") throws(KeyScriptError) {
    self.file = file
    var steps: [Step] = []
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (offset, line) in lines.enumerated() {
      let parser = LineParser(characters: Array(line), file: file, line: offset + 1)
      if let step = try parser.parse() {
        steps.append(step)
      }
    }
    self.steps = steps
  }
}

/// Parses one line of a key script into a step.
private struct LineParser {
  enum TokenKind: Equatable {
    case word
    case string
  }

  struct Token {
    var kind: TokenKind
    var text: String
    /// 1-based column of the token's first character (the opening quote for strings).
    var column: Int
    /// 1-based column just past the token.
    var endColumn: Int

    var quoted: String {
      kind == .string ? "a quoted string" : "'\(text)'"
    }
  }

  static let commands = ["keys", "type", "wait", "resize", "expect", "expect-not", "screen"]

  let characters: [Character]
  let file: String
  let line: Int

  func error(_ column: Int, _ message: String) -> KeyScriptError {
    KeyScriptError(file: file, line: line, column: column, message: message)
  }

  func parse() throws(KeyScriptError) -> KeyScript.Step? {
    let (tokens, contentEnd) = try tokenize()
    guard let command = tokens.first else { return nil }
    let source = String(characters[..<contentEnd]).trimmingBlanks()
    guard command.kind == .word else {
      throw error(command.column, "expected a command, found a quoted string")
    }
    let arguments = Array(tokens.dropFirst())
    let step: KeyScript.Command
    switch command.text {
    case "keys":
      guard !arguments.isEmpty else {
        throw error(command.endColumn, "'keys' needs at least one key")
      }
      var keys: [Key] = []
      for argument in arguments {
        guard argument.kind == .word else {
          throw error(argument.column, "'keys' takes key names, found a quoted string (use 'type' for text)")
        }
        guard let key = Key(token: argument.text) else {
          throw error(argument.column, "unknown key '\(argument.text)'")
        }
        keys.append(key)
      }
      step = .keys(keys)
    case "type":
      step = .type(try text(for: command, arguments))
    case "paste":
      step = .paste(try text(for: command, arguments))
    case "expect":
      step = .expect(try text(for: command, arguments))
    case "expect-not":
      step = .expectNot(try text(for: command, arguments))
    case "wait":
      let argument = try word(for: command, arguments, named: "a duration (e.g. 250ms, 1.5s, 2m)")
      step = .wait(try duration(argument))
    case "resize":
      let argument = try word(for: command, arguments, named: "a size (e.g. 100x30)")
      step = .resize(try size(argument))
    case "screen":
      if let extra = arguments.first {
        throw error(extra.column, "'screen' takes no arguments, found \(extra.quoted)")
      }
      step = .screen
    default:
      throw error(
        command.column,
        "unknown command '\(command.text)' (expected keys, type, paste, wait, resize, expect, expect-not or screen)")
    }
    return KeyScript.Step(command: step, line: line, source: source)
  }

  /// Splits the line into words and quoted strings; also returns where the comment starts.
  func tokenize() throws(KeyScriptError) -> (tokens: [Token], contentEnd: Int) {
    var tokens: [Token] = []
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" {
        index += 1
      } else if character == "#" {
        return (tokens, index)
      } else if character == "\"" {
        let start = index
        var text = ""
        index += 1
        var closed = false
        while index < characters.count {
          let next = characters[index]
          if next == "\"" {
            closed = true
            index += 1
            break
          }
          if next == "\\" {
            guard index + 1 < characters.count else {
              throw error(start + 1, "unterminated string")
            }
            let escaped = characters[index + 1]
            guard escaped == "\"" || escaped == "\\" else {
              throw error(index + 1, "invalid escape '\\\(escaped)' (only \\\" and \\\\ are allowed)")
            }
            text.append(escaped)
            index += 2
            continue
          }
          text.append(next)
          index += 1
        }
        guard closed else { throw error(start + 1, "unterminated string") }
        tokens.append(Token(kind: .string, text: text, column: start + 1, endColumn: index + 1))
      } else {
        let start = index
        while index < characters.count, !" \t#\"".contains(characters[index]) {
          index += 1
        }
        tokens.append(
          Token(kind: .word, text: String(characters[start..<index]), column: start + 1, endColumn: index + 1))
      }
    }
    return (tokens, characters.count)
  }

  func text(for command: Token, _ arguments: [Token]) throws(KeyScriptError) -> String {
    guard let argument = arguments.first else {
      throw error(command.endColumn, "'\(command.text)' needs a quoted string")
    }
    guard argument.kind == .string else {
      throw error(argument.column, "'\(command.text)' needs a quoted string, found \(argument.quoted)")
    }
    guard !argument.text.isEmpty else {
      throw error(argument.column, "'\(command.text)' needs a non-empty string")
    }
    try rejectExtra(arguments)
    return argument.text
  }

  func word(for command: Token, _ arguments: [Token], named name: String) throws(KeyScriptError) -> Token {
    guard let argument = arguments.first else {
      throw error(command.endColumn, "'\(command.text)' needs \(name)")
    }
    guard argument.kind == .word else {
      throw error(argument.column, "'\(command.text)' needs \(name), found a quoted string")
    }
    try rejectExtra(arguments)
    return argument
  }

  func rejectExtra(_ arguments: [Token]) throws(KeyScriptError) {
    if arguments.count > 1 {
      let extra = arguments[1]
      throw error(extra.column, "unexpected extra argument \(extra.quoted)")
    }
  }

  /// `NUMBER(ms|s|m)` with an optional decimal part; digits below a nanosecond are dropped.
  func duration(_ token: Token) throws(KeyScriptError) -> Duration {
    let invalid = error(token.column, "invalid duration '\(token.text)' (expected a number and a unit: 250ms, 1.5s, 2m)")
    let text = token.text
    let unitNanoseconds: Int64
    let number: Substring
    if text.hasSuffix("ms") {
      unitNanoseconds = 1_000_000
      number = text.dropLast(2)
    } else if text.hasSuffix("s") {
      unitNanoseconds = 1_000_000_000
      number = text.dropLast()
    } else if text.hasSuffix("m") {
      unitNanoseconds = 60_000_000_000
      number = text.dropLast()
    } else {
      throw invalid
    }
    let parts = number.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(\.isASCIIDigit) else { throw invalid }
    let fraction = parts.count == 2 ? parts[1] : ""
    guard parts.count == 1 || (!fraction.isEmpty && fraction.allSatisfy(\.isASCIIDigit)) else { throw invalid }
    let tooLong = error(token.column, "duration '\(text)' is too long")
    guard let wholeValue = Int64(whole) else { throw tooLong }
    let (wholeNanoseconds, overflow) = wholeValue.multipliedReportingOverflow(by: unitNanoseconds)
    guard !overflow else { throw tooLong }
    // Exact decimal arithmetic: every unit is a multiple of 10^6 ns, so each digit's share is an
    // integer until the digits go below a nanosecond, where they are dropped.
    var fractionNanoseconds: Int64 = 0
    var digitValue = unitNanoseconds
    for digit in fraction where digitValue % 10 == 0 {
      digitValue /= 10
      fractionNanoseconds += Int64(digit.asciiValue! - UInt8(ascii: "0")) * digitValue
    }
    let (total, sumOverflow) = wholeNanoseconds.addingReportingOverflow(fractionNanoseconds)
    guard !sumOverflow else { throw tooLong }
    guard total > 0 else { throw error(token.column, "duration must be greater than zero") }
    return .nanoseconds(total)
  }

  /// `COLUMNSxROWS`, each between 1 and 1000.
  func size(_ token: Token) throws(KeyScriptError) -> TerminalSize {
    let parts = token.text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 9 && $0.allSatisfy(\.isASCIIDigit) }),
      let columns = Int(parts[0]), let rows = Int(parts[1])
    else {
      throw error(token.column, "invalid size '\(token.text)' (expected COLUMNSxROWS, e.g. 100x30)")
    }
    guard (1...1000).contains(columns), (1...1000).contains(rows) else {
      throw error(token.column, "size '\(token.text)' is out of range (1x1 to 1000x1000)")
    }
    return TerminalSize(columns: columns, rows: rows)
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool {
    guard let ascii = asciiValue else { return false }
    return ascii >= UInt8(ascii: "0") && ascii <= UInt8(ascii: "9")
  }
}

extension String {
  fileprivate func trimmingBlanks() -> String {
    let isBlank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
