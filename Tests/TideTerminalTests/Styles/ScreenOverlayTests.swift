@testable import TideTerminal
import Testing

/// What ``ScreenOverlay`` writes over ncurses' update: the cells put in a form ncurses cannot
/// say, and again every such cell of a row ncurses writes to, since it rewrites unchanged cells
/// there in its own nearest form.
@Suite("The overlay of what ncurses cannot say")
struct ScreenOverlayTests {
  struct Write: Equatable {
    var text: String
    var column: Int
    var row: Int
    var sgr: String
  }

  static let exact = "\u{1B}[0;38;2;125;207;255m"
  static let plain = "\u{1B}[0m"

  func writes(_ overlay: inout ScreenOverlay) -> [Write] {
    var writes: [Write] = []
    overlay.takeWrites { cell, column, row, sgr, _ in writes.append(Write(text: cell.text, column: column, row: row, sgr: sgr)) }
    return writes
  }

  func overlay() -> ScreenOverlay {
    var overlay = ScreenOverlay()
    overlay.reset(columns: 10, rows: 3)
    return overlay
  }

  @Test func aCellPutIsWrittenOnceAndNotAgainWhileNcursesLeavesItsRowAlone() {
    var overlay = overlay()
    overlay.show(Cell("a"), atColumn: 2, row: 1, sgr: Self.exact, link: nil)
    #expect(writes(&overlay) == [Write(text: "a", column: 2, row: 1, sgr: Self.exact)])
    overlay.show(Cell("b"), atColumn: 5, row: 1, sgr: Self.exact, link: nil)
    #expect(writes(&overlay) == [Write(text: "b", column: 5, row: 1, sgr: Self.exact)])
    #expect(writes(&overlay) == [])
  }

  @Test func everyCellOfARowNcursesWritesToIsWrittenAgain() {
    var overlay = overlay()
    for column in [1, 3, 5] { overlay.show(Cell("x"), atColumn: column, row: 0, sgr: Self.exact, link: nil) }
    overlay.show(Cell("y"), atColumn: 1, row: 2, sgr: Self.exact, link: nil)
    _ = writes(&overlay)
    // A digit ncurses draws exactly changes between them: it may rewrite the "x"s on its way.
    overlay.drawnByCurses(Cell("4"), atColumn: 4, row: 0) { Self.plain }
    #expect(writes(&overlay).map(\.column) == [1, 3, 5])
    #expect(writes(&overlay) == [])
  }

  @Test func aPlainCellOverOneOfTheOverlaysIsWrittenOnceThenForgotten() {
    var overlay = overlay()
    overlay.show(Cell("a"), atColumn: 2, row: 1, sgr: Self.exact, link: nil)
    _ = writes(&overlay)
    // ncurses' picture holds the cell in the palette's nearest colour: a cell in exactly that
    // colour is no change to it, but is one to the terminal.
    overlay.drawnByCurses(Cell("a"), atColumn: 2, row: 1) { Self.plain }
    #expect(writes(&overlay) == [Write(text: "a", column: 2, row: 1, sgr: Self.plain)])
    overlay.drawnByCurses(Cell("c"), atColumn: 3, row: 1) { Self.plain }
    #expect(writes(&overlay) == [])
  }

  @Test func aWideCellForgetsWhatItCovers() {
    var overlay = overlay()
    overlay.show(Cell("a"), atColumn: 3, row: 0, sgr: Self.exact, link: nil)
    _ = writes(&overlay)
    overlay.drawnByCurses(Cell("日"), atColumn: 2, row: 0) { Self.plain }
    #expect(writes(&overlay) == [Write(text: "日", column: 2, row: 0, sgr: Self.plain)])
    overlay.drawnByCurses(Cell("b"), atColumn: 0, row: 0) { Self.plain }
    #expect(writes(&overlay) == [], "nothing of the record is left in the row")
  }

  @Test func aClearedScreenForgetsEveryCell() {
    var overlay = overlay()
    overlay.show(Cell("a"), atColumn: 2, row: 1, sgr: Self.exact, link: nil)
    _ = writes(&overlay)
    overlay.clear()
    overlay.drawnByCurses(Cell("b"), atColumn: 0, row: 1) { Self.plain }
    #expect(writes(&overlay) == [])
  }

  @Test func cellsOutsideTheScreenAreIgnored() {
    var overlay = overlay()
    overlay.show(Cell("a"), atColumn: 10, row: 0, sgr: Self.exact, link: nil)
    overlay.drawnByCurses(Cell("b"), atColumn: 0, row: 3) { Self.plain }
    #expect(writes(&overlay) == [])
  }

  @Test func anUpdateThatMayMoveLinesHasEveryCellWrittenAgain() {
    var overlay = overlay()
    overlay.show(Cell("a"), atColumn: 2, row: 0, sgr: Self.exact, link: nil)
    overlay.show(Cell("b"), atColumn: 4, row: 2, sgr: Self.exact, link: nil)
    _ = writes(&overlay)
    overlay.cursesMayWriteEveryRow()
    #expect(writes(&overlay).map(\.text) == ["a", "b"])
  }

  @Test func onlyTheCellsPutAndKeptAreHeldAsShown() {
    var overlay = overlay()
    #expect(!overlay.holdsCells)
    overlay.show(Cell("a"), atColumn: 2, row: 0, sgr: Self.exact, link: nil)
    _ = writes(&overlay)
    overlay.show(Cell("b"), atColumn: 4, row: 2, sgr: Self.exact, link: nil)
    // A plain cell over "a": written over by the overlay, and by ncurses, so not held as shown.
    overlay.drawnByCurses(Cell("c"), atColumn: 2, row: 0) { Self.plain }
    var shown: [[Int]] = []
    overlay.forEachShownPut { column, row in shown.append([column, row]) }
    #expect(shown == [[4, 2]])
    #expect(overlay.holdsCells)
    _ = writes(&overlay)
    overlay.drawnByCurses(Cell("d"), atColumn: 4, row: 2) { Self.plain }
    _ = writes(&overlay)
    #expect(!overlay.holdsCells)
  }
}
