import Foundation
import Testing
import Tide
import TideTerminal
import TideTestSupport
import TideTesting

@MainActor
@Suite("SelectionList")
struct SelectionListTests {
  static func items(_ count: Int) -> [ListItem] {
    (1...count).map { ListItem("Item \($0)") }
  }

  func press(_ keys: [Key], on state: inout SelectionList<ListItem>.State) {
    for key in keys {
      if let action = SelectionList.action(for: key, in: state) { _ = SelectionList().reduce(into: &state, action: action) }
    }
  }

  func drawn(_ state: SelectionList<ListItem>.State, columns: Int = 30, rows: Int) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    SelectionList.draw(state, in: canvas.bounds, on: &canvas)
    return canvas
  }

  @Test func movesClampToTheListAndTheWindowFollowsTheSelection() async {
    let store = TestStore(initialState: SelectionList.State(items: Self.items(50), height: 11), reducer: SelectionList())
    await store.send(.move(.up))
    await store.send(.move(.down)) { $0.cursor = 1 }
    await store.send(.move(.pageDown)) { $0.cursor = 11; $0.top = 2 }
    await store.send(.move(.pageUp)) { $0.cursor = 1; $0.top = 1 }
    await store.send(.move(.last)) { $0.cursor = 49; $0.top = 40 }
    await store.send(.move(.down))
    await store.send(.move(.first)) { $0.cursor = 0; $0.top = 0 }
    await store.send(.select(position: 25)) { $0.cursor = 25; $0.top = 16 }
    await store.send(.resize(height: 3)) { $0.height = 3; $0.top = 24 }
    await store.finish()
    #expect(store.state.selectedItem == ListItem("Item 26"))
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
      ListItem("Free", description: "For one person"), ListItem("Pro"),
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
    let accent = Theme.default.accent
    #expect(canvas[2, 1].style == accent.layered(over: Theme.default.selection) && canvas[8, 1].style == canvas[2, 1].style)
    #expect(canvas[2, 3].style == accent && canvas[8, 3].style == accent && canvas[9, 3].style == Theme.default.text)
    // Erasing widens the result again; esc shows every item.
    press([.backspace], on: &state)
    #expect(state.status == "32 of 120")
    press([.escape], on: &state)
    #expect(state.status == "120 items" && !state.isFiltering && state.query.text.isEmpty)
  }

  /// A parent that moved an item finds where it is shown, filter or not, to keep it selected.
  @Test func anItemsPositionIsFoundWithAndWithoutAFilter() {
    var state = SelectionList.State(items: Self.items(30), height: 6)
    #expect(state.position(ofRow: 29) == 29)
    press([.character("/"), .character("3")], on: &state)
    // "Item 3", "Item 13", "Item 23" and "Item 30" match: items 2, 12, 22 and 29.
    #expect(state.position(ofRow: 29) == 3)
    #expect(state.position(ofRow: 12) == 1)
    #expect(state.position(ofRow: 2) == 0)
    #expect(state.position(ofRow: 5) == nil, "hidden by the filter")
    #expect(state.position(ofRow: 30) == nil && state.position(ofRow: -1) == nil)
    state.select(position: state.position(ofRow: 29)!)
    #expect(state.selectedIndex == 29)
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

  @Test func aMatchNeverRunsFromOneTitleIntoTheNext() {
    var state = SelectionList.State(items: ["ab", "cd", "", "bcd", "xbc"].map { ListItem($0) })
    press([.character("/"), .character("b"), .character("c")], on: &state)
    #expect(state.matches == [3, 4])
  }

  @Test func incrementalFilteringGivesWhatFilteringFromScratchGives() {
    var random = SeededGenerator(seed: 7)
    let words = ["alpha", "Beta", "gamma", "ÉCOLE", "école", "漢字", "delta", "al", "Alp"]
    let items = (0..<500).map { _ in
      ListItem((0..<3).map { _ in words.randomElement(using: &random)! }.joined(separator: " "))
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

  @Test func withoutTheStatusRowTheItemsStartOnTheFirstRowAndAPageIsOneRowLonger() async {
    let store = TestStore(
      initialState: SelectionList.State(items: Self.items(50), height: 5, showsStatus: false), reducer: SelectionList())
    #expect(drawn(store.state, rows: 5).text() == "> Item 1\n  Item 2\n  Item 3\n  Item 4\n  Item 5")
    await store.send(.move(.pageDown)) { $0.cursor = 5; $0.top = 1 }
    await store.finish()
  }

  @Test func anAppDrawsItsOwnRowsFromItsOwnDataWhileTheListKeepsTheWindowAndSelection() {
    // The app's data, parallel to the items: which are done.
    let done = Set([1, 3])
    var state = SelectionList.State(items: Self.items(6), height: 4)
    press([.down, .down, .down], on: &state)
    var canvas = Canvas(columns: 20, rows: 4)
    var rows: [SelectionList<ListItem>.ShownRow] = []
    SelectionList.draw(state, rows: state.items, in: canvas.bounds, on: &canvas) { row, canvas in
      rows.append(row)
      let text = (done.contains(row.index) ? "[x] " : "[ ] ") + row.row.title
      canvas.drawTruncated(text, atColumn: row.rect.column, row: row.rect.row, width: row.rect.width, style: row.style)
    }
    #expect(canvas.text() == "6 items\n[x] Item 2\n[ ] Item 3\n[x] Item 4")
    #expect(rows.map(\.index) == [1, 2, 3], "only the rows in the window are drawn")
    #expect(rows.map(\.isSelected) == [false, false, true])
    // The selected row is filled in reverse video before the app draws it.
    #expect(rows[2].style.reverse && canvas[19, 3].style.reverse && !canvas[19, 2].style.reverse)
    // While filtering, the row says which characters matched.
    press([.character("/"), .character("m"), .character(" "), .character("4")], on: &state)
    SelectionList.draw(state, rows: state.items, in: canvas.bounds, on: &canvas) { row, _ in rows = [row] }
    #expect(rows.first.map { $0.matchedCharacters(in: $0.row.title) } == 3..<6)
  }

  @Test func whileTheHeightIsUnknownTheWindowIsWorkedOutWhenDrawingFromTheStoredTop() {
    var state = SelectionList.State(items: Self.items(30))
    press(Array(repeating: .down, count: 7), on: &state)
    // Drawn in 5 rows (4 items): the selection on the last of them, not scrolled to the top.
    #expect(drawn(state, rows: 5).text() == "30 items\n  Item 5\n  Item 6\n  Item 7\n> Item 8")
    press([.up], on: &state)
    #expect(drawn(state, rows: 5).text() == "30 items\n  Item 4\n  Item 5\n  Item 6\n> Item 7")
    press([.home], on: &state)
    #expect(drawn(state, rows: 5).text() == "30 items\n> Item 1\n  Item 2\n  Item 3\n  Item 4")
  }
  /// Encoded and decoded (a trace, a saved file), a filtered list is the same list, drawn the
  /// same: the filter's matches are rebuilt from the query, not written.
  @Test func aFilteredListComesBackFromJSONAsItWas() throws {
    var state = SelectionList.State(items: Self.items(30), height: 8)
    press([.down, .down, .character("/"), .character("2")], on: &state)
    let decoded = try JSONDecoder().decode(SelectionList<ListItem>.State.self, from: JSONEncoder().encode(state))
    #expect(decoded == state)
    #expect(drawn(decoded, rows: 8).text() == drawn(state, rows: 8).text())
    #expect(decoded.selectedItem == state.selectedItem)
  }

  /// A selection or window out of range in the file is brought back into range, never a crash.
  @Test func aSelectionOutOfRangeInTheFileIsClamped() throws {
    let json = #"{"ids":[{"title":"a"},{"title":"b"}],"folded":["a","b"],"showsDescriptions":false,"query":{"text":"","cursor":0,"placeholder":"filter","width":0,"scrollOffset":0},"isFiltering":false,"cursor":99,"top":-4,"height":-3,"showsStatus":true}"#
    let decoded = try JSONDecoder().decode(SelectionList<ListItem>.State.self, from: Data(json.utf8))
    #expect(decoded.cursor == 1 && decoded.top == 0 && decoded.height == 0)
  }
}
