import CNcurses
import Testing
@testable import TideTerminal

/// Alt-chords: terminals send escape and the key together. Before `Key.alt`, alt-d reached an
/// app as `esc` then `d` (in tide-demo's input line: the input cancelled, then the selected todo
/// deleted), and an escape sequence ncurses did not know arrived as `esc [ 1 ; 5 A`, typed.
@Suite("Alt keys")
struct AltKeyTests {
  /// Decodes an escape followed by `codes` (OK characters; negative values are function-key
  /// codes), as ncurses hands them over.
  func decode(_ codes: [Int32]) -> (key: Key?, left: Int) {
    var pending = codes[...]
    let event = KeyDecoder.event(afterEscape: {
      guard let code = pending.popFirst() else { return nil }
      return code < 0 ? (KEY_CODE_YES, UInt32(-code)) : (OK, UInt32(code))
    })
    guard case .key(let key)? = event else { return (nil, pending.count) }
    return (key, pending.count)
  }

  @Test func escapeAloneIsEscape() {
    #expect(decode([]).key == .escape)
  }

  @Test func escapeThenAKeyIsThatKeyWithAlt() {
    #expect(decode([0x64]).key == .alt(.character("d")))
    #expect(decode([0x62]).key == .alt(.character("b")))
    #expect(decode([0x7F]).key == .alt(.backspace))
    #expect(decode([0x0D]).key == .alt(.enter))
    #expect(decode([0xE9]).key == .alt(.character("é")))
    #expect(decode([-KEY_UP]).key == .alt(.up))
    #expect(decode([0x5B]).key == .alt(.character("[")))
    #expect(decode([0x1B]).key == .escape)
  }

  @Test func unknownControlSequencesAreReadToTheirEndAndDropped() {
    // ctrl-up (xterm), where terminfo does not name it: ESC [ 1 ; 5 A.
    #expect(decode([0x5B, 0x31, 0x3B, 0x35, 0x41, 0x78]) == (nil, 1))
    // SS3 with one final character: ESC O P.
    #expect(decode([0x4F, 0x50, 0x78]) == (nil, 1))
    // A sequence cut short is dropped too.
    #expect(decode([0x5B, 0x31, 0x3B]) == (nil, 0))
  }

  @Test func altKeysHaveScriptTokensAndHelpLabels() {
    #expect(Key(token: "alt-b") == .alt(.character("b")))
    #expect(Key(token: "alt-backspace") == .alt(.backspace))
    #expect(Key(token: "alt-space") == .alt(.character(" ")))
    #expect(Key(token: "alt-alt-b") == nil)
    #expect(Key(token: "alt-") == nil)
    #expect(Key.alt(.character("f")).token == "alt-f")
    #expect(Key.alt(.left).token == "alt-left")
    #expect(Key.alt(.backspace).label == "alt-backspace")
    #expect(Key(token: "a") == .character("a"))
    #expect(Key(token: "-") == .character("-"))
  }
}
