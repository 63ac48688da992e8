import CNcurses
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

@Suite struct KeyDecoderTests {
  private func character(_ code: UInt32) -> Key? {
    KeyDecoder.key(status: OK, code: code)
  }

  private func keyCode(_ code: Int32) -> Key? {
    KeyDecoder.key(status: KEY_CODE_YES, code: UInt32(code))
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
    #expect(character(28) == nil)
    #expect(character(0x85) == nil)
  }

  @Test func characters() {
    #expect(character(0x20) == .character(" "))
    #expect(character(0x61) == .character("a"))
    #expect(character(0xE9) == .character("é"))
    #expect(character(0x65E5) == .character("日"))
    #expect(character(0x1F44D) == .character("👍"))
    // A character whose code happens to equal KEY_UP is still a character when the status is OK.
    #expect(character(UInt32(KEY_UP)) == .character("ă"))
    #expect(character(0xD800) == nil)
  }

  @Test func keyCodes() {
    #expect(keyCode(KEY_UP) == .up)
    #expect(keyCode(KEY_DOWN) == .down)
    #expect(keyCode(KEY_LEFT) == .left)
    #expect(keyCode(KEY_RIGHT) == .right)
    #expect(keyCode(KEY_ENTER) == .enter)
    #expect(keyCode(KEY_BTAB) == .backTab)
    #expect(keyCode(KEY_BACKSPACE) == .backspace)
    #expect(keyCode(KEY_DC) == .delete)
    #expect(keyCode(KEY_HOME) == .home)
    #expect(keyCode(KEY_END) == .end)
    #expect(keyCode(KEY_PPAGE) == .pageUp)
    #expect(keyCode(KEY_NPAGE) == .pageDown)
    #expect(keyCode(KEY_RESIZE) == nil, "a resize is an input event, not a key")
    #expect(keyCode(tide_key_f(1)) == .function(1))
    #expect(keyCode(tide_key_f(12)) == .function(12))
    #expect(keyCode(tide_key_f(13)) == nil)
    #expect(keyCode(KEY_MOUSE) == nil)
  }

  @Test func errorIsNoKey() {
    #expect(KeyDecoder.key(status: ERR, code: 97) == nil)
  }
}
