import Testing
import Tide
import TideTerminal
import TideTesting

@MainActor
@Suite("TextInput")
struct TextInputTests {
  func makeStore(_ state: TextInput.State = TextInput.State()) -> TestStore<TextInput.State, TextInput.Action> {
    TestStore(initialState: state, reducer: TextInput())
  }

  /// Types `text` key by key through the field's key handling, as the app routes keys.
  func type(_ keys: [Key], into state: inout TextInput.State) {
    for key in keys {
      if let action = TextInput.action(for: key) { _ = TextInput().reduce(into: &state, action: action) }
    }
  }

  func drawn(_ state: TextInput.State, width: Int, isFocused: Bool = true) -> Canvas {
    var canvas = Canvas(columns: width, rows: 1)
    TextInput.draw(state, in: canvas.bounds, on: &canvas, isFocused: isFocused)
    return canvas
  }

  @Test func typingMovingAndErasingByCharacter() async {
    let store = makeStore()
    await store.send(.insert("h")) { $0.characters = ["h"]; $0.cursor = 1 }
    await store.send(.insert("i")) { $0.characters = ["h", "i"]; $0.cursor = 2 }
    await store.send(.moveLeft) { $0.cursor = 1 }
    await store.send(.insert("!")) { $0.characters = ["h", "!", "i"]; $0.cursor = 2 }
    await store.send(.deleteBackward) { $0.characters = ["h", "i"]; $0.cursor = 1 }
    await store.send(.deleteForward) { $0.characters = ["h"] }
    // At the end, right moves nowhere.
    await store.send(.moveRight)
    await store.send(.moveToStart) { $0.cursor = 0 }
    await store.finish()
  }

  @Test func controlCharactersAreNeverTyped() async {
    let store = makeStore()
    await store.send(.insert("\u{1B}"))
    await store.send(.insert("\t"))
    await store.send(.insert("\n"))
    await store.send(.insert("\u{200B}"))
    #expect(store.state.text == "")
    #expect(TextInput.action(for: .character("\u{7F}")) == nil)
  }

  @Test func theCursorMovesOverWideCharactersFlagsAndJoinedEmojiWhole() async {
    let family = "👨‍👩‍👧"
    let flag = "🇯🇵"
    let store = makeStore(TextInput.State(text: "a漢\(flag)\(family)e\u{301}"))
    #expect(store.state.characters.count == 5)
    await store.send(.moveLeft) { $0.cursor = 4 }
    await store.send(.deleteBackward) { $0.characters = ["a", "漢", "🇯🇵", "e\u{301}"]; $0.cursor = 3 }
    await store.send(.deleteBackward) { $0.characters = ["a", "漢", "e\u{301}"]; $0.cursor = 2 }
    await store.send(.moveLeft) { $0.cursor = 1 }
    await store.send(.deleteForward) { $0.characters = ["a", "e\u{301}"] }
    await store.finish()
  }

  @Test func readlineKeys() {
    var state = TextInput.State(text: "buy fresh milk")
    type([.control("a")], into: &state)
    #expect(state.cursor == 0)
    type([.alt(.character("f"))], into: &state)
    #expect(state.cursor == 3)
    type([.alt(.character("f")), .control("b"), .control("f")], into: &state)
    #expect(state.cursor == 9)
    type([.alt(.character("b"))], into: &state)
    #expect(state.cursor == 4)
    type([.control("k")], into: &state)
    #expect(state.text == "buy ")
    type([.control("e"), .character("m"), .character("e"), .character("a"), .character("t")], into: &state)
    #expect(state.text == "buy meat")
    type([.control("w")], into: &state)
    #expect(state.text == "buy ")
    type([.character("x"), .character("y"), .alt(.backspace)], into: &state)
    #expect(state.text == "buy ")
    type([.control("a"), .alt(.character("d"))], into: &state)
    #expect(state.text == " ")
    state = TextInput.State(text: "one two")
    type([.left, .left, .control("u")], into: &state)
    #expect(state.text == "wo" && state.cursor == 0)
  }

