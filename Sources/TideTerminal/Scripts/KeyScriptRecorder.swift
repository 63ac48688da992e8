#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Records what a user does in a live session — keys, pastes, resizes, with their times — and
/// writes it as a key script that replays the session (see ``KeyScript``).
///
/// The script: a comment header with the date and the starting size, a `resize` to that size (so
/// the replay starts where the session did, whatever `--size` says), then the events in order —
/// key tokens grouped on `keys` lines, runs of two or more characters as `type "…"`, pastes as
/// `paste "…"`, resizes as `resize`, pointer presses as `click COL ROW`, wheel notches as
/// `scroll up|down N at COL ROW`, and pauses as `wait`. How a program the app handed the
/// terminal to ended (``Tide/Effect/runInTerminal(_:then:)``) is written as a `program` line
/// before the input that started it, so the replay gets the same outcome without running it.
/// What the session did that no script line can — the app's state put in from outside while its
/// input was held (``InputHold``) — is written as a comment line where it happened.
///
/// Timing (``Timing``): a live session's script follows the session's clock on the absolute
/// timeline, rounded to 10 ms. Before each event the recorder compares the event's rounded time
/// with the time the script's `wait`s add up to; a difference of 50 ms or more becomes a
/// `wait`, a smaller one is carried into the next pause instead of being lost, so a replay never
/// drifts more than 50 ms from the session. A script made from a trace is exact instead.
/// Characters that could not be written as a key token (`#`, `"`, blanks, control
/// characters, lone combining marks) go into `type` strings, escaped where needed; adjacent
/// characters that would merge into one grapheme cluster go into separate `type` lines, so the
/// replay presses exactly the recorded keys.
///
/// The recorder holds only the events: recording a session stores no screen contents, and no
/// file the app reads or writes.
package struct KeyScriptRecorder: Sendable {
  /// An event and when it happened, from the start of the recording.
  package struct TimedEvent: Hashable, Sendable {
    /// Time since the recording started.
    package var time: Duration
    /// What the user did.
    package var event: InputEvent
  }

  /// Shorter pauses are not written as `wait` (their time is carried into the next pause).
  package static let shortestPause = Duration.milliseconds(50)
  /// Waits are multiples of this.
  package static let resolution = Duration.milliseconds(10)

  /// The terminal size when the recording started.
  package var size: TerminalSize
  /// The events recorded so far, in order.
  package private(set) var events: [TimedEvent] = []
  /// How hand-overs ended, each with the index in ``events`` of the input that started it.
  package private(set) var programs: [(beforeEvent: Int, outcome: ExternalProgram.Outcome)] = []
  /// Comment lines, each with its time and the number of ``events`` recorded before it.
  package private(set) var comments: [(afterEvents: Int, time: Duration, text: String)] = []

  /// How a script's `wait`s follow the times of its events.
  package enum Timing: Sendable {
    /// A person's session: waits in steps of 10 ms, a pause under 50 ms carried into the next
    /// (see ``KeyScriptRecorder``), so the script reads as the session felt.
    case rounded
    /// A trace's events, to be replayed to the same state: every pause written, to the
    /// nanosecond, and the end rounded up, so each input falls between the same two timer
    /// ticks as in the run the trace recorded, and the last tick before the end fires. Timers
    /// at 60 a second are not on any 10 ms step.
    case exact
  }

  /// The whole nanoseconds at or after `time`, a time read back from a trace, so that a replay
  /// or a test moving its clock that far reaches the action at `time`: an effect's deadline
  /// (a delay of a third of a second) may fall between two nanoseconds, and a trace's time
  /// misses its instant besides. A trace's `Double` seconds miss it by a few
  /// attoseconds near the start, by a fraction of a nanosecond after hours; a time up to 32
  /// attoseconds past a whole nanosecond counts as that nanosecond, so an input at 120 ms stays
  /// at 120 ms.
  package static func nanoseconds(reaching time: Duration) -> Int64 {
    (time - Duration(secondsComponent: 0, attosecondsComponent: 32)).roundedUpToNanosecond.wholeNanoseconds
  }

  /// How ``script(date:notes:end:)`` writes the waits.
  package var timing: Timing

  /// A recorder for a session that starts at `size`.
  package init(size: TerminalSize, timing: Timing = .rounded) {
    self.size = size
    self.timing = timing
  }

  /// Records `event` at `time` (since the recording started; times must not go backwards).
  package mutating func record(_ event: InputEvent, at time: Duration) {
    events.append(TimedEvent(time: time, event: event))
  }

  /// The size the terminal has in the script after the events recorded so far.
  package var currentSize: TerminalSize {
    for timed in events.reversed() {
      if case .resize(let size) = timed.event { return size }
    }
    return size
  }

  /// Records a comment line at `time`, after the events recorded so far: something a replay
  /// of the script cannot do, said where it happened.
  package mutating func record(comment text: String, at time: Duration) {
    comments.append((events.count, time, text))
  }

  /// Records how a program the app ran on the terminal ended: its `program` line goes before
  /// the last of the first `afterEvents` inputs recorded, the one whose action started it (or
  /// at the top, when none was).
  package mutating func record(program outcome: ExternalProgram.Outcome, afterEvents count: Int) {
    programs.append((max(0, count - 1), outcome))
  }

  /// The key script of the session. `date` goes in the header (as UTC), `notes` become extra
  /// header comment lines (e.g. how to replay it), and `end`, the time the session ended, adds
  /// a final `wait` so that timers keep running in the replay as long as they did live.
  package func script(date: Date, notes: [String] = [], end: Duration? = nil) -> String {
    var writer = Writer(timing: timing)
    let stamp = date.formatted(.iso8601)
    writer.lines.append(KeyScript.recordedHeader + "\(stamp), terminal \(size)")
    for note in notes {
      writer.lines.append("# " + escapedExcerpt(note, limit: 500))
    }
    writer.emitResize(size)
    var programs = programs[...]
    var comments = comments[...]
    for (index, timed) in events.enumerated() {
      while let next = comments.first, next.afterEvents <= index {
        writer.comment(next.text, at: next.time)
        comments = comments.dropFirst()
      }
      writer.advance(to: timed.time)
      while let next = programs.first, next.beforeEvent <= index {
        writer.program(next.outcome)
        programs = programs.dropFirst()
      }
      switch timed.event {
      case .key(let key): writer.press(key)
      case .paste(let text):
        writer.flush()
        if !text.isEmpty { writer.lines.append("paste " + Writer.quoted(text)) }
      case .resize(let size):
        writer.flush()
        writer.emitResize(size)
      case .pointer(let pointer): writer.point(pointer)
      }
    }
    // A program no recorded input came after (started at the start, or by an effect).
    for remaining in programs { writer.program(remaining.outcome) }
    for remaining in comments { writer.comment(remaining.text, at: remaining.time) }
    if let end { writer.advance(to: end, isEnd: true) }
    writer.flush()
    return writer.lines.joined(separator: "\n") + "\n"
  }

  /// Builds the script's lines, grouping keys and characters as they come.
  private struct Writer {
    let timing: Timing
    var lines: [String] = []
    /// The time the `wait`s written so far add up to.
    var scriptTime = Duration.zero
    var keyTokens: [String] = []
    var characters: [Character] = []
    /// A primary press not yet written: it becomes a `click` when its release comes (or
    /// anything else does).
    var pendingPress: PointerEvent?
    /// Wheel notches in a row, in one direction at one cell: one `scroll` line.
    var pendingScroll: (event: PointerEvent, notches: Int)?
    /// What the last `program` line said: a line only when the outcome changes.
    var programOutcome: ExternalProgram.Outcome?

    /// A `program` line, which holds from where it stands until the next.
    mutating func program(_ outcome: ExternalProgram.Outcome) {
      guard outcome != programOutcome else { return }
      flush()
      programOutcome = outcome
      switch outcome {
      case .exited(let status) where (0...255).contains(status): lines.append("program exits \(status)")
      case .killed(let signal) where (1...64).contains(signal): lines.append("program killed \(signal)")
      case .couldNotStart(let reason): lines.append("program fails " + Writer.quoted(reason))
      default: lines.append("# a program ended in a way scripts cannot name: \(escapedExcerpt(outcome.description, limit: 80))")
      }
    }

    /// A comment line at `time`, after what came before it.
    mutating func comment(_ text: String, at time: Duration) {
      advance(to: time)
      flush()
      lines.append("# " + escapedExcerpt(text, limit: 500))
    }

    /// Pointer events as script lines: a press and its release as `click COL ROW`, wheel
    /// notches as `scroll up|down N at COL ROW` (1-based, as scripts count). Other buttons
    /// have no script line and leave a comment.
    mutating func point(_ event: PointerEvent) {
      switch event.kind {
      case .press(.left):
        flush()
        pendingPress = event
      case .release(.left):
        if let press = pendingPress {
          pendingPress = nil
          lines.append("click \(press.column + 1) \(press.row + 1)")
        }
      case .scrollUp, .scrollDown:
        if let scroll = pendingScroll, scroll.event == event {
          pendingScroll?.notches += 1
          return
        }
        flush()
        pendingScroll = (event, 1)
      case .press(let button):
        flush()
        lines.append("# the \(button == .right ? "right" : "middle") button was pressed here; scripts click only the primary one")
      case .release:
        break
      }
    }

    mutating func flushPointer() {
      if let press = pendingPress {
        pendingPress = nil
        lines.append("click \(press.column + 1) \(press.row + 1)")
      }
      if let (event, notches) = pendingScroll {
        pendingScroll = nil
        let direction = event.kind == .scrollUp ? "up" : "down"
        lines.append("scroll \(direction) \(notches) at \(event.column + 1) \(event.row + 1)")
      }
    }

    mutating func advance(to time: Duration, isEnd: Bool = false) {
      let due: Duration
      switch timing {
      case .rounded:
        due = Writer.rounded(time) - scriptTime
        guard due >= KeyScriptRecorder.shortestPause else { return }
      case .exact:
        // Each input at its nearest nanosecond; the end at or after the action it shows,
        // whose timer may tick between two.
        let target = isEnd ? KeyScriptRecorder.nanoseconds(reaching: time) : time.roundedToNanosecond.wholeNanoseconds
        due = .nanoseconds(target) - scriptTime
        guard due > .zero else { return }
      }
      flush()
      lines.append("wait " + Writer.format(due))
      scriptTime += due
    }

    mutating func press(_ key: Key) {
      flushPointer()
      if case .character(let character) = key {
        characters.append(character)
        return
      }
      flushCharacters()
      if let token = key.token {
        keyTokens.append(token)
      } else {
        flush()
        lines.append("# a key scripts cannot name was pressed here: \(escapedExcerpt(key.label, limit: 40))")
      }
    }

    /// Writes pending characters: a single one that is a plain token joins the `keys` line,
    /// more become `type` lines.
    mutating func flushCharacters() {
      guard !characters.isEmpty else { return }
      defer { characters.removeAll() }
      if characters.count == 1, let token = Key.character(characters[0]).token, Writer.isPlainToken(token) {
        keyTokens.append(token)
        return
      }
      flushKeys()
      // Start a new string wherever two recorded characters would merge into one cluster.
      var run = ""
      var last: Character?
      for character in characters {
        if let last, (String(last) + String(character)).count != 2 {
          lines.append("type " + Writer.quoted(run))
          run = ""
        }
        run.append(character)
        last = character
      }
      lines.append("type " + Writer.quoted(run))
    }

    mutating func flushKeys() {
      guard !keyTokens.isEmpty else { return }
      lines.append("keys " + keyTokens.joined(separator: " "))
      keyTokens.removeAll()
    }

    mutating func flush() {
      flushPointer()
      flushCharacters()
      flushKeys()
    }

    mutating func emitResize(_ size: TerminalSize) {
      if TerminalSize.parsableRange.contains(size.columns), TerminalSize.parsableRange.contains(size.rows) {
        lines.append("resize \(size)")
      } else {
        lines.append("# the terminal became \(size), beyond what a script can resize to")
      }
    }

    /// A token that reads back as itself on a `keys` line: no blank, quote, `#` or control.
    static func isPlainToken(_ token: String) -> Bool {
      !token.unicodeScalars.contains { $0 == " " || $0 == "\t" || $0 == "#" || $0 == "\"" || isEscapedInMessages($0) }
    }

    /// `time` rounded to the nearest ``KeyScriptRecorder/resolution``.
    static func rounded(_ time: Duration) -> Duration {
      let (seconds, attoseconds) = time.components
      let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      let step: Int64 = 10_000_000
      return .nanoseconds((nanoseconds + step / 2) / step * step)
    }

    /// A duration in whole nanoseconds as the shortest script form: `2m`, `3s`, `1.25s`,
    /// `450ms`, `16.666667ms`.
    static func format(_ duration: Duration) -> String {
      let (seconds, attoseconds) = duration.components
      let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
      if nanoseconds % 60_000_000_000 == 0 { return "\(nanoseconds / 60_000_000_000)m" }
      let (unit, name, digits): (Int64, String, Int) =
        nanoseconds < 1_000_000_000 ? (1_000_000, "ms", 6) : (1_000_000_000, "s", 9)
      var fraction = String(nanoseconds % unit)
      fraction = String(repeating: "0", count: digits - fraction.count) + fraction
      while fraction.hasSuffix("0") { fraction.removeLast() }
      return "\(nanoseconds / unit)" + (fraction.isEmpty ? "" : "." + fraction) + name
    }

    /// `text` as a script string: `"` and `\` escaped, control characters, U+2028 and U+2029
    /// written as `\n`, `\r`, `\t` or `\u{…}`, everything else as it is.
    static func quoted(_ text: String) -> String {
      text.quotedLiteral(
        escaping: isEscapedInMessages,
        as: { "\\u{\(String($0.value, radix: 16, uppercase: true))}" })
    }
  }
}
