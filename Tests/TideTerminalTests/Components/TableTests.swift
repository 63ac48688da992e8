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
    await store.send(.moveDown) { $0.cursor = 1 }
    await store.send(.pageDown) { $0.cursor = 5; $0.top = 2 }
    await store.send(.moveToBottom) { $0.cursor = 999; $0.top = 996 }
    await store.send(.moveDown)
    await store.send(.select(row: 3)) { $0.cursor = 3; $0.top = 3 }
    await store.send(.moveToTop) { $0.cursor = 0; $0.top = 0 }
    await store.finish()
    #expect(store.state.selectedRow == ["file 1", "1"])
    #expect(Table.keys.action(for: .character("j")) == .moveDown)
  }

  @Test func aWindowOtherThanTheStatesStillShowsTheSelection() {
    var state = Table.State(columns: Self.columns, rows: (1...100).map { ["row \($0)", ""] })
    state.cursor = 50
    let canvas = drawn(state, columns: 20, rows: 4)
    #expect(canvas.text(ofRow: 3) == "row 51")
    #expect(canvas[0, 3].style.reverse)
  }
}
