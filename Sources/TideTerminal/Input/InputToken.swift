/// One unit of what a terminal sends, as found at the start of some bytes by
/// ``first(in:atPause:)``: a key or pointer event, the start of a bracketed paste, or bytes that
/// stand for nothing Tide delivers.
///
/// The structure of the input lives here — UTF-8, control characters, escape, alt-chords, the
/// framing of control sequences and legacy pointer reports — and ``ControlSequence`` says what
/// a complete sequence means. ``InputDecoder`` calls it over the bytes it holds.
enum InputToken {
  /// A key or a pointer event.
  case event(InputEvent)
  /// `CSI 200 ~`: the text up to the end marker is pasted (see ``BracketedPaste``).
  case pasteStart
  /// The introducer of a terminal string (OSC, DCS, APC, PM, SOS): the rest up to its end is
  /// the string's (see ``TerminalString``).
  case stringStart(TerminalString)
  /// `CSI ? … c`: the terminal's answer to DA1 (primary device attributes), which nearly every
  /// terminal sends. Asked after OSC 11's query as the app starts, it says every answer to that
  /// query has come (see ``CursesTerminal/askTerminal(forBackground:wait:)``); no key.
  case deviceAttributes
  /// `CSI ? flags u`: the terminal's answer to the kitty keyboard protocol's query (`CSI ? u`),
  /// which only a terminal that has the protocol sends; no key.
  case keyboardProtocol
  /// Bytes that stand for nothing Tide delivers — an unknown control sequence, a control
  /// character with no key — dropped whole, so none of them arrives as typed text.
  case nothing
  /// The start of a control sequence longer than any a terminal sends as input: dropped, and
  /// the rest of it up to its final byte after it (``InputDecoder`` does that).
  case overlongSequence

  /// How many parameter and intermediate bytes a control sequence may have before it is
  /// ``overlongSequence``: far more than any key or report needs (an SGR pointer report has at
  /// most 20), so only hostile input gets there.
  static let longestSequence = 128

  /// The first token in `bytes` and how many bytes it takes; `nil` when `bytes` end inside it
  /// and the rest may still come.
  ///
  /// `atPause` says no more bytes came for a while (see ``InputDecoder/waitForMore``): then the
  /// answer is never `nil`, and what was cut short is what it can only be — an escape alone is
  /// the escape key, `ESC [` or `ESC O` alone is alt-[ or alt-O, a sequence cut short is dropped,
  /// the start of a UTF-8 character that never finished is U+FFFD.
  ///
  /// - UTF-8 characters are keys (see ``Key/init(typed:)`` for the control characters). A byte
  ///   that is not UTF-8 is U+FFFD, as Unicode's "maximal subpart" practice says, and the
  ///   decoding goes on right after it: what follows is never lost.
  /// - An escape then a key is that key with alt, `.alt(.character("b"))`: how terminals send
  ///   alt-chords. Escape then escape is alt-escape, and escape then a whole sequence is that
  ///   sequence's key with alt (rxvt sends alt-up as `ESC ESC [ A`).
  /// - `ESC [` and `ESC O` begin control sequences (CSI, SS3): parameter and intermediate bytes
  ///   (0x20…0x3F), then a final byte (0x40…0x7E), read whole and handed to
  ///   ``ControlSequence``. A byte of any other kind stops the sequence: what came before it is
  ///   dropped and the byte is decoded afresh. Two forms are not CSI's: the Linux console's
  ///   F1–F5 (`ESC [ [ A`…`E`) and rxvt's shifted keys (`ESC [ 7 $`).
  /// - `ESC [ M` and three bytes is a legacy (X10) pointer report (see ``PointerReport``).
  /// - `ESC ]`, `ESC P`, `ESC _`, `ESC ^`, `ESC X` and the C1 characters U+009D, U+0090,
  ///   U+009F, U+009E, U+0098 begin terminal strings (see ``TerminalString``), never keys. Only
  ///   their UTF-8 form is C1: a lone byte 0x9D is not UTF-8, U+FFFD as any other.
  static func first(in bytes: ArraySlice<UInt8>, atPause: Bool) -> (token: InputToken, length: Int)? {
    guard let lead = bytes.first else { return nil }
    return lead == escape ? afterEscape(bytes, atPause: atPause) : typed(bytes, atPause: atPause)
  }

  private static let escape: UInt8 = 0x1B

  private static func alt(_ key: Key) -> InputToken { .event(.key(key.with(.alt))) }

  /// A character or control character, UTF-8 encoded.
  private static func typed(_ bytes: ArraySlice<UInt8>, atPause: Bool) -> (token: InputToken, length: Int)? {
    guard let lead = bytes.first else { return nil }
    if lead < 0x80 { return (key(Unicode.Scalar(lead)), 1) }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    switch parser.parseScalar(from: &iterator) {
    case .valid(let encoded):
      let scalar = Unicode.UTF8.decode(encoded)
      if let kind = TerminalString.kind(c1: scalar) {
        return (.stringStart(TerminalString(kind, altKey: nil)), encoded.count)
      }
      return (key(scalar), encoded.count)
    case .error(let length):
      // A valid start whose continuation bytes have not all arrived yet waits for them however
      // long they take (a slow link splits a character anywhere); the next byte decides.
      if length == bytes.count, (0xC2...0xF4).contains(lead) { return nil }
      return (.event(.key(.character("\u{FFFD}"))), length)
    case .emptyInput:
      return nil
    }
  }

