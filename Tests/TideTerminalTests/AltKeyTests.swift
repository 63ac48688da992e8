import Testing
@testable import TideTerminal

/// Alt-chords: terminals send escape and the key together. Before `Key.alt`, alt-d reached an
/// app as `esc` then `d` (in tide-demo's input line: the input cancelled, then the selected todo
/// deleted), and an escape sequence ncurses did not know arrived as `esc [ 1 ; 5 A`, typed.
@Suite("Alt keys")
struct AltKeyTests {
  /// Decodes an escape followed by `text`, arriving together, then a pause.
  func decode(_ text: String) -> [InputEvent] {
    InputDecoder.decodeAll("\u{1B}" + text)
  }

  @Test func escapeAloneIsEscape() {
    #expect(decode("") == [.key(.escape)])
  }

  @Test func escapeThenAKeyIsThatKeyWithAlt() {
    #expect(decode("d") == [.key(.alt(.character("d")))])
    #expect(decode("b") == [.key(.alt(.character("b")))])
    #expect(decode("\u{7F}") == [.key(.alt(.backspace))])
    #expect(decode("\r") == [.key(.alt(.enter))])
    #expect(decode("é") == [.key(.alt(.character("é")))])
    #expect(decode("\u{1B}OA") == [.key(.alt(.up))])
    #expect(decode("[") == [.key(.alt(.character("[")))])
    #expect(decode("O") == [.key(.alt(.character("O")))])
  }

  /// Issue 37, finding 8: escape escape was the escape key (the second escape swallowed), so
  /// alt-escape and rxvt's alt-up (`ESC ESC [ A`) ran an app's esc command — tide-textinput
  /// and tide-form quit, and the rest of the bytes went to the shell. Now they are alt-chords,
  /// which no app binds unless it means to.
  @Test func escapeEscapeIsAltEscapeAndEscapeBeforeASequenceIsAlt() {
    #expect(decode("\u{1B}") == [.key(.alt(.escape))])
    #expect(decode("\u{1B}[A") == [.key(.alt(.up))])
    #expect(decode("\u{1B}[D") == [.key(.alt(.left))])
    #expect(decode("\u{1B}[3~") == [.key(.alt(.delete))])
    #expect(decode("\u{1B}x") == [.key(.alt(.escape)), .key(.character("x"))])
    // xterm's alt with a key: modifier 3.
    #expect(decode("[1;3A") == [.key(.alt(.up))])
    #expect(decode("[5;3~") == [.key(.alt(.pageUp))])
    // Three escapes at once: alt-escape, then an escape alone.
    #expect(decode("\u{1B}\u{1B}") == [.key(.alt(.escape)), .key(.escape)])
  }

  @Test func unknownControlSequencesAreReadToTheirEndAndDropped() {
    // super-up (xterm's modifier 9), which Tide has no key for: ESC [ 1 ; 9 A.
    #expect(decode("[1;9Ax") == [.key(.character("x"))])
    // SS3 with a final character Tide has no key for: ESC O u (the keypad's 5).
    #expect(decode("Oux") == [.key(.character("x"))])
    // A sequence cut short is dropped too.
    #expect(decode("[1;") == [])
    // A byte of another kind ends it: the sequence is dropped, the byte kept.
    #expect(decode("[1;\u{7F}") == [.key(.backspace)])
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
