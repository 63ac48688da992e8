/// An output-only terminal that turns what the ``Renderer`` writes into ANSI escape sequences:
/// cursor moves, SGR styles and the cells' text, one chunk per frame.
///
/// It is fed the same cell diff a real terminal gets, so the chunks, written in order into a
/// fresh terminal of the same size, end on exactly the last frame's screen. That makes it the
/// encoder behind asciinema casts (see ``AsciicastWriter``): render each frame to it and take
/// the frame's bytes with ``takeOutput()``.
///
/// Only what cells need is used: `CSI row;col H` (absolute moves, emitted only when the cursor
/// is not already there), `CSI 2 J` before a full redraw, one `CSI 0;…m` where the style
/// changes (see ``selectGraphicRendition(_:)``), `OSC 8` around the cells of a link (closed
/// where the link ends and at the end of each frame), and `CSI ?25l` once, to hide the cursor.
/// A title or a clipboard copy (``setTitle(_:)``, ``copyToClipboard(_:)``) is written between
/// two frames.
/// Colours are written as the ``ColorProfile`` it is given shows them. Use it from one thread
/// at a time.
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
  /// Styles, links and text: the link open is closed where a cell of another link or none
  /// comes, and at the end of each frame.
  private var writer: ANSICellWriter
  /// The colours the escape sequences may use.
  package var profile: ColorProfile { writer.profile }

  /// An encoder for a `size` terminal that shows the colours of `profile`.
  package init(size: TerminalSize, profile: ColorProfile = .trueColor) {
    self.size = size
    writer = ANSICellWriter(profile: profile)
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
    writer.forgetStyle()
    writer.reset(&pending)
    pending += "\u{1B}[2J"
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
    writer.write(cell, to: &pending)
    let next = column + Int(cell.width)
    // Past the last column a terminal waits to wrap; an explicit move is the only safe way on.
    cursor = next < size.columns ? (next, row) : nil
  }

  /// Writes the title's OSC 2 (or, for `nil`, the title stack's pop and push; see
  /// `WindowTitle`) after the frames flushed so far.
  package func setTitle(_ title: String?) {
    flushed += WindowTitle.sequence(for: title)
  }

  /// Writes the copy's OSC 52 (see `ClipboardCopy`) after the frames flushed so far.
  package func copyToClipboard(_ text: String) {
    flushed += ClipboardCopy.sequence(for: text) ?? ""
  }

  /// Ends the frame: what was put since the last flush becomes output.
  package func flush() {
    writer.endFrame(&pending)
    flushed += pending
    pending = ""
  }

  private func start() {
    guard !hasStarted else { return }
    hasStarted = true
    pending += "\u{1B}[?25l"
  }

  /// `CSI 0;…m`: resets, then sets every attribute and colour of `style`, so the result does not
  /// depend on what was set before. Bold 1, dim 2, italic 3, underline 4 (`4:2` double, `4:3`
  /// curly, `4:4` dotted, `4:5` dashed), reverse 7, strikethrough 9; the 16 colours as 30–37
  /// and 90–97 (backgrounds 40–47, 100–107), the palette as `38;5;N` (`48;5;N`), RGB as
  /// `38;2;R;G;B` (`48;2;R;G;B`), and the underline's colour as `58;5;N` or `58;2;R;G;B`.
  static func selectGraphicRendition(_ style: Style) -> String {
    var codes = "\u{1B}[0"
    if style.bold { codes += ";1" }
    if style.dim { codes += ";2" }
    if style.italic { codes += ";3" }
    switch style.underline {
    case nil: break
    case .single?: codes += ";4"
    case let shape?: codes += ";4:\(shape.rawValue)"
    }
    if style.reverse { codes += ";7" }
    if style.strikethrough { codes += ";9" }
    append(style.foreground, ansiBase: 30, brightBase: 90, extended: 38, to: &codes)
    append(style.background, ansiBase: 40, brightBase: 100, extended: 48, to: &codes)
    append(style.underlineColor, ansiBase: nil, brightBase: nil, extended: 58, to: &codes)
    return codes + "m"
  }

  /// The SGR parameters of `color`: `;30` style codes for an ANSI colour where the kind has
  /// them, else `;38;5;N` or `;38;2;R;G;B` with `extended` in place of 38.
  private static func append(_ color: Color, ansiBase: Int?, brightBase: Int?, extended: Int, to codes: inout String) {
    switch color.value {
    case .default:
      return
    case .ansi(let index):
      if let ansiBase, let brightBase {
        codes += ";\(index < 8 ? ansiBase + index : brightBase + index - 8)"
      } else {
        codes += ";\(extended);5;\(index)"
      }
    case .indexed(let index):
      codes += ";\(extended);5;\(index)"
    case .rgb(let red, let green, let blue):
      codes += ";\(extended);2;\(red);\(green);\(blue)"
    }
  }
}