  /// Whether `bytes` are the start of a UTF-8 character and nothing more: held for the rest
  /// with no time limit, since only the next byte can say whether it is whole.
  static func isCharacterCutShort(_ bytes: ArraySlice<UInt8>) -> Bool {
    guard let lead = bytes.first, (0xC2...0xF4).contains(lead) else { return false }
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    if case .error(let length) = parser.parseScalar(from: &iterator) { return length == bytes.count }
    return false
  }

  private static func key(_ scalar: Unicode.Scalar) -> InputToken {
    Key(typed: scalar).map { .event(.key($0)) } ?? .nothing
  }

  /// What an escape at the start of `bytes` begins.
  private static func afterEscape(_ bytes: ArraySlice<UInt8>, atPause: Bool) -> (token: InputToken, length: Int)? {
    let rest = bytes.dropFirst()
    guard let second = rest.first else { return atPause ? (.event(.key(.escape)), 1) : nil }
    switch second {
    case UInt8(ascii: "["): return controlSequence(bytes, .csi, atPause: atPause)
    case UInt8(ascii: "O"): return controlSequence(bytes, .ss3, atPause: atPause)
    case escape:
      let third = rest.dropFirst().first
      guard third == UInt8(ascii: "[") || third == UInt8(ascii: "O") else {
        // Escape, escape and something else (or nothing yet): alt-escape, unless a sequence may still follow.
        return third == nil && !atPause ? nil : (alt(.escape), 2)
      }
      guard let (inner, length) = afterEscape(rest, atPause: atPause) else { return nil }
      switch inner {
      // `ESC ESC [` cut short: alt-escape, and the `[` is typed.
      case .event(.key(.alt)): return (alt(.escape), 2)
      case .event(.key(let key)): return (alt(key), 1 + length)
      // A pointer report or a paste right after an escape: the escape stands for nothing.
      default: return (inner, 1 + length)
      }
    default:
      if let kind = TerminalString.kind(afterEscape: second) {
        return (.stringStart(TerminalString(kind, altKey: .character(Character(Unicode.Scalar(second))))), 2)
      }
      guard let (inner, length) = typed(rest, atPause: atPause) else { return nil }
      if case .stringStart = inner { return (inner, 1 + length) }
      guard case .event(.key(let key)) = inner else { return (.nothing, 1 + length) }
      return (alt(key), 1 + length)
    }
  }

  /// A control sequence: `bytes` start with `ESC [` or `ESC O`.
  private static func controlSequence(
    _ bytes: ArraySlice<UInt8>, _ introducer: ControlSequence.Introducer, atPause: Bool
  ) -> (token: InputToken, length: Int)? {
    let start = bytes.startIndex
    let introducerByte = bytes[start + 1]
    if introducer == .csi, bytes.count > 2, bytes[start + 2] == UInt8(ascii: "[") {
      // The Linux console's F1–F5: ESC [ [ A…E.
      guard bytes.count > 3 else { return atPause ? (.nothing, 3) : nil }
      let letter = bytes[start + 3]
      guard (UInt8(ascii: "A")...UInt8(ascii: "E")).contains(letter) else { return (.nothing, 3) }
      return (.event(.key(.function(Int(letter - UInt8(ascii: "A")) + 1))), 4)
    }
    var end = start + 2
    while end < bytes.endIndex, (0x20...0x3F).contains(bytes[end]) {
      if introducer == .csi, bytes[end] == UInt8(ascii: "$"), end > start + 2,
        bytes[(start + 2)..<end].allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
      {
        // rxvt's shifted keys (`ESC [ 7 $`, shift-home): the `~` key with shift.
        let sequence = ControlSequence(introducer: .csi, parameters: bytes[(start + 2)..<end] + Array(";2".utf8), final: UInt8(ascii: "~"))
        return (sequence.token, end + 1 - start)
      }
      end += 1
      if end - start - 2 > longestSequence { return (.overlongSequence, end - start) }
    }
    guard end < bytes.endIndex else {
      guard atPause else { return nil }
      return end == start + 2 ? (alt(.character(Character(Unicode.Scalar(introducerByte)))), 2) : (.nothing, end - start)
    }
    let final = bytes[end]
    guard (0x40...0x7E).contains(final) else {
      // Interrupted by a byte of another kind: right after the introducer it was an alt-chord
      // (alt-[ or alt-O), else the sequence so far is dropped; the byte is decoded afresh.
      return end == start + 2 ? (alt(.character(Character(Unicode.Scalar(introducerByte)))), 2) : (.nothing, end - start)
    }
    if introducer == .csi, final == UInt8(ascii: "M"), end == start + 2 {
      return legacyPointerReport(bytes, atPause: atPause)
    }
    let sequence = ControlSequence(introducer: introducer, parameters: bytes[(start + 2)..<end], final: final)
    return (sequence.token, end + 1 - start)
  }

  /// `ESC [ M` and three bytes, each at least 32: a legacy (X10) pointer report.
  private static func legacyPointerReport(_ bytes: ArraySlice<UInt8>, atPause: Bool) -> (token: InputToken, length: Int)? {
    let start = bytes.startIndex
    for offset in 3..<6 {
      guard start + offset < bytes.endIndex else { return atPause ? (.nothing, offset) : nil }
      guard bytes[start + offset] >= 32 else { return (.nothing, offset) }
    }
    let event = PointerReport.event(legacyBytes: bytes[start + 3], bytes[start + 4], bytes[start + 5])
    return (event.map { .event(.pointer($0)) } ?? .nothing, 6)
  }
}
