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
  /// The window title the app set, sanitized as a real terminal gets it, or `nil` while it shows
  /// the terminal's own (before the app set one, or after it gave it back).
  package private(set) var title: String?
  /// Every title written, in order (`nil` for the terminal's own put back): what a test checks
  /// to see that a title is written only when it changes.
  package private(set) var titleWrites: [String?] = []
  /// The texts copied to the clipboard, in order.
  package private(set) var clipboardCopies: [String] = []
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

  /// Records the title as a terminal would show it.
  package func setTitle(_ title: String?) {
    self.title = title.map(WindowTitle.sanitized)
    titleWrites.append(self.title)
  }

  /// Records the copy, if a terminal would take it (see `ClipboardCopy`).
  package func copyToClipboard(_ text: String) {
    guard ClipboardCopy.sequence(for: text) != nil else { return }
    clipboardCopies.append(text)
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
