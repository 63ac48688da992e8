#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A parsed `.keys` script: the steps a replay performs, in order.
///
/// The format is line-oriented UTF-8. `#` starts a comment anywhere outside quotes (so press `#`
/// with `type "#"`), blank lines are ignored, and each other line is one command:
///
/// ```
/// keys tab tab a          # key tokens, see Key(token:)
/// type "buy milk"         # each character typed as a key
/// paste "two\nlines"      # one bracketed paste of the text
/// wait 1.5s               # advance the clock: 250ms, 1.5s, 2m, 24m59s, 1h30m; > 0, ≤ 24h
/// resize 100x30           # COLUMNSxROWS, 1x1 up to 1000x1000 (see TerminalSize(parsing:))
/// expect "1 item left"    # the screen must contain the text (non-empty)
/// expect-not "Count"      # the screen must not contain it
/// expect-style "Item 3" selection   # the text's cells are drawn in this role of the theme
/// expect-title "notes.txt"  # the window's title is exactly the text ("" for the terminal's own)
/// expect-copied "buy milk"  # the last text copied to the clipboard is exactly the text
/// screen                  # print the screen
/// click 12 5              # a pointer press and release at column 12, row 5 (1-based)
/// click "[ Submit ]"      # ... at the first cell, in reading order, showing the text
/// scroll down 3 at "Item 7"   # wheel notches (up|down [N], N from 1 to 100) at a text or COL ROW
/// ```
///
/// Quoted strings keep every character they contain, and know the escapes `\"`, `\\`, `\n`,
/// `\r`, `\t` and `\u{1F600}` (1 to 8 hex digits).
///
/// The text is read as a sequence of Unicode scalars, not of grapheme clusters, so syntax never
/// merges with a neighbouring mark: `type "\u{301}x"` (a combining mark right after the quote) is
/// a string, `keys a 🏽` presses two keys, `#🏽` is a comment. Only LF and CRLF end a line.
/// Inside quotes every other scalar is content, including U+2028, U+2029, VT, FF, NEL and a
/// lone CR; outside quotes the only blanks are space and tab, and any control character (or
/// U+2028 / U+2029) is an error, because a line break the parser does not see as one would
/// silently glue two commands together.
///
/// `wait 0s` is rejected rather than ignored: the replay settles after every line anyway, so a
/// zero wait can only be a mistake. Columns in errors count Unicode scalars from 1; invalid
/// UTF-8 is reported at the line and column where it starts.
package struct KeyScript: Hashable, Sendable {
  /// One command of a script and where it came from.
  package struct Step: Hashable, Sendable {
    /// What to do.
    package var command: Command
    /// The 1-based line the command is on.
    package var line: Int
    /// The command's text as written, without comment and surrounding blanks, for frame headers
    /// and errors. Control characters other than tab are shown escaped (`\u{1B}`) so the text
    /// stays on one line, and a command longer than ``sourceLimit`` characters is cut with `…`.
    package var source: String

    /// A step running `command`, written as `source` on `line`.
    package init(command: Command, line: Int, source: String) {
      self.command = command
      self.line = line
      self.source = source
    }

    /// The longest ``source`` kept, in characters: messages and frame headers stay readable, and
    /// a huge line is not held twice in memory.
    package static let sourceLimit = 200
  }

  /// A script command.
  package enum Command: Hashable, Sendable {
    /// Press these keys in order.
    case keys(KeyList)
    /// Type each character of the text as a key.
    case type(String)
    /// Paste the text as one bracketed paste.
    case paste(String)
    /// Advance the clock by this much.
    case wait(Duration)
    /// Resize the terminal.
    case resize(TerminalSize)
    /// The screen must contain the text.
    case expect(String)
    /// The screen must not contain the text.
    case expectNot(String)
    /// The screen must show the text, every cell of its first place in reading order drawn in
    /// the run's theme's role of this name (see ``Theme/roleNames``).
    case expectStyle(String, role: String)
    /// The window's title the app set must be exactly the text; empty for none (the
    /// terminal's own).
    case expectTitle(String)
    /// The last text the app copied to the clipboard must be exactly the text.
    case expectCopied(String)
    /// How every program the app hands the terminal to from now on ends, in the replay's stead
    /// (``Tide/Effect/runInTerminal(_:then:)``): a replay never starts one.
    case program(ExternalProgram.Outcome)
    /// Print the current screen.
    case screen
    /// Press and release the primary pointer button at a place on the screen.
    case click(PointerTarget)
    /// Turn the wheel by some notches at a place on the screen.
    case scroll(ScrollDirection, notches: Int, at: PointerTarget)
  }

  /// Where a `click` or `scroll` line points.
  package enum PointerTarget: Hashable, Sendable {
    /// A cell, 1-based as written (`click 12 5`: column 12, row 5).
    case cell(column: Int, row: Int)
    /// The first cell, in reading order, of the first place the screen shows this text, so a
    /// script survives layout changes; a screen without it fails like an `expect`.
    case text(String)
  }

  /// Which way a `scroll` line turns the wheel.
  package enum ScrollDirection: Hashable, Sendable {
    /// Away from the user: the view moves up.
    case up
    /// Towards the user: the view moves down.
    case down
  }

  /// The script's file name, used in error messages.
  package var file: String
  /// The commands, in order.
  package var steps: [Step]
  /// When the session this script replays was recorded: the date of its header line
  /// `# key script recorded DATE, terminal WxH`, as `--record` writes it, or `nil`. A replay
  /// starts the app at this date (``TerminalLaunch/startDate``), so a screen that shows the day
  /// shows the day of the recording.
  package var recordedDate: Date?

  /// A script of `steps`, named `file` in messages, recorded on `recordedDate` if given.
  package init(file: String = "<script>", steps: [Step], recordedDate: Date? = nil) {
    self.file = file
    self.steps = steps
    self.recordedDate = recordedDate
  }

  /// The header line `--record` writes first, up to the date.
  static let recordedHeader = "# key script recorded "

  /// The date of a `# key script recorded DATE, …` first line, if `bytes` start with one.
  static func recordedDate(in bytes: some Collection<UInt8>) -> Date? {
    let header = Array(recordedHeader.utf8)
    guard bytes.starts(with: header) else { return nil }
    let stamp = bytes.dropFirst(header.count).prefix { $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "\n") }
    return try? Date(String(decoding: stamp, as: UTF8.self), strategy: .iso8601)
  }

  /// Parses `text`; `file` names the script in errors. Throws the first error found.
  package init(parsing text: String, file: String = "<script>") throws(KeyScriptError) {
    try self.init(utf8: text.utf8, file: file)
  }

  /// Parses a script from its bytes, as read from a file, reporting invalid UTF-8 at its line and
  /// column; `file` names the script in errors. Throws the first error found.
  ///
  /// Memory stays proportional to the input: the parser decodes one scalar at a time and keeps
  /// only the steps (a step's ``Step/source`` is at most ``Step/sourceLimit`` characters).
  package init(utf8 bytes: some Collection<UInt8>, file: String = "<script>") throws(KeyScriptError) {
    let parser = KeyScriptParser(file: file)
    let parsed: Result<[Step], KeyScriptError>? = bytes.withContiguousStorageIfAvailable { buffer in
      Result { () throws(KeyScriptError) in try parser.parse(buffer) }
    }
    let steps: [Step]
    if let parsed {
      steps = try parsed.get()
    } else {
      steps = try Array(bytes).withUnsafeBufferPointer { buffer throws(KeyScriptError) in try parser.parse(buffer) }
    }
    self.init(file: file, steps: steps, recordedDate: Self.recordedDate(in: bytes))
  }
}