  @Test func altChordsAndUnboundKeysNeverTypeText() {
    var state = TextInput.State(text: "buy milk")
    for key: Key in [.alt(.character("x")), .alt(.enter), .alt(.escape), .function(3), .escape, .enter, .tab] {
      #expect(TextInput.action(for: key) == nil, "\(key)")
    }
    type([.alt(.character("x")), .alt(.character("q"))], into: &state)
    #expect(state.text == "buy milk")
  }

  @Test func pasteTurnsLineBreaksIntoSpacesDropsControlCharactersAndKeepsTheLimit() async {
    let store = makeStore(TextInput.State(text: "a", characterLimit: 10))
    await store.send(.paste("b\r\nc\nd\u{1B}[31me\u{7}\tf")) {
      $0.characters = Array("ab c d[31m")
      $0.cursor = 10
    }
    await store.send(.insert("z"))
    await store.send(.moveToStart) { $0.cursor = 0 }
    await store.send(.paste("more"))
    await store.finish()
  }

  @Test func setTextReplacesTheTextFilteredAndCutToTheLimit() async {
    let store = makeStore(TextInput.State(characterLimit: 3))
    await store.send(.setText("a\nbcd")) { $0.characters = ["a", " ", "b"]; $0.cursor = 3 }
    await store.finish()
  }

  @Test func drawsThePlaceholderDimmedWhileEmpty() {
    let canvas = drawn(TextInput.State(placeholder: "your name"), width: 20)
    #expect(canvas.text() == "your name")
    #expect(canvas[0, 0].style.reverse && canvas[0, 0].style.dim)
    #expect(canvas[1, 0].style == Style(dim: true))
  }

  @Test func drawsTheCursorCellInReverseOverAWideCharacterWhole() {
    var state = TextInput.State(text: "a漢b")
    state.cursor = 1
    let canvas = drawn(state, width: 10)
    #expect(canvas.text() == "a漢b")
    #expect(!canvas[0, 0].style.reverse)
    #expect(canvas[1, 0].style.reverse && canvas[1, 0].width == 2)
    #expect(!canvas[3, 0].style.reverse)
    // At the end the cursor is a reversed blank after the text.
    #expect(drawn(TextInput.State(text: "ab"), width: 10)[2, 0].style.reverse)
    #expect(!drawn(TextInput.State(text: "ab"), width: 10, isFocused: false)[2, 0].style.reverse)
  }

  @Test func scrollsHorizontallyToKeepTheCursorInViewAndHoldsStillWhileItMovesWithin() async {
    let store = makeStore(TextInput.State(width: 5))
    for character in "abcdefgh" { await store.send(.insert(character)) { $0.characters.append(character); $0.cursor += 1; $0.scrollOffset = max(0, $0.cursor - 4) } }
    #expect(drawn(store.state, width: 5).text() == "efgh")
    // Moving left within the view does not shift the text.
    await store.send(.moveLeft) { $0.cursor = 7 }
    await store.send(.moveLeft) { $0.cursor = 6 }
    #expect(drawn(store.state, width: 5).text() == "efgh")
    await store.send(.moveToStart) { $0.cursor = 0; $0.scrollOffset = 0 }
    #expect(drawn(store.state, width: 5).text() == "abcde")
    await store.send(.moveToEnd) { $0.cursor = 8; $0.scrollOffset = 4 }
    // Erasing at the end scrolls back rather than showing blanks.
    await store.send(.deleteWordBackward) { $0.characters = []; $0.cursor = 0; $0.scrollOffset = 0 }
    await store.finish()
  }

  @Test func scrollingNeverSplitsAWideCharacterAtTheLeftEdge() {
    var state = TextInput.State(text: "漢字漢字漢字", width: 6)
    #expect(state.scrollOffset == 4)
    let canvas = drawn(state, width: 6)
    #expect(canvas.text() == "漢字")
    state.cursor = 0
    _ = TextInput().reduce(into: &state, action: .moveRight)
    #expect(drawn(state, width: 6).text() == "字漢字")
  }

