import CNcurses

/// The terminal's input, read byte for byte from standard input as it comes and decoded by
/// ``InputDecoder`` — the same for a full-screen app (ncurses decodes no key) and an inline one.
/// Used on the screen thread only.
struct TerminalInputReader {
  /// Whether the tty may have input not read yet: false once a read took all there was and
  /// nothing arrived since. A wake-up for a frame then goes straight back to waiting, without
  /// a read that would find nothing (system calls, every frame of an animation).
  private var inputMayBePending = true
  /// The terminal's input ended (hung up): it is no longer waited for.
  private var inputEnded = false
  /// Turns the bytes read into events.
  private var decoder = InputDecoder()
  /// Events decoded and not yet returned (from ``nextDecoded`` on): one read may hold many keys.
  private var decoded: [InputEvent] = []
  private var nextDecoded = 0
  /// When the last bytes were read: the decoder's ``InputDecoder/waitForMore`` counts from it.
  /// Times here are since the continuous clock's epoch (`sinceEpoch`), frozen values.
  private var lastInput = ContinuousClock.nowSinceEpoch
  private var readBuffer = [UInt8](repeating: 0, count: 4096)

  /// Waits for the next input. Returns `resized()` after the terminal was resized, and `nil`
  /// when `timeout` passes or the screen thread wakes it. A zero `timeout` returns what was
  /// typed already, if anything.
  ///
  /// When the decoder holds something cut short (an escape, a paste), the wait also ends when
  /// its ``InputDecoder/waitForMore`` has passed since the last bytes, to tell it so.
  mutating func readEvent(timeout: Duration?, resized: () -> InputEvent) -> InputEvent? {
    // What was typed already is read even if the last read found nothing: a wake-up that comes
    // with it (a quit signal right after a key, as ctrl-c after `x`) would otherwise be seen
    // first and hide the key from a caller reading up to the quit (issue 20).
    if timeout == .zero { inputMayBePending = true }
    let deadline = timeout.map { ContinuousClock.nowSinceEpoch + $0 }
    while true {
      if tide_take_resize() != 0 {
        return resized()
      }
      if nextDecoded < decoded.count {
        defer { nextDecoded += 1 }
        return decoded[nextDecoded]
      }
      if !decoded.isEmpty {
        decoded.removeAll(keepingCapacity: true)
        nextDecoded = 0
      }
      if inputMayBePending, readInput() { continue }
      let now = ContinuousClock.nowSinceEpoch
      var wakeAt = deadline
      if let wait = decoder.waitForMore {
        let pause = lastInput + wait
        if pause <= now {
          decoded.append(contentsOf: decoder.inputPaused())
          continue
        }
        wakeAt = min(wakeAt ?? pause, pause)
      }
      var milliseconds: Int32 = -1
      if let wakeAt {
        let remaining = wakeAt - now
        // Only the caller's deadline can have passed here: a pause that did was handled above.
        guard remaining > .zero else { return nil }
        milliseconds = Self.milliseconds(remaining)
      }
      switch tide_input_wait(milliseconds, inputEnded ? 0 : 1) {
      case 1: inputMayBePending = true  // input ready: read it on the next pass
      case 2: return tide_take_resize() != 0 ? resized() : nil
      case 0: continue  // the deadline or the decoder's pause: the next pass sees which
      default: return nil
      }
    }
  }

  /// Reads what the terminal sent, if anything, into the decoder; whether there was some.
  private mutating func readInput() -> Bool {
    let count = readBuffer.withUnsafeMutableBufferPointer { buffer in
      tide_input_read(buffer.baseAddress, Int32(buffer.count))
    }
    guard count > 0 else {
      inputMayBePending = false
      // Hung up: the quit signal that comes with it ends the app; until then, no busy wait.
      if count < 0 { inputEnded = true }
      return false
    }
    lastInput = ContinuousClock.nowSinceEpoch
    decoded.append(contentsOf: decoder.receive(readBuffer[..<Int(count)]))
    // A read that filled the buffer may have left more; a shorter one took all there was.
    inputMayBePending = Int(count) == readBuffer.count
    return true
  }

  /// `remaining`, rounded up to whole milliseconds, for a poll.
  private static func milliseconds(_ remaining: Duration) -> Int32 {
    let (seconds, attoseconds) = remaining.components
    return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }

  /// The longest wait for the terminal's answers at the start (see ``askTerminal(forBackground:wait:)``).
  static let answersWait: Duration = .milliseconds(100)
  /// DA1, primary device attributes: the query every terminal answers.
  static let deviceAttributesQuery = "\u{1B}[c"
  /// The kitty keyboard protocol's query: a terminal that has the protocol answers `CSI ? flags u`.
  static let keyboardProtocolQuery = "\u{1B}[?u"

  /// What the terminal says of itself, asked once as the app starts: its background (OSC 11,
  /// when `forBackground`) and whether it has the kitty keyboard protocol (`CSI ? u`), each
  /// answer awaited for at most `wait` in all.
  ///
  /// DA1's query (`ESC [ c`) goes last, as termenv does: nearly every terminal answers it, and
  /// answers in order, so its answer says the others will not come — a round trip, not `wait`,
  /// for a terminal that knows neither OSC 11 nor the keyboard protocol (tmux without a
  /// `window-style` background, the Linux console).
  ///
  /// The wait reads the terminal as ``readEvent(timeout:resized:)`` does, into the same decoder:
  /// keys typed meanwhile are kept for it in their order, an answer is never one of them, and an
  /// answer that comes after the wait is dropped by the decoder. The terminal is in no-echo mode
  /// by then, so no answer shows.
  mutating func askTerminal(forBackground: Bool, wait: Duration = answersWait) -> TerminalAnswers {
    let backgroundBefore = decoder.backgroundAnswers
    let attributesBefore = decoder.deviceAttributesAnswers
    let keyboardBefore = decoder.keyboardProtocolAnswers
    TerminalControl.write(
      (forBackground ? BackgroundColorReply.query : "") + Self.keyboardProtocolQuery + Self.deviceAttributesQuery)
    let deadline = ContinuousClock.nowSinceEpoch + wait
    waiting: while !inputEnded {
      // Done at DA1's answer, or once every other answer came (a terminal that does not know DA1).
      if decoder.deviceAttributesAnswers != attributesBefore
        || ((!forBackground || decoder.backgroundAnswers != backgroundBefore)
          && decoder.keyboardProtocolAnswers != keyboardBefore)
      {
        break
      }
      if inputMayBePending, readInput() { continue }
      let remaining = deadline - ContinuousClock.nowSinceEpoch
      guard remaining > .zero else { break }
      // A wake-up (a quit signal, the main actor's jobs) is seen by the screen loop after the wait.
      switch tide_input_wait(Self.milliseconds(remaining), 1) {
      case 1: inputMayBePending = true
      case 0, 2: continue
      default: break waiting
      }
    }
    var answers = TerminalAnswers()
    if decoder.backgroundAnswers != backgroundBefore { answers.background = decoder.backgroundReply?.background }
    answers.hasKeyboardProtocol = decoder.keyboardProtocolAnswers != keyboardBefore
    answers.answeredDeviceAttributes = decoder.deviceAttributesAnswers != attributesBefore
    return answers
  }
}

/// Writes to the terminal outside ncurses' band.
enum TerminalControl {
  /// Writes `sequence` at once, after what stdio holds: a string that moves no cursor and
  /// changes no cell (a title, a clipboard copy), or an inline app's frame.
  static func write(_ sequence: String) {
    var sequence = sequence
    sequence.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        tide_write_control(chars.baseAddress, Int32(chars.count))
      }
    }
  }
}
