/// A terminal string in the input — OSC (`ESC ]`), DCS (`ESC P`), APC (`ESC _`), PM (`ESC ^`) or
/// SOS (`ESC X`), or their C1 forms (U+009D, U+0090, U+009F, U+009E, U+0098) — as it arrives,
/// after its introducer, up to its end. ``InputDecoder`` holds one while it is open.
///
/// Why they are consumed whole: they are a terminal's replies to queries (OSC 11's background
/// colour, DECRQSS, kitty's graphics answers) or junk, and a reply decoded as keys typed its
/// text into inputs and ran its letters as commands (`r` reset tide-demo's counter). The
/// decoder drops them, but for the answer to OSC 11's query of the background colour, which it
/// keeps for the start of a live run (see ``InputDecoder``'s `handle(_:)` and
/// ``BackgroundColorReply``).
///
/// Its end:
/// - ST (`ESC \`, or U+009C), BEL for an OSC (xterm's own replies end that way); CAN or SUB
///   cancel it, as on a VT.
/// - An escape followed by anything other than `\` cancels it, and that escape begins what
///   comes next: a string cut short never swallows the keys behind it.
/// - No end for ``unterminatedSilence``: it is dropped and keys are keys again — a terminal
///   sends a reply in one burst (the same reasoning as ``BracketedPaste/unterminatedSilence``).
/// - Only an introducer, and nothing after it for ``InputDecoder/escapeDelay``: it was a
///   person's alt-chord (alt-], alt-shift-P…), delivered as such.
///
/// The body is kept up to ``limit`` bytes; past that the rest is consumed to the end and not
/// kept, so hostile input cannot grow memory.
struct TerminalString: Equatable {
  enum Kind: Equatable { case osc, dcs, apc, pm, sos }

  /// Bytes of a body kept: far more than any reply to a query (an OSC 52 clipboard read is the
  /// largest one might ask for later).
  static let limit = 64 * 1024
  /// Silence that ends a string whose end never came.
  static let unterminatedSilence: Duration = BracketedPaste.unterminatedSilence

  /// A string that ended: what a reply handler would be given.
  struct Ended: Equatable {
    let kind: Kind
    /// The body, or `nil` when it passed ``limit`` or was cancelled: not a whole reply.
    let body: [UInt8]?
  }

  let kind: Kind
  /// The key an introducer alone stands for (alt-] for `ESC ]`); `nil` for a C1 introducer.
  let altKey: Key?
  private var body: [UInt8] = []
  /// Body bytes seen, kept or not.
  private var length = 0
  /// The last byte of the input so far, when it may start a terminator: an escape, or 0xC2 (the
  /// lead of U+009C).
  private var pending: UInt8?

  init(_ kind: Kind, altKey: Key?) {
    self.kind = kind
    self.altKey = altKey
  }

  /// The introducer that begins a string after an escape (`]`, `P`, `_`, `^`, `X`).
  static func kind(afterEscape byte: UInt8) -> Kind? {
    switch byte {
    case UInt8(ascii: "]"): .osc
    case UInt8(ascii: "P"): .dcs
    case UInt8(ascii: "_"): .apc
    case UInt8(ascii: "^"): .pm
    case UInt8(ascii: "X"): .sos
    default: nil
    }
  }

  /// The C1 control that begins a string, as a character.
  static func kind(c1 scalar: Unicode.Scalar) -> Kind? {
    switch scalar.value {
    case 0x9D: .osc
    case 0x90: .dcs
    case 0x9F: .apc
    case 0x9E: .pm
    case 0x98: .sos
    default: nil
    }
  }

  enum Progress: Equatable {
    case open
    /// Ended: the string, and the input after its end, to be decoded as keys.
    case ended(Ended, rest: [UInt8])
  }

  /// How long input may pause before ``inputPaused()`` must be called.
  var waitForMore: Duration {
    length == 0 && pending == nil && altKey != nil ? InputDecoder.escapeDelay : Self.unterminatedSilence
  }

  private static let escape: UInt8 = 0x1B

  /// Takes the next bytes of the string.
  mutating func receive(_ bytes: some Collection<UInt8>) -> Progress {
    var input = pending.map { [$0] } ?? []
    pending = nil
    input.append(contentsOf: bytes)
    var index = input.startIndex
    while index < input.endIndex {
      let byte = input[index]
      switch byte {
      case Self.escape, 0xC2:
        guard index + 1 < input.endIndex else {
          pending = byte
          return .open
        }
        let next = input[index + 1]
        if byte == Self.escape {
          if next == UInt8(ascii: "\\") { return end(rest: input[(index + 2)...]) }
          return cancel(rest: input[index...])
        }
        if next == 0x9C { return end(rest: input[(index + 2)...]) }
      case 0x07 where kind == .osc:
        return end(rest: input[(index + 1)...])
      case 0x18, 0x1A:
        return cancel(rest: input[(index + 1)...])
      default:
        break
      }
      append(byte)
      index += 1
    }
    return .open
  }

  /// No input came for ``waitForMore``: an introducer alone is its alt-chord; otherwise the
  /// string is dropped. Returns that key, if any, and the input held back (an escape or 0xC2 at
  /// the very end), to be decoded as keys.
  mutating func inputPaused() -> (key: Key?, rest: [UInt8]) {
    let rest = pending.map { [$0] } ?? []
    if length == 0, rest.isEmpty, let altKey { return (.alt(altKey), []) }
    return (nil, rest)
  }

  private mutating func append(_ byte: UInt8) {
    if length < Self.limit { body.append(byte) }
    length += 1
  }

  private func end(rest: ArraySlice<UInt8>) -> Progress {
    .ended(Ended(kind: kind, body: length <= Self.limit ? body : nil), rest: Array(rest))
  }

  private func cancel(rest: ArraySlice<UInt8>) -> Progress {
    .ended(Ended(kind: kind, body: nil), rest: Array(rest))
  }
}
