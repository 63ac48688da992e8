import Testing
import Tide
import TideTerminal
import TideTesting

@MainActor
@Suite("Table")
struct TableTests {
  static let columns = [Table.Column("Name", width: .fill()), Table.Column("Size", width: .fixed(6))]

  func drawn(_ state: Table.State, columns: Int, rows: Int) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    Table.draw(state, in: canvas.bounds, on: &canvas)
    return canvas
  }

  @Test func drawsTheHeaderAndTheRowsInFixedAndFlexibleColumnsTruncatingWithAnEllipsis() {
    let state = Table.State(columns: Self.columns, rows: [
      ["README.md", "2 KB"], ["a very long file name.txt", "123456789"], ["漢字のファイル", "1 KB"],
    ])
    let canvas = drawn(state, columns: 20, rows: 4)
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
    let rects = Table.columnRects(Self.columns + [Table.Column("Kind", width: .percentage(25))], in: Rect(column: 0, row: 0, width: 40, height: 1))
    #expect(rects.map(\.column) == [0, 23, 30])
    #expect(rects.map(\.width) == [22, 6, 10])
  }

  @Test func selectionMovesAndTheWindowScrollsOverOnlyTheRowsThatFit() async {
    let rows = (1...1_000).map { ["file \($0)", "\($0)"] }
    let store = TestStore(initialState: Table.State(columns: Self.columns, rows: rows, height: 5), reducer: Table())
    await store.send(.move(.down)) { $0.cursor = 1 }
    await store.send(.move(.pageDown)) { $0.cursor = 5; $0.top = 2 }
    await store.send(.move(.last)) { $0.cursor = 999; $0.top = 996 }
    await store.send(.move(.down))
    await store.send(.select(row: 3)) { $0.cursor = 3; $0.top = 3 }
    await store.send(.move(.first)) { $0.cursor = 0; $0.top = 0 }
    await store.finish()
    #expect(store.state.selectedRow == ["file 1", "1"])
    #expect(Table.keys.action(for: .character("j")) == .move(.down))
  }

  @Test func aWindowOtherThanTheStatesStillShowsTheSelection() {
    var state = Table.State(columns: Self.columns, rows: (1...100).map { ["row \($0)", ""] })
    state.cursor = 50
    let canvas = drawn(state, columns: 20, rows: 4)
    #expect(canvas.text(ofRow: 3) == "row 51")
    #expect(canvas[0, 3].style.reverse)
  }

  /// A press on a row selects that row, wherever the window is scrolled: the draw marks each
  /// visible row with its own index, and the header and the blank rows below the last row
  /// take nothing.
  @Test func aPressOnARowSelectsIt() async {
    let rows = (1...100).map { ["file \($0)", "\($0)"] }
    var state = Table.State(columns: Self.columns, rows: rows, height: 5)
    _ = Table().reduce(into: &state, action: .move(.last))
    var canvas = Canvas(columns: 20, rows: 6)
    Table.draw(state, in: Rect(column: 0, row: 1, width: 20, height: 5), on: &canvas, sending: { $0 })
    let map = HitMap(canvas)
    func press(_ column: Int, _ row: Int) -> Table.Action? {
      map.target(of: PointerEvent(.press(.left), column: column, row: row)) as? Table.Action
    }
    #expect(canvas.text(ofRow: 2) == "file 97       97")
    #expect(press(3, 2) == .select(row: 96))
    #expect(press(19, 5) == .select(row: 99))
    #expect(press(3, 1) == nil)
    #expect(press(3, 0) == nil)

    let store = TestStore(initialState: state, reducer: Table())
    await store.send(press(3, 2)!) { $0.cursor = 96 }
    await store.send(.select(row: 0)) { $0.cursor = 0; $0.top = 0 }
    await store.finish()
    #expect(store.state.selectedRow == ["file 1", "1"])
  }

  /// Without `sending`, a table marks no regions: presses fall through to what lies below.
  @Test func withoutSendingATableTakesNoPresses() {
    var canvas = Canvas(columns: 20, rows: 4)
    Table.draw(Table.State(columns: Self.columns, rows: [["a", "1"]]), in: canvas.bounds, on: &canvas)
    #expect(canvas.hitRegions.isEmpty)
  }
}
