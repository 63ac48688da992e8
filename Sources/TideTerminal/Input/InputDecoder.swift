/// Turns the bytes a terminal sends into ``InputEvent``s: the one decoder of terminal input.
/// ``CursesTerminal`` reads the terminal's input itself and hands every byte here; ncurses
/// only draws.
///
/// Why not ncurses' `wget_wch`: it gave up on a read at the first byte that was not UTF-8, and
/// the rest of that read was lost (`hello\xffworld` typed or pasted became `hello`); an escape
/// followed by an escape was the escape key, so an alt-chord's escape ran the app's esc
/// command; and a paste never ended while keys kept coming. Here every byte is accounted for
/// (see ``InputToken/first(in:atPause:)`` for the keys and sequences, ``BracketedPaste`` for
/// pastes): a byte that is not UTF-8 is U+FFFD and decoding goes on after it, an escape is
/// the escape key only when it comes alone, and a paste ends by its marker or by a bounded
/// pause. Terminal strings (a terminal's replies to queries) are consumed whole and dropped
/// (see ``TerminalString``), never typed.
///
/// The decoder is incremental and keeps no clock: bytes may arrive split anywhere across
/// ``receive(_:)`` calls, and what is cut short — an escape, a sequence, a paste — is held until
/// more comes or the caller reports, with ``inputPaused()``, that ``waitForMore`` passed without
/// input; a UTF-8 character cut short is held until the next byte. Tests step time that way,
/// without waiting.
struct InputDecoder {
  /// How long an escape (or a sequence) cut short waits for the rest: a terminal sends a
  /// key's bytes together, a person types the next key much later. The delay ncurses had
  /// (`set_escdelay(25)`). A UTF-8 character cut short has no limit: the next byte decides.
  static let escapeDelay: Duration = .milliseconds(25)

  /// Bytes received and not yet decoded: the start of something cut short.
  private var held: [UInt8] = []
  /// The paste being received, from its start marker on.
  private var paste: BracketedPaste?
  /// The terminal string being received, from its introducer on.
  private var string: TerminalString?
  /// Dropping the rest of an ``InputToken/overlongSequence``, up to its final byte.
  private var skippingSequence = false
  /// How many answers to OSC 11's query the input held, colours or not: ``CursesTerminal``
  /// waits for the first as the app starts (see ``TerminalBackground``). Later ones, after its
  /// wait, are dropped as every terminal string is.
  private(set) var backgroundAnswers = 0
  /// How many answers to DA1 (``InputToken/deviceAttributes``) the input held: the end of the
  /// wait for OSC 11's answer, which a terminal sends before it, when it sends one.
  private(set) var deviceAttributesAnswers = 0
  /// How many answers to the kitty keyboard protocol's query (``InputToken/keyboardProtocol``)
  /// the input held: one says the terminal has the protocol.
  private(set) var keyboardProtocolAnswers = 0
  /// The colour of the last answer to OSC 11's query, or `nil` when there was none or it was
  /// not a colour.
  private(set) var backgroundReply: BackgroundColorReply?

  /// How long to wait for more input before calling ``inputPaused()``, counted from the last
  /// bytes received; `nil` when nothing is held, so the caller may wait for input as long as it
  /// likes.
  var waitForMore: Duration? {
    if let paste { return paste.waitForMore }
    if let string { return string.waitForMore }
    if skippingSequence { return Self.escapeDelay }
    return held.isEmpty || InputToken.isCharacterCutShort(held[...]) ? nil : Self.escapeDelay
  }

  /// Decodes the next bytes from the terminal; returns the events they complete, in order.
  mutating func receive(_ bytes: some Collection<UInt8>) -> [InputEvent] {
    var events: [InputEvent] = []
    decode(bytes, into: &events)
    return events
  }

  /// No input came for ``waitForMore``: what was held is resolved — an escape alone is the
  /// escape key, a sequence cut short is dropped, a paste ends (see ``BracketedPaste``).
  /// Returns the events that makes.
  mutating func inputPaused() -> [InputEvent] {
    var events: [InputEvent] = []
    if var open = paste {
      paste = nil
      let (text, rest) = open.inputPaused()
      events.append(.paste(text))
      decode(rest, into: &events)
    } else if var open = string {
      string = nil
      let (key, rest) = open.inputPaused()
      if let key { events.append(.key(key)) }
      decode(rest, into: &events)
    } else {
      skippingSequence = false
      decodeHeld(atPause: true, into: &events)
    }
    return events
  }

  private mutating func decode(_ bytes: some Collection<UInt8>, into events: inout [InputEvent]) {
    if paste != nil {
      switch paste!.receive(bytes) {
      case .open: return
      case .ended(let text, let rest):
        paste = nil
        events.append(.paste(text))
        decode(rest, into: &events)
        return
      }
    }
    if string != nil {
      switch string!.receive(bytes) {
      case .open: return
      case .ended(let ended, let rest):
        string = nil
        handle(ended)
        decode(rest, into: &events)
        return
      }
    }
    held.append(contentsOf: bytes)
    decodeHeld(atPause: false, into: &events)
  }

  /// A terminal string that ended: never a key. An answer to OSC 11's query of the background
  /// colour is counted, and kept when it is a colour (see ``backgroundAnswers``); every other
  /// string is dropped.
  private mutating func handle(_ string: TerminalString.Ended) {
    guard string.kind == .osc, let body = string.body, body.starts(with: BackgroundColorReply.prefix) else { return }
    backgroundAnswers += 1
    backgroundReply = BackgroundColorReply(body: body)
  }

  /// Decodes the held bytes as far as they go.
  private mutating func decodeHeld(atPause: Bool, into events: inout [InputEvent]) {
    var start = held.startIndex
    defer { held.removeFirst(start - held.startIndex) }
    while start < held.endIndex {
      if skippingSequence {
        let byte = held[start]
        guard (0x20...0x7E).contains(byte) else {
          skippingSequence = false
          continue
        }
        // Parameter and intermediate bytes are dropped; a final byte ends the sequence.
        skippingSequence = byte < 0x40
        start += 1
        continue
      }
      guard let (token, length) = InputToken.first(in: held[start...], atPause: atPause) else { return }
      start += length
      switch token {
      case .event(let event): events.append(event)
      case .nothing: break
      case .overlongSequence: skippingSequence = true
      case .deviceAttributes: deviceAttributesAnswers += 1
      case .keyboardProtocol: keyboardProtocolAnswers += 1
      case .pasteStart:
        // The rest is the paste's: the bytes held are handed over, none left to remove.
        paste = BracketedPaste()
        let rest = Array(held[start...])
        held.removeAll()
        start = held.startIndex
        decode(rest, into: &events)
        return
      case .stringStart(let opened):
        // As a paste: the rest is the string's.
        string = opened
        let rest = Array(held[start...])
        held.removeAll()
        start = held.startIndex
        decode(rest, into: &events)
        return
      }
    }
  }
}