  @Test func aDrawingWidthOtherThanTheStatesStillShowsTheCursor() {
    let state = TextInput.State(text: String(repeating: "x", count: 30) + "END")
    #expect(state.width == 0)
    #expect(drawn(state, width: 10).text() == "xxxxxxEND")
  }

  @Test(arguments: [
    Character("\u{0}"), "\u{7}", "\u{8}", "\t", "\n", "\r", "\r\n", "\u{1B}", "\u{7F}", "\u{85}", "\u{9B}",
    "\u{200B}", "\u{200E}", "\u{2028}", "\u{2029}", "\u{FEFF}",
  ])
  func controlAndFormatCharactersAreNeverInserted(character: Character) {
    var state = TextInput.State(text: "ab")
    _ = TextInput().reduce(into: &state, action: .moveLeft)
    _ = TextInput().reduce(into: &state, action: .insert(character))
    #expect(state.text == "ab")
    #expect(state.cursor == 1)
    #expect(!TextInput.isTypeable(character))
  }

  @Test func combiningMarksAndJoinersInsideAClusterAreTypeable() {
    #expect(TextInput.isTypeable("e\u{301}"))
    #expect(TextInput.isTypeable("👩‍💻"))
    #expect(TextInput.isTypeable("日"))
    #expect(TextInput.isTypeable(" "))
  }

  @Test func aFullFieldRefusesTypingAnywhereUntilSomethingIsErased() {
    var state = TextInput.State(text: String(repeating: "x", count: 499), characterLimit: 500)
    type([.character("日"), .character("y")], into: &state)
    #expect(state.characters.count == 500 && state.text.last == "日")
    type([.home, .character("z")], into: &state)
    #expect(state.characters.first == "x")
    type([.delete, .character("z")], into: &state)
    #expect(state.characters.count == 500 && state.characters.first == "z")
  }

  @Test func everyKindOfPastedLineBreakBecomesASpace() {
    var state = TextInput.State(text: "<>")
    type([.left], into: &state)
    _ = TextInput().reduce(into: &state, action: .paste("one\ntwo\r\nthree\rfour\u{2028}five\tsix\u{1B}[31m\u{7}"))
    #expect(state.text == "<one two three four fivesix[31m>")
    #expect(state.cursor == state.characters.count - 1, "the cursor is after the pasted text")
  }

  @Test func aVerbatimTextKeepsWhatCannotBeTypedAndShowsIt() {
    // A value from a file: an escape, a zero-width space, and more than the limit.
    let loaded = "a\u{1B}b\u{200B}" + String(repeating: "c", count: 20)
    var state = TextInput.State(verbatim: loaded, characterLimit: 10)
    #expect(state.text == loaded, "nothing dropped or cut")
    type([.character("d")], into: &state)
    #expect(state.text == loaded, "over the limit: typing is refused")
    type([.home, .right, .right, .right, .backspace], into: &state)
    #expect(state.text == "a\u{1B}\u{200B}" + String(repeating: "c", count: 20), "only what was erased changes")
    let canvas = drawn(TextInput.State(verbatim: "a\u{1B}b\u{200B}"), width: 20)
    #expect(canvas.text() == "a␛b<U+200B>")
    // The text filtered as typed text is, for comparison.
    #expect(TextInput.State(text: "a\u{1B}b\u{200B}").text == "ab")
  }

  @Test func aVerbatimTextScrollsByTheWidthItIsDrawnIn() {
    // Ten escapes drawn as ␛ take ten columns; the cursor at the end stays in view.
    let state = TextInput.State(verbatim: String(repeating: "\u{1B}", count: 10) + "end", width: 6)
    #expect(drawn(state, width: 6).text() == "␛␛end")
  }
}
