import Testing
import Tide
import TideTerminal
import TideTestSupport
import TideTesting

// Not on the main actor: its huge table would hold up the tests that need it.
@Suite("Table")
struct TableTests {
  static let columns: [Table<TextRow>.Column] = [.text("Name", 0, width: .fill()), .text("Size", 1, width: .fixed(6))]

  func drawn(_ state: Table<TextRow>.State, _ rows: [TextRow], columns: Int, rows height: Int) -> Canvas {
    var canvas = Canvas(columns: columns, rows: height)
    Table.draw(state, rows: rows, in: canvas.bounds, on: &canvas)
    return canvas
  }

  /// Sends `keys` to `state` as an app does: each key's action, if any, through the reducer.
  func press(_ keys: [Key], _ state: inout Table<TextRow>.State) {
    for key in keys {
      if let action = Table.action(for: key, in: state) { _ = Table().reduce(into: &state, action: action) }
    }
  }

  @Test func drawsTheHeaderAndTheRowsInFixedAndFlexibleColumnsTruncatingWithAnEllipsis() {
    let rows = textRows([["README.md", "2 KB"], ["a very long file name.txt", "123456789"], ["漢字のファイル", "1 KB"]])
    let canvas = drawn(Table.State(columns: Self.columns, rows: rows), rows, columns: 20, rows: 4)
    #expect(canvas.text() == """
      Name          Size
      README.md     2 KB
      a very long … 12345…
      漢字のファイ… 1 KB
      """)
    #expect(canvas[0, 0].style.bold && canvas[14, 0].style.bold)
    #expect(canvas[0, 1].style.reverse && canvas[19, 1].style.reverse && !canvas[0, 2].style.reverse)
  }

  @Test func columnRectanglesLeaveOneColumnBetweenColumnsAndAddUpToTheWidth() {
    let rects = Table.columnRects(
      Self.columns + [.text("Kind", 2, width: .percentage(25))], in: Rect(column: 0, row: 0, width: 40, height: 1))
    #expect(rects.map(\.column) == [0, 23, 30])
    #expect(rects.map(\.width) == [22, 6, 10])
  }

  @Test func selectionMovesAndTheWindowScrollsOverOnlyTheRowsThatFit() {
    let rows = textRows((1...1_000).map { ["file \($0)", "\($0)"] })
    var state = Table.State(columns: Self.columns, rows: rows, height: 5)
    func send(_ action: Table<TextRow>.Action) { _ = Table().reduce(into: &state, action: action) }
    send(.move(.down))
    #expect(state.cursor == 1 && state.top == 0)
    send(.move(.pageDown))
    #expect(state.cursor == 5 && state.top == 2)
    send(.move(.last))
    #expect(state.cursor == 999 && state.top == 996)
    send(.move(.down))
    #expect(state.cursor == 999)
    send(.select(position: 3))
    #expect(state.cursor == 3 && state.top == 3)
    send(.move(.first))
    #expect(state.selectedRow(in: rows) == rows[0])
    #expect(state.selectedID == 0 && state.top == 0)
    #expect(Table.action(for: .character("j"), in: state) == .move(.down))
  }

  @Test func aWindowOtherThanTheStatesStillShowsTheSelection() {
    let rows = textRows((1...100).map { ["row \($0)", ""] })
    var state = Table.State(columns: Self.columns, rows: rows)
    state.select(position: 50)
    let canvas = drawn(state, rows, columns: 20, rows: 4)
    #expect(canvas.text(ofRow: 3) == "row 51")
    #expect(canvas[0, 3].style.reverse)
  }

  /// A press on a row selects that row, wherever the window is scrolled: the draw marks each
  /// visible row with its own position, the header's columns sort, and the blank rows below the
  /// last row take nothing.
  @Test func aPressOnARowSelectsItAndOnAHeaderSortsByItsColumn() {
    let rows = textRows((1...100).map { ["file \($0)", "\($0)"] })
    var state = Table.State(columns: Self.columns, rows: rows, height: 5)
    _ = Table().reduce(into: &state, action: .move(.last))
    var canvas = Canvas(columns: 20, rows: 6)
    Table.draw(state, rows: rows, in: Rect(column: 0, row: 1, width: 20, height: 5), on: &canvas, sending: { $0 })
    let map = HitMap(canvas)
    func press(_ column: Int, _ row: Int) -> Table<TextRow>.Action? {
      map.target(of: PointerEvent(.press(.left), column: column, row: row)) as? Table<TextRow>.Action
    }
    #expect(canvas.text(ofRow: 2) == "file 97       97")
    #expect(press(3, 2) == .select(position: 96))
    #expect(press(19, 5) == .select(position: 99))
    #expect(press(3, 1) == .sort(column: 0))
    #expect(press(16, 1) == .sort(column: 1))
    #expect(press(13, 1) == nil)
    #expect(press(3, 0) == nil)

    _ = Table().reduce(into: &state, action: press(3, 2)!)
    #expect(state.selectedID == 96)
    // Size descending: file 100 first; the selected row stays selected.
    _ = Table().reduce(into: &state, action: press(16, 1)!)
    _ = Table().reduce(into: &state, action: press(16, 1)!)
    #expect(state.sortColumn == 1 && state.sortsDescending)
    #expect(state.selectedID == 96 && state.cursor == 3)
    canvas = Canvas(columns: 20, rows: 5)
    Table.draw(state, rows: rows, in: canvas.bounds, on: &canvas)
    #expect(canvas.text() == """
      Name          Size ▼
      file 100      100
      file 99       99
      file 98       98
      file 97       97
      """)
  }

  /// Without `sending`, a table marks no regions: presses fall through to what lies below.
  @Test func withoutSendingATableTakesNoPresses() {
    var canvas = Canvas(columns: 20, rows: 4)
    let rows = textRows([["a", "1"]])
    Table.draw(Table.State(columns: Self.columns, rows: rows), rows: rows, in: canvas.bounds, on: &canvas)
    #expect(canvas.hitRegions.isEmpty)
  }

  /// `s` sorts by the next column (after the last: the app's order), `S` reverses; the header
  /// marks the column. Digits compare by value, letters without case, and equal cells keep the
  /// app's order either way.
  @Test func sKeySortsByTheNextColumnAndCapitalSReversesStablyAndByNumberValue() {
    let rows = textRows([
      ["beta", "10"], ["Alpha", "9"], ["gamma", "1.5"], ["alpha", "1.25"], ["Beta", "010"], ["delta", "x"],
    ])
    var state = Table.State(columns: Self.columns, rows: rows, height: 8)
    func names() -> [String] { (0..<state.shownCount).map { rows[state.rowIndex(at: $0)!].cells[0] } }
    func sizes() -> [String] { (0..<state.shownCount).map { rows[state.rowIndex(at: $0)!].cells[1] } }
    press([.character("s")], &state)
    #expect(state.sortColumn == 0 && !state.sortsDescending)
    #expect(names() == ["Alpha", "alpha", "beta", "Beta", "delta", "gamma"])
    press([.character("S")], &state)
    #expect(names() == ["gamma", "delta", "beta", "Beta", "Alpha", "alpha"])
    press([.character("s")], &state)
    #expect(state.sortColumn == 1 && !state.sortsDescending)
    #expect(sizes() == ["1.25", "1.5", "9", "10", "010", "x"])
    #expect(drawn(state, rows, columns: 20, rows: 2).text(ofRow: 0) == "Name          Size ▲")
    press([.character("s")], &state)
    #expect(state.sortColumn == nil && names() == rows.map { $0.cells[0] })
    #expect(drawn(state, rows, columns: 20, rows: 2).text(ofRow: 0) == "Name          Size")
    // `S` without a sort: the first column, last first.
    press([.character("S")], &state)
    #expect(state.sortColumn == 0 && state.sortsDescending)
    // The parent sorts through the same API; a column out of range sorts nothing.
    state.sort(byColumn: 7)
    #expect(state.sortColumn == nil)
    #expect(Table<TextRow>.browsingKeys.helpEntries.map(\.help).contains("reverse sort"))
  }

  /// `/` filters across every column, case-insensitively, narrowing as the query grows; the
  /// last row is the filter's line with `K of N`; enter keeps the filter and esc clears it,
  /// the selected row staying selected.
  @Test func slashFiltersAcrossColumnsShowingKOfNAndEscClears() {
    let rows = textRows((1...30).map { ["file \($0)", $0 % 3 == 0 ? "Big" : "small"] })
    var state = Table.State(columns: Self.columns, rows: rows, height: 6)
    press([.character("/"), .character("b"), .character("I")], &state)
    #expect(state.isFiltering && state.shownCount == 10 && state.status == "10 of 30")
    var canvas = drawn(state, rows, columns: 20, rows: 6)
    #expect(canvas.text(ofRow: 1) == "file 3        Big")
    #expect(canvas.text(ofRow: 5).hasPrefix("/bI") && canvas.text(ofRow: 5).hasSuffix("10 of 30"))
    // Matched characters are highlighted in the accent role.
    #expect(canvas[14, 1].style == canvas.theme.accent.layered(over: canvas.theme.selection))
    press([.down, .down, .enter], &state)
    #expect(!state.isFiltering && state.selectedID == 8)
    // Page keys move a page of the rows shown above the filter line.
    press([.pageDown], &state)
    #expect(state.cursor == 6)
    press([.character("/"), .backspace, .backspace, .character("2"), .enter], &state)
    #expect(state.status == "12 of 30" && state.selectedID == 20 && state.cursor == 3)
    canvas = drawn(state, rows, columns: 20, rows: 6)
    #expect(canvas.text(ofRow: 1) == "file 2        small")
    press([.escape], &state)
    #expect(state.status == "30 rows" && state.selectedID == 20 && !state.isFiltering)
    // A filter matching nothing says so; the parent filters through the same API.
    state.filter("zzz")
    #expect(drawn(state, rows, columns: 20, rows: 6).text(ofRow: 1) == "No matches")
    #expect(state.selectedID == nil && state.selectedRow(in: rows) == nil)
    state.filter("")
    #expect(state.status == "30 rows")
  }

  /// The selection follows the row's id when the rows change: a moved row stays selected, a
  /// deleted one gives the selection to the row now at its position (the last one, when it was
  /// past the end), in the sort's order.
  @Test func theSelectionIsKeptByIdentityWhenTheRowsAreReplaced() {
    var rows = textRows((1...10).map { ["row \($0)", "\($0)"] })
    var state = Table.State(columns: Self.columns, rows: rows, height: 5)
    let found = state.select(id: 4)
    #expect(found)
    #expect(state.cursor == 4)
    rows.insert(TextRow(id: 100, cells: ["new", "0"]), at: 0)
    state.setRows(rows)
    #expect(state.selectedID == 4 && state.cursor == 5)
    rows.removeAll { $0.id == 4 }
    state.setRows(rows)
    #expect(state.selectedID == 5 && state.cursor == 5)
    state.select(position: 9)
    #expect(state.selectedID == 9)
    rows.removeLast()
    state.setRows(rows)
    #expect(state.selectedID == 8)
    // Sorted by size, descending: the row at the selected one's position after it goes.
    state.sort(byColumn: 1, descending: true)
    state.select(position: 1)
    #expect(state.selectedID == 7)
    rows.removeAll { $0.id == 7 }
    state.setRows(rows)
    #expect(state.selectedID == 6 && state.cursor == 1)
    let gone = !state.select(id: 7)
    #expect(gone)
    state.setRows([])
    #expect(state.selectedID == nil && state.cursor == 0 && state.rowCount == 0)
  }

  /// The wheel moves the window and the selection, clamped at both ends; scrolls by any amount
  /// never overflow.
  @Test func theWheelAndScrollByClampToTheRows() {
    let rows = textRows((1...40).map { ["row \($0)", ""] })
    var state = Table.State(columns: Self.columns, rows: rows, height: 10)
    state.scroll(by: 3)
    #expect(state.cursor == 3 && state.top == 3)
    state.scroll(by: .max)
    #expect(state.cursor == 39 && state.top == 31)
    state.scroll(by: .min)
    #expect(state.cursor == 0 && state.top == 0)
  }

  /// No rows, no room, huge data, a selection past the end and cells with control, wide and
  /// zero-width characters: drawn as far as they fit, never a crash.
  @Test func emptyTinyHugeAndOutOfRangeTablesDrawWhatFits() {
    var empty = Table<TextRow>.State(columns: Self.columns)
    empty.emptyText = "Nothing yet"
    #expect(drawn(empty, [], columns: 20, rows: 3).text() == "Name          Size\nNothing yet\n")
    press([.down, .end, .character("s"), .character("/"), .character("x")], &empty)
    #expect(empty.selectedID == nil && empty.cursor == 0)
    #expect(drawn(empty, [], columns: 20, rows: 3).text(ofRow: 1) == "Nothing yet")

    let rows = textRows((0..<20_000).map { ["row \($0)\u{7}\n\t漢字e\u{301}\u{200B}", "\($0)"] })
    var state = Table.State(columns: Self.columns, rows: rows)
    state.select(position: .max)
    #expect(state.cursor == 19_999)
    state.select(position: .min)
    #expect(state.cursor == 0)
    state.select(position: 19_999)
    #expect(drawn(state, rows, columns: 1, rows: 1).text() == "")
    let one = Table.State(columns: [.text("Name", 0)], rows: rows)
    #expect(drawn(one, rows, columns: 1, rows: 1).text() == "…")
    // The bell, the line break and the tab are not drawn; wide and zero-width characters are
    // measured by display width.
    #expect(drawn(state, rows, columns: 30, rows: 3).text(ofRow: 2) == "row 19999漢字e\u{301}\u{200B}          19999")
    // No columns, no width, no height.
    #expect(drawn(Table<TextRow>.State(columns: [], rows: rows), rows, columns: 5, rows: 2).text() == "\n")
    #expect(drawn(state, rows, columns: 0, rows: 0).text() == "")
    // Rows the app no longer holds (it forgot to give them again) are left blank.
    #expect(drawn(state, Array(rows.prefix(10)), columns: 20, rows: 3).text(ofRow: 2) == "")
    var zero = Table.State(columns: [.text("", 0, width: .fixed(0))], rows: rows, height: 1)
    zero.resize(height: -5)
    zero.scroll(by: 5)
    #expect(zero.height == 0)
  }

  @Test func newColumnsAreSortedAndFilteredByWhatTheyShow() {
    let rows = textRows([["pear", "3", "green"], ["apple", "10", "red"], ["fig", "2", "purple"]])
    let name = Table<TextRow>.Column.text("Name", 0)
    let size = Table<TextRow>.Column.text("Size", 1)
    let colour = Table<TextRow>.Column.text("Colour", 2)
    var state = Table.State(columns: [name, size], rows: rows)
    state.sort(byColumn: 1)
    state.filter("p")
    _ = state.select(id: 0)
    #expect(state.shownCount == 2 && state.rowIndex(at: 0) == 0 && state.rowIndex(at: 1) == 1)
    // Size moves first and Colour comes in: the sort stays on Size, now column 0; the filter
    // reads the new column's cells too (`purple`); the selected pear stays selected.
    state.setColumns([size, colour, name], rows: rows)
    #expect(state.sortColumn == 0 && state.columns.map(\.title) == ["Size", "Colour", "Name"])
    #expect((0..<state.shownCount).compactMap { state.rowIndex(at: $0) } == [2, 0, 1])
    #expect(state.selectedID == 0 && state.status == "3 of 3")
    // The sorted column gone: the app's order; the filter reads only the colours now, and the
    // pear it hides leaves the row at its position selected.
    state.setColumns([colour], rows: rows)
    #expect(state.sortColumn == nil && !state.sortsDescending)
    #expect((0..<state.shownCount).compactMap { state.rowIndex(at: $0) } == [2])
    #expect(state.selectedID == 2)
    // Sorting by column 1 of one column sorts nothing, and draws only what there is.
    state.sort(byColumn: 1)
    #expect(state.sortColumn == nil)
    var canvas = Canvas(columns: 10, rows: 4)
    Table.draw(state, rows: rows, in: canvas.bounds, on: &canvas)
    #expect(canvas.text().hasPrefix("Colour\npurple\n"))
  }
}
