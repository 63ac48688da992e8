import Testing
import TideTerminal

@Suite struct HeadlessTerminalTests {
  @Test func putsAreVisibleOnlyAfterFlush() {
    let terminal = HeadlessTerminal(columns: 5, rows: 2)
    terminal.put(Cell("a"), atColumn: 1, row: 1)
    #expect(terminal.screenText() == "\n")
    terminal.flush()
    #expect(terminal.screenText() == "\n a")
    #expect(terminal.cell(atColumn: 1, row: 1) == Cell("a"))
  }

  @Test func screenTextTrimsTrailingSpaces() {
    let terminal = HeadlessTerminal(columns: 6, rows: 3)
    for (column, character) in "ab  c ".enumerated() {
      terminal.put(Cell(character, style: Style(reverse: true)), atColumn: column, row: 0)
    }
    terminal.put(Cell("日"), atColumn: 4, row: 2)
    terminal.flush()
    #expect(terminal.screenText() == "ab  c\n\n    日")
  }

  @Test func wideCellAtTheLastColumnBecomesASpaceAndOutOfRangeIsIgnored() {
    let terminal = HeadlessTerminal(columns: 3, rows: 1)
    terminal.put(Cell("日"), atColumn: 2, row: 0)
    terminal.put(Cell("x"), atColumn: 3, row: 0)
    terminal.put(Cell("x"), atColumn: 0, row: -1)
    terminal.flush()
    #expect(terminal.cell(atColumn: 2, row: 0) == Cell(" "))
    #expect(terminal.screenText() == "")
  }

  @Test func clearBlanksTheScreen() {
    let terminal = HeadlessTerminal(columns: 3, rows: 1)
    terminal.put(Cell("a"), atColumn: 0, row: 0)
    terminal.flush()
    terminal.clear()
    terminal.flush()
    #expect(terminal.screenText() == "")
  }

  @Test func resizeChangesTheSizeAndBlanksTheScreen() {
    let terminal = HeadlessTerminal()
    #expect(terminal.size == TerminalSize(columns: 80, rows: 24))
    terminal.put(Cell("a"), atColumn: 0, row: 0)
    terminal.flush()
    terminal.resize(columns: 100, rows: 30)
    #expect(terminal.size == TerminalSize(columns: 100, rows: 30))
    #expect(terminal.screenText() == String(repeating: "\n", count: 29))
  }
}
