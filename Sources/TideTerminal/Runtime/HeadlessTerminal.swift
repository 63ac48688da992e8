/// An in-memory terminal for tests and replays: the screen is a grid that can be printed as plain
/// text.
///
/// Like a real terminal, puts are staged and become visible on ``flush()``, so a renderer that
/// forgets to flush is caught. Use it from one thread (or actor) at a time.
package final class HeadlessTerminal: Terminal {
  /// The current size.
  package private(set) var size: TerminalSize
  /// How many times ``flush()`` was called.
  package private(set) var flushCount = 0
  private var staged: Canvas
  private var visible: Canvas

  /// A blank terminal of `columns` × `rows` (80×24 unless given).
  package init(columns: Int = 80, rows: Int = 24) {
    size = TerminalSize(columns: columns, rows: rows)
    staged = Canvas(columns: columns, rows: rows)
    visible = staged
  }

  /// Changes the size and blanks the screen, as a real resize garbles it.
  package func resize(columns: Int, rows: Int) {
    size = TerminalSize(columns: columns, rows: rows)
    staged = Canvas(columns: columns, rows: rows)
    visible = staged
  }

  /// Blanks the staged screen.
  package func clear() {
    staged.clear()
  }

  /// Stages `cell` at `column`, `row`; positions outside the screen are ignored.
  package func put(_ cell: Cell, atColumn column: Int, row: Int) {
    guard !cell.isContinuation else { return }
    staged.put(cell, atColumn: column, row: row)
  }

  /// Shows everything staged since the last flush.
  package func flush() {
    visible = staged
    flushCount += 1
  }

  /// The visible screen: every cell with its style.
  package var screen: Canvas { visible }

  /// The visible cell at `column`, `row`.
  package func cell(atColumn column: Int, row: Int) -> Cell {
    visible[column, row]
  }

  /// The visible screen as text: rows joined with "\n", each without trailing spaces.
  package func screenText() -> String {
    visible.text()
  }
}
