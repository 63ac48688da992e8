import Testing
import Tide
import TideTerminal
import TideTesting

@MainActor
@Suite("Viewport")
struct ViewportTests {
  func drawn(_ state: Viewport.State) -> String {
    var canvas = Canvas(columns: state.width, rows: state.height)
    Viewport.draw(state, in: canvas.bounds, on: &canvas)
    return canvas.text()
  }

  func send(_ actions: Viewport.Action..., to state: inout Viewport.State) {
    for action in actions { _ = Viewport().reduce(into: &state, action: action) }
  }

  @Test func softWrapsByDisplayWidthKeepingClustersWhole() {
    let state = Viewport.State(text: "abcdefghij\n漢字漢字漢\n🇯🇵🇯🇵🇯🇵x\n\nlast", width: 4, height: 12)
    #expect(state.lineCount == 5)
    #expect(drawn(state) == """
      abcd
      efgh
      ij
      漢字
      漢字
      漢
      🇯🇵🇯🇵
      🇯🇵x

      last


      """)
    #expect(state.rowCount == 10)
  }

  @Test func tabsGoToTheNextMultipleOfEightAndCarriageReturnsBeforeLineFeedsGo() {
    let state = Viewport.State(text: "a\tb\r\nxy\r\n", width: 20, height: 3)
    #expect(state.lineCount == 2)
    #expect(drawn(state) == "a       b\nxy\n")
  }

  @Test func lineAndPageKeysScrollWithinTheTextAndThePercentageReaches100AtTheEnd() async {
    let text = (1...100).map { "line \($0)" }.joined(separator: "\n")
    let store = TestStore(initialState: Viewport.State(text: text, width: 20, height: 10), reducer: Viewport())
    #expect(store.state.percentage == 0 && store.state.maximumTopRow == 90)
    await store.send(.scrollUp)
    await store.send(.scrollDown) { $0.topRow = 1 }
    #expect(store.state.percentage == 1)
    await store.send(.pageDown) { $0.topRow = 11 }
    await store.send(.halfPageDown) { $0.topRow = 16 }
    await store.send(.scrollToBottom) { $0.topRow = 90 }
    #expect(store.state.percentage == 100 && store.state.isAtEnd)
    #expect(drawn(store.state).hasSuffix("line 91\nline 92\nline 93\nline 94\nline 95\nline 96\nline 97\nline 98\nline 99\nline 100"))
    await store.send(.pageDown)
    await store.send(.pageUp) { $0.topRow = 80 }
    #expect(store.state.percentage == 88)
    await store.send(.scrollToTop) { $0.topRow = 0 }
    await store.finish()
    #expect(Viewport.keys.action(for: .character(" ")) == .pageDown)
    #expect(Viewport.keys.action(for: .character("G")) == .scrollToBottom)
  }

  @Test func aTextShorterThanTheViewIsAllOnScreenAt100Percent() {
    let state = Viewport.State(text: "one\ntwo", width: 10, height: 5)
    #expect(state.percentage == 100 && state.isAtEnd)
  }

  @Test func aResizeKeepsTheFirstCharacterOnScreenOnScreen() {
    let text = (1...50).map { "\($0): " + String(repeating: "word ", count: 6) }.joined(separator: "\n")
    var state = Viewport.State(text: text, width: 40, height: 5)
    send(.pageDown, .pageDown, .scrollDown, .scrollDown, to: &state)
    func topRow() -> Substring { drawn(state).split(separator: "\n").first! }
    #expect(topRow() == "13: word word word word word word")
    send(.resize(width: 10, height: 5), to: &state)
    #expect(topRow() == "13: word w")
    // In the middle of a wrapped line: the row holding that character comes to the top.
    send(.scrollDown, .scrollDown, to: &state)
    #expect(topRow() == "ord word w")
    send(.resize(width: 5, height: 5), to: &state)
    #expect(topRow() == "ord w")
    send(.resize(width: 7, height: 5), to: &state)
    #expect(topRow() == "word wo")
    send(.resize(width: 80, height: 5), to: &state)
    #expect(topRow() == "13: word word word word word word")
  }

  @Test func aHundredThousandLinesOpenAndPageOnlyWrappingWhatIsOnScreen() {
    let text = (1...100_000).map { "Line \($0) " + String(repeating: "x", count: $0 % 90) }.joined(separator: "\n")
    var state = Viewport.State(text: text, width: 80, height: 24)
    #expect(state.lineCount == 100_000)
    send(.scrollToBottom, to: &state)
    #expect(drawn(state).hasSuffix("Line 100000 " + String(repeating: "x", count: 100_000 % 90)))
    #expect(state.percentage == 100)
    send(.pageUp, to: &state)
    #expect(state.percentage == 99)
  }

  @Test func setTextStartsOverAtTheTop() async {
    let store = TestStore(initialState: Viewport.State(text: "a\nb\nc\nd", width: 5, height: 2), reducer: Viewport())
    store.exhaustivity = .off
    await store.send(.scrollToBottom)
    await store.send(.setText("x\ny\nz"))
    #expect(store.state.topRow == 0 && store.state.lineCount == 3 && drawn(store.state) == "x\ny")
  }
  /// A parent sets the size, the text and the scroll position through public methods, as the
  /// actions would, without calling the viewport's reducer by hand.
  @Test func aParentSizesFillsAndScrollsItThroughPublicMethods() {
    var state = Viewport.State(text: "", width: 5, height: 2)
    state.setText("one\ntwo\nthree\nfour")
    state.scroll(by: 2)
    #expect(drawn(state) == "three\nfour")
    state.scroll(by: -10)
    #expect(state.topRow == 0)
    state.scroll(by: 99)
    #expect(state.isAtEnd)
    state.scroll(by: .min)
    #expect(state.topRow == 0)
    state.scroll(by: .max)
    #expect(state.isAtEnd)
    state.resize(width: 3, height: 3)
    #expect(state.width == 3 && state.height == 3)
    // Wrapped again at three columns, "three" (the first line on screen) still at the top.
    #expect(drawn(state) == "thr\nee\nfou")
  }
}
