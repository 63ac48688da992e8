internal import TideJSON

/// Writes an asciinema v2 recording (`.cast`): a JSON header line, then one JSON array per event.
///
/// ```
/// {"version": 2, "width": 80, "height": 24, "env": {"TERM": "xterm-256color"}}
/// [0.000000, "o", "\u001b[?25l\u001b[0m\u001b[2J…"]
/// [1.500000, "o", "\u001b[3;9H\u001b[0;1m2"]
/// [2.000000, "r", "100x30"]
/// ```
///
/// Times are seconds from the start with microsecond precision, taken from whatever clock the
/// caller uses — a replay's virtual clock makes a 3 s script a 3 s cast, written in milliseconds.
/// Output data usually comes from an ``ANSIOutputTerminal``. The writer is a pure value: it
/// builds the text, the caller decides where it goes.
package struct AsciicastWriter: Sendable {
  private var lines: [String]

  /// A recording that starts at `size`; `title` and `timestamp` (Unix seconds) go in the header
  /// when given. `TERM` is recorded as `xterm-256color`, the terminal the escape sequences suit.
  package init(size: TerminalSize, title: String? = nil, timestamp: Int? = nil) {
    var header = "{\"version\": 2, \"width\": \(size.columns), \"height\": \(size.rows)"
    if let timestamp { header += ", \"timestamp\": \(timestamp)" }
    if let title { header += ", \"title\": \(Self.jsonString(title))" }
    header += ", \"env\": {\"TERM\": \"xterm-256color\"}}"
    lines = [header]
  }

  /// Adds an output event: `data` written to the terminal at `time`. Empty data is skipped.
  package mutating func output(_ data: String, at time: Duration) {
    guard !data.isEmpty else { return }
    lines.append("[\(Self.seconds(time)), \"o\", \(Self.jsonString(data))]")
  }

  /// Adds an input event: `data` the user's terminal sent at `time`. Empty data is skipped.
  public mutating func input(_ data: String, at time: Duration) {
    guard !data.isEmpty else { return }
    lines.append("[\(Self.seconds(time)), \"i\", \(Self.jsonString(data))]")
  }

  /// Adds a resize event: the terminal became `size` at `time`.
  package mutating func resize(to size: TerminalSize, at time: Duration) {
    lines.append("[\(Self.seconds(time)), \"r\", \"\(size.columns)x\(size.rows)\"]")
  }

  /// The number of events added.
  package var eventCount: Int { lines.count - 1 }

  /// The recording: the header and the events, one per line, ending with a line break.
  package var text: String { lines.joined(separator: "\n") + "\n" }

  /// `time` in seconds with six decimals (microseconds); negative times count as zero.
  static func seconds(_ time: Duration) -> String {
    let (seconds, attoseconds) = time.components
    let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
    let fraction = String(microseconds % 1_000_000)
    return "\(microseconds / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
  }

  /// `text` as a JSON string literal, written by the package's one JSON writer: quotes,
  /// backslashes, control characters (C0, DEL, C1) and U+2028/U+2029 escaped, everything else
  /// as UTF-8.
  static func jsonString(_ text: String) -> String {
    JSONValue.string(text).text
  }
}
