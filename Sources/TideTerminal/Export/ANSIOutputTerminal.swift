/// An output-only terminal that turns what the ``Renderer`` writes into ANSI escape sequences:
/// cursor moves, SGR styles and the cells' text, one chunk per frame.
///
/// It is fed the same cell diff a real terminal gets, so the chunks, written in order into a
/// fresh terminal of the same size, end on exactly the last frame's screen. That makes it the
/// encoder behind asciinema casts (see ``AsciicastWriter``): render each frame to it and take
/// the frame's bytes with ``takeOutput()``.
///
/// Only what cells need is used: `CSI row;col H` (absolute moves, emitted only when the cursor
/// is not already there), `CSI 2 J` before a full redraw, `CSI 0;…m` with bold (1), dim (2),
/// underline (4), reverse (7) and the 16 colours (30–37, 90–97, 40–47, 100–107), and
/// `CSI ?25l` once, to hide the cursor. Use it from one thread at a time.
package final class ANSIOutputTerminal: Terminal {
  /// The size frames are drawn at; change it with ``resize(to:)`` before rendering a frame of
  /// another size.
  package private(set) var size: TerminalSize
  private var pending = ""
  private var flushed = ""
  private var hasStarted = false
  /// Where the next character would be written, or `nil` when unknown (after a clear, or in the
  /// pending-wrap state after the last column).
  private var cursor: (column: Int, row: Int)?
  /// The SGR state the terminal is in, or `nil` when unknown.
  private var style: Style?

  /// An encoder for a `size` terminal.
  package init(size: TerminalSize) {
    self.size = size
  }

  /// Sets the size the next frames are drawn at. The ``Renderer`` redraws everything after a
  /// size change, so the next chunk clears and repaints the resized screen.
  package func resize(to size: TerminalSize) {
    self.size = size
    cursor = nil
  }

  /// The escape sequences of every frame flushed since the last call, in order.
  package func takeOutput() -> String {
    defer { flushed = "" }
    return flushed
  }

  /// Resets the style and erases the screen, ahead of a full redraw.
  package func clear() {
    start()
    pending += "\u{1B}[0m\u{1B}[2J"
    style = .plain
    cursor = nil
  }

  /// Moves to `column`, `row` if the cursor is elsewhere, switches style if needed and writes
  /// the cell's text — all of it, as the curses terminal does, so a ZWJ sequence arrives whole.
  package func put(_ cell: Cell, atColumn column: Int, row: Int) {
    guard !cell.isContinuation, column >= 0, row >= 0, column < size.columns, row < size.rows else { return }
    start()
    if cursor?.column != column || cursor?.row != row {
      pending += "\u{1B}[\(row + 1);\(column + 1)H"
    }
    if style != cell.style {
      pending += Self.selectGraphicRendition(cell.style)
      style = cell.style
    }
    pending += cell.text
    let next = column + Int(cell.width)
    // Past the last column a terminal waits to wrap; an explicit move is the only safe way on.
    cursor = next < size.columns ? (next, row) : nil
  }

  /// Ends the frame: what was put since the last flush becomes output.
  package func flush() {
    flushed += pending
    pending = ""
  }

  private func start() {
    guard !hasStarted else { return }
    hasStarted = true
    pending += "\u{1B}[?25l"
  }

  /// `CSI 0;…m`: resets, then sets every attribute and colour of `style`, so the result does not
  /// depend on what was set before.
  static func selectGraphicRendition(_ style: Style) -> String {
    var codes = ["0"]
    if style.bold { codes.append("1") }
    if style.dim { codes.append("2") }
    if style.underline { codes.append("4") }
    if style.reverse { codes.append("7") }
    if let index = style.foreground.ansiIndex {
      codes.append(String(index < 8 ? 30 + index : 90 + index - 8))
    }
    if let index = style.background.ansiIndex {
      codes.append(String(index < 8 ? 40 + index : 100 + index - 8))
    }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }
}
