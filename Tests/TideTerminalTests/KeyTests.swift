import Testing
@testable import TideTerminal

@Suite struct KeyTokenTests {
  static let namedTokens: [(String, Key)] = [
    ("space", .character(" ")), ("tab", .tab), ("btab", .backTab), ("enter", .enter), ("esc", .escape),
    ("backspace", .backspace), ("delete", .delete), ("up", .up), ("down", .down), ("left", .left),
    ("right", .right), ("home", .home), ("end", .end), ("pgup", .pageUp), ("pgdn", .pageDown),
  ]

  static var allTokens: [String] {
    namedTokens.map(\.0) + (1...12).map { "f\($0)" } + "abcdefghijklmnopqrstuvwxyz".map { "ctrl-\($0)" }
      + ["a", "Z", "+", "=", "?", "-", "0", "é", "日", "👍", "#", "\""]
  }

  @Test(arguments: namedTokens)
  func namedTokenParses(token: String, key: Key) {
    #expect(Key(token: token) == key)
  }

  @Test(arguments: allTokens)
  func tokenRoundTrips(token: String) throws {
    let key = try #require(Key(token: token))
    #expect(key.token == token)
  }

  @Test func functionAndControlKeys() {
    #expect(Key(token: "f1") == .function(1))
    #expect(Key(token: "f12") == .function(12))
    #expect(Key(token: "ctrl-c") == .control("c"))
    #expect(Key(token: "é") == .character("é"))
    #expect(Key(token: "e\u{301}") == .character("e\u{301}"))
  }

  @Test func invalidTokensAreRejected() {
    // Not test arguments: the log would print the control characters among them raw.
    let tokens = [
      "", "f0", "f13", "f01", "F1", "ctrl-", "ctrl-A", "ctrl-ab", "ctrl-1", "Tab", "ENTER", "enterr", "ab",
      "\u{7}", "\t", "\u{301}", "shift-tab",
    ]
    for token in tokens {
      #expect(Key(token: token) == nil, "\(token.debugDescription)")
    }
  }

  @Test func keysScriptsCannotNameHaveNoToken() {
    #expect(Key.function(13).token == nil)
    #expect(Key.control("A").token == nil)
    #expect(Key.character("\u{7}").token == nil)
  }

  @Test func labels() {
    #expect(Key.up.label == "↑")
    #expect(Key.down.label == "↓")
    #expect(Key.left.label == "←")
    #expect(Key.right.label == "→")
    #expect(Key.character(" ").label == "space")
    #expect(Key.character("+").label == "+")
    #expect(Key.control("c").label == "ctrl-c")
    #expect(Key.tab.label == "tab")
    #expect(Key.backTab.label == "shift-tab")
    #expect(Key.escape.label == "esc")
    #expect(Key.function(5).label == "f5")
  }
}

/// The keys of single characters and of the sequences terminals send for the other keys, as
/// the byte decoder reads them (these were ncurses' codes, through `wget_wch`, before).
@Suite struct KeyDecodingTests {
  private func character(_ code: UInt32) -> Key? {
    guard case .key(let key)? = InputDecoder.decodeAll(String(Character(Unicode.Scalar(code)!))).first else { return nil }
    return key
  }

  private func key(_ sequence: String) -> Key? {
    let events = InputDecoder.decodeAll(sequence)
    guard events.count == 1, case .key(let key) = events[0] else { return nil }
    return key
  }

  @Test func controlCodes() {
    #expect(character(10) == .enter)
    #expect(character(13) == .enter)
    #expect(character(9) == .tab)
    #expect(character(27) == .escape)
    #expect(character(127) == .backspace)
    #expect(character(8) == .backspace)
    #expect(character(1) == .control("a"))
    #expect(character(3) == .control("c"))
    #expect(character(26) == .control("z"))
    #expect(character(0) == nil)
    #expect(character(28) == Key.character("\\").with(.control), "ctrl-\\, the tty's quit character")
    #expect(character(0x85) == nil)
  }

  @Test func characters() {
    #expect(character(0x20) == .character(" "))
    #expect(character(0x61) == .character("a"))
    #expect(character(0xE9) == .character("é"))
    #expect(character(0x65E5) == .character("日"))
    #expect(character(0x1F44D) == .character("👍"))
    #expect(character(0x103) == .character("ă"))
  }

  /// The sequences of xterm (both cursor-key modes), rxvt, the Linux console, screen/tmux and
  /// vt220: what their terminfo entries name (`kcuu1`, `khome`, `kf1`…), decoded as ncurses
  /// decoded them for each.
  @Test func namedKeys() {
    let keys: [(String, Key)] = [
      ("\u{1B}[A", .up), ("\u{1B}OA", .up), ("\u{1B}[B", .down), ("\u{1B}OB", .down),
      ("\u{1B}[C", .right), ("\u{1B}OC", .right), ("\u{1B}[D", .left), ("\u{1B}OD", .left),
      ("\u{1B}[H", .home), ("\u{1B}OH", .home), ("\u{1B}[1~", .home), ("\u{1B}[7~", .home),
      ("\u{1B}[F", .end), ("\u{1B}OF", .end), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end),
      ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[Z", .backTab),
      ("\u{1B}OM", .enter),
      // The keypad's corners (terminfo's ka1, ka3, kc1, kc3).
      ("\u{1B}Ow", .home), ("\u{1B}Oy", .pageUp), ("\u{1B}Oq", .end), ("\u{1B}Os", .pageDown),
      ("\u{1B}OP", .function(1)), ("\u{1B}OQ", .function(2)), ("\u{1B}OR", .function(3)), ("\u{1B}OS", .function(4)),
      ("\u{1B}[11~", .function(1)), ("\u{1B}[12~", .function(2)), ("\u{1B}[13~", .function(3)),
      ("\u{1B}[14~", .function(4)), ("\u{1B}[15~", .function(5)),
      ("\u{1B}[[A", .function(1)), ("\u{1B}[[B", .function(2)), ("\u{1B}[[E", .function(5)),
      ("\u{1B}[17~", .function(6)), ("\u{1B}[18~", .function(7)), ("\u{1B}[19~", .function(8)),
      ("\u{1B}[20~", .function(9)), ("\u{1B}[21~", .function(10)), ("\u{1B}[23~", .function(11)),
      ("\u{1B}[24~", .function(12)),
    ]
    for (sequence, expected) in keys {
      #expect(key(sequence) == expected, "\(sequence.debugDescription)")
    }
  }

  /// Keys Tide has no value for (insert, the keypad's centre, F13 and beyond, super, hyper
  /// or meta with a key, a key release) are dropped whole: none of their bytes is typed. (`CSI I`,
  /// once here, is a focus report now: ``Key/focusIn``.)
  @Test func keysWithoutAValueAreDroppedWhole() {
    for sequence in [
      "\u{1B}[2~", "\u{1B}[E", "\u{1B}[G", "\u{1B}Ou", "\u{1B}[25~", "\u{1B}[1;9A", "\u{1B}[1;33P", "\u{1B}[15;17~",
      "\u{1B}[a", "\u{1B}Oa", "\u{1B}[2$", "\u{1B}[7^", "\u{1B}[201~", "\u{1B}[97;5:3u",
      "\u{1B}[57399u", "\u{1B}[27;9;97~", "\u{1B}[?1u",
    ] {
      #expect(InputDecoder.decodeAll(sequence + "x") == [.key(.character("x"))], "\(sequence.debugDescription)")
    }
  }
}
