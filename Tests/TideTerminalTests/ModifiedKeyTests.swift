import Testing
@testable import TideTerminal

/// Keys with shift, control and alt (issue 40), from the three ways terminals send them: xterm's
/// modifier parameter on legacy sequences, modifyOtherKeys (`CSI 27 ; m ; code ~`) and the
/// kitty keyboard protocol's `CSI code ; m u`. The sequences are those of the xterm control
/// sequences document ("PC-Style Function Keys") and the kitty protocol's tables (functional
/// key definitions, modifiers).
@Suite("Modified keys")
struct ModifiedKeyTests {
  func key(_ sequence: String) -> [InputEvent] {
    InputDecoder.decodeAll(sequence)
  }

  @Test func xtermModifierParameterOnLegacyKeys() {
    let cases: [(String, Key)] = [
      ("\u{1B}[1;5A", .up.with(.control)), ("\u{1B}[1;2B", .modified(.down, .shift)),
      ("\u{1B}[1;6C", .modified(.right, [.control, .shift])), ("\u{1B}[1;8D", .modified(.left, [.control, .alt, .shift])),
      ("\u{1B}[1;2H", .modified(.home, .shift)), ("\u{1B}[1;5F", .modified(.end, .control)),
      ("\u{1B}[5;5~", .modified(.pageUp, .control)), ("\u{1B}[6;2~", .modified(.pageDown, .shift)),
      ("\u{1B}[3;5~", .modified(.delete, .control)), ("\u{1B}[1;2P", .modified(.function(1), .shift)),
      ("\u{1B}[15;5~", .modified(.function(5), .control)), ("\u{1B}[24;2~", .modified(.function(12), .shift)),
      ("\u{1B}O5A", .modified(.up, .control)), ("\u{1B}[1;3A", .alt(.up)),
      // Caps lock and num lock (64, 128) change nothing.
      ("\u{1B}[1;69A", .modified(.up, .control)),
      // rxvt's shifted keys.
      ("\u{1B}[7$", .modified(.home, .shift)), ("\u{1B}[5$", .modified(.pageUp, .shift)),
    ]
    for (sequence, expected) in cases {
      #expect(key(sequence) == [.key(expected)], "\(sequence.debugDescription)")
    }
  }

  @Test func modifyOtherKeys() {
    let cases: [(String, Key)] = [
      ("\u{1B}[27;5;13~", .modified(.enter, .control)), ("\u{1B}[27;2;13~", .modified(.enter, .shift)),
      ("\u{1B}[27;5;9~", .modified(.tab, .control)), ("\u{1B}[27;2;9~", .backTab),
      ("\u{1B}[27;5;127~", .modified(.backspace, .control)), ("\u{1B}[27;3;127~", .alt(.backspace)),
      ("\u{1B}[27;5;97~", .control("a")), ("\u{1B}[27;6;65~", .modified(.character("a"), [.control, .shift])),
      ("\u{1B}[27;4;65~", .alt(.character("A"))), ("\u{1B}[27;7;97~", .alt(.control("a"))),
      ("\u{1B}[27;5;49~", .modified(.character("1"), .control)),
      // Format 1 (formatOtherKeys: 1) is the kitty protocol's form.
      ("\u{1B}[13;5u", .modified(.enter, .control)),
    ]
    for (sequence, expected) in cases {
      #expect(key(sequence) == [.key(expected)], "\(sequence.debugDescription)")
    }
  }

  @Test func kittyDisambiguate() {
    let cases: [(String, Key)] = [
      // Escape has its own sequence: no timing needed.
      ("\u{1B}[27u", .escape), ("\u{1B}[27;3u", .alt(.escape)),
      ("\u{1B}[97;5u", .control("a")), ("\u{1B}[105;5u", .control("i")), ("\u{1B}[109;5u", .control("m")),
      ("\u{1B}[97;6u", .modified(.character("a"), [.control, .shift])), ("\u{1B}[97;3u", .alt(.character("a"))),
      ("\u{1B}[97;4u", .alt(.character("A"))), ("\u{1B}[13;2u", .modified(.enter, .shift)),
      ("\u{1B}[9;2u", .backTab), ("\u{1B}[9;5u", .modified(.tab, .control)),
      ("\u{1B}[127;5u", .modified(.backspace, .control)), ("\u{1B}[32;5u", .modified(.character(" "), .control)),
      // Sub-parameters: alternate keys, a press (1) and a repeat (2).
      ("\u{1B}[97:65;6u", .modified(.character("a"), [.control, .shift])), ("\u{1B}[97;5:1u", .control("a")),
      ("\u{1B}[97;5:2u", .control("a")),
      // Functional keys as the protocol sends them.
      ("\u{1B}[1;5A", .modified(.up, .control)), ("\u{1B}[13;2~", .modified(.function(3), .shift)),
      ("\u{1B}[1;2S", .modified(.function(4), .shift)),
    ]
    for (sequence, expected) in cases {
      #expect(key(sequence) == [.key(expected)], "\(sequence.debugDescription)")
    }
    // A key release and the query's answer stand for nothing.
    #expect(key("\u{1B}[97;5:3u\u{1B}[?1u") == [])
  }

  /// Every key that decoded before modifiers were read decodes the same.
  @Test func unmodifiedFormsKeepTheirValues() {
    #expect(Key.character("a").with(.control) == .control("a"))
    #expect(Key.character("b").with(.alt) == .alt(.character("b")))
    #expect(Key.character("a").with(.shift) == .character("A"))
    #expect(Key.tab.with(.shift) == .backTab)
    #expect(Key.up.with(.alt) == .alt(.up))
    #expect(Key.control("a").with(.alt) == .alt(.control("a")))
    #expect(Key.up.with(.control).with(.shift) == .modified(.up, [.control, .shift]))
    #expect(Key.up.with([]) == .up)
    #expect(key("\u{1B}\u{1B}[1;5A") == [.key(.modified(.up, [.control, .alt]))])
  }

  @Test func scriptNamesAndLabels() {
    let cases: [(String, Key)] = [
      ("ctrl+shift+up", .modified(.up, [.control, .shift])), ("shift+f5", .modified(.function(5), .shift)),
      ("ctrl+alt+enter", .modified(.enter, [.control, .alt])), ("ctrl+shift+a", .modified(.character("a"), [.control, .shift])),
      ("ctrl+pgdn", .modified(.pageDown, .control)), ("ctrl++", .modified(.character("+"), .control)),
      ("ctrl+space", .modified(.character(" "), .control)),
    ]
    for (token, expected) in cases {
      #expect(Key(token: token) == expected, "\(token)")
      #expect(expected.token == token)
    }
    // The older names stay the names of their keys.
    #expect(Key(token: "ctrl+a") == .control("a"))
    #expect(Key.control("a").token == "ctrl-a")
    #expect(Key(token: "alt+b")?.token == "alt-b")
    #expect(Key(token: "shift+tab") == .backTab)
    #expect(Key(token: "shift+shift+up") == nil)
    #expect(Key(token: "ctrl+alt-b") == nil)
    #expect(Key(token: "hyper+up") == nil)
    #expect(Key(token: "+") == .character("+"))
    #expect(Key.modified(.up, [.control, .shift]).label == "ctrl-shift-↑")
  }
}
