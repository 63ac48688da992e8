import Testing
import Tide
import TideTerminal
import TideTestSupport
import TideTesting

@MainActor
@Suite("SelectionList")
struct SelectionListTests {
  static func items(_ count: Int) -> [SelectionList.Item] {
    (1...count).map { SelectionList.Item("Item \($0)") }
  }

  func press(_ keys: [Key], on state: inout SelectionList.State) {
    for key in keys {
      if let action = SelectionList.action(for: key, in: state) { _ = SelectionList().reduce(into: &state, action: action) }
    }
  }

  func drawn(_ state: SelectionList.State, columns: Int = 30, rows: Int) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    SelectionList.draw(state, in: canvas.bounds, on: &canvas)
    return canvas
  }

  @Test func movesClampToTheListAndTheWindowFollowsTheSelection() async {
    let store = TestStore(initialState: SelectionList.State(items: Self.items(50), height: 11), reducer: SelectionList())
    await store.send(.moveUp)
    await store.send(.moveDown) { $0.cursor = 1 }
    await store.send(.pageDown) { $0.cursor = 11; $0.top = 2 }
    await store.send(.pageUp) { $0.cursor = 1; $0.top = 1 }
    await store.send(.moveToBottom) { $0.cursor = 49; $0.top = 40 }
    await store.send(.moveDown)
    await store.send(.moveToTop) { $0.cursor = 0; $0.top = 0 }
    await store.send(.select(position: 25)) { $0.cursor = 25; $0.top = 16 }
    await store.send(.resize(height: 3)) { $0.height = 3; $0.top = 24 }
    await store.finish()
    #expect(store.state.selectedItem == SelectionList.Item("Item 26"))
  }

  @Test func drawsTheStatusAndOnlyTheWindowWithTheSelectionMarked() {
    var state = SelectionList.State(items: Self.items(50), height: 6)
    press([.down, .down, .down, .down, .down, .down], on: &state)
    let canvas = drawn(state, rows: 6)
    #expect(canvas.text() == """
      50 items
        Item 3
        Item 4
        Item 5
        Item 6
      > Item 7
      """)
    #expect(canvas[0, 5].style.reverse && canvas[29, 5].style.reverse)
    #expect(!canvas[0, 4].style.reverse)
  }

  @Test func descriptionsTakeASecondDimmedRow() {
    let state = SelectionList.State(items: [
      SelectionList.Item("Free", description: "For one person"), SelectionList.Item("Pro"),
    ])
    let canvas = drawn(state, rows: 5)
    #expect(canvas.text() == "2 items\n> Free\n  For one person\n  Pro\n")
    #expect(canvas[2, 2].style.dim)
  }

  @Test func slashFiltersAsYouTypeCaseInsensitivelyAndHighlightsTheMatch() {
    var state = SelectionList.State(items: Self.items(120), height: 6)
    press([.character("/")], on: &state)
    #expect(state.isFiltering)
    press([.character("I"), .character("T"), .character("e"), .character("m"), .character(" "), .character("1"), .character("1")], on: &state)
    #expect(state.status == "11 of 120")
    #expect(state.matches?.prefix(3) == [10, 109, 110])
    let canvas = drawn(state, rows: 6)
    #expect(canvas.text(ofRow: 0).hasPrefix("/ITem 11"))
    #expect(canvas.text(ofRow: 0).hasSuffix("11 of 120"))
    #expect(canvas.text(ofRow: 1) == "> Item 11")
    // "Item 11" is matched whole in "Item 11", and "Item 11" inside "Item 110".
    #expect(canvas[2, 1].style.underline && canvas[8, 1].style.underline)
    #expect(canvas[2, 3].style.underline && canvas[8, 3].style.underline && !canvas[9, 3].style.underline)
    // Erasing widens the result again; esc shows every item.
    press([.backspace], on: &state)
    #expect(state.status == "32 of 120")
    press([.escape], on: &state)
    #expect(state.status == "120 items" && !state.isFiltering && state.query.text.isEmpty)
  }

  @Test func theSelectedItemStaysSelectedWhileTheFilterStillShowsIt() {
    var state = SelectionList.State(items: Self.items(30), height: 6)
    press([.end], on: &state)
    #expect(state.selectedItem?.title == "Item 30")
    press([.character("/"), .character("3")], on: &state)
    #expect(state.selectedItem?.title == "Item 30" && state.cursor == 3)
    press([.character("9")], on: &state)
    #expect(state.shownCount == 0 && state.selectedItem == nil)
    #expect(drawn(state, rows: 4).text(ofRow: 1) == "  No matches")
    press([.backspace, .enter], on: &state)
    #expect(!state.isFiltering && state.status == "4 of 30")
    // While browsing a filtered list, its keys are the list's again and esc clears the filter.
    press([.character("j"), .escape], on: &state)
    #expect(state.status == "30 items")
  }

  @Test func whileFilteringTheQueryTakesReadlineKeysAndAltChordsDoNothing() {
    var state = SelectionList.State(items: Self.items(30), height: 6)
    press([.character("/"), .character("i"), .character("t"), .alt(.character("x")), .character("q")], on: &state)
    #expect(state.query.text == "itq")
    #expect(SelectionList.action(for: .alt(.character("x")), in: state) == nil)
    press([.control("w")], on: &state)
    #expect(state.query.text == "" && state.status == "30 items")
    // `q`, `j` and `/` are text while filtering.
    press([.character("j"), .character("/")], on: &state)
    #expect(state.query.text == "j/")
  }

  @Test func keysForHelpFollowTheMode() {
    var state = SelectionList.State(items: Self.items(3))
    #expect(SelectionList.keys(for: state).action(for: .escape) == nil)
    press([.character("/")], on: &state)
    #expect(SelectionList.keys(for: state).action(for: .enter) == .acceptFilter)
  }

  @Test func incrementalFilteringGivesWhatFilteringFromScratchGives() {
    var random = SeededGenerator(seed: 7)
    let words = ["alpha", "Beta", "gamma", "ÉCOLE", "école", "漢字", "delta", "al", "Alp"]
    let items = (0..<500).map { _ in
      SelectionList.Item((0..<3).map { _ in words.randomElement(using: &random)! }.joined(separator: " "))
    }
    var state = SelectionList.State(items: items)
    press([.character("/")], on: &state)
    for key: Key in [.character("a"), .character("L"), .character("p"), .backspace, .character(" "), .backspace, .backspace, .character("é"), .character("c"), .control("u"), .character("字")] {
      press([key], on: &state)
      let query = state.query.text.lowercased()
      let expected = items.indices.filter { query.isEmpty || items[$0].title.lowercased().contains(query) }
      #expect((state.matches ?? Array(items.indices)) == expected, "query \(query)")
    }
  }
}
