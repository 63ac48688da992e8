/// The live area of an inline app (see ``ScreenMode/inline(maximumHeight:onExit:)``) as escape
/// sequences: the frames the ``Renderer`` diffs, drawn in the lines below where the cursor was
/// when the app started, with moves relative to the live area's first line — never an absolute
/// position, so the scrollback above is never touched.
///
/// How it draws:
/// - The cursor rests at the start of the live area's first line between frames, hidden — or,
///   when the frame shows a caret (``Canvas/showCursor(atColumn:row:)``), at the caret, shown,
///   and hidden again while the next frame is written.
/// - A frame is as tall as its last row holding a non-blank cell (at least one line), up to
///   ``size``'s rows: ``prepare(height:)`` is told that before the frame's cells are put.
/// - Lines are taken for the live area by writing line feeds from its last line, so a live area
///   at the bottom of the screen scrolls the lines above it into the scrollback, as the shell's
///   own output does; then cells are written after relative moves: `CSI n A` / `CSI n B` up and
///   down, `CR` or `CSI n G` to the column, one `CSI 0;…m` a style run (``ANSICellWriter``).
/// - A shorter frame erases the lines it no longer needs (`CSI J` from its first unused line),
///   so the prompt comes right below it after the exit.
/// - A full redraw (the first frame, after a resize, after lines printed above) goes to the
///   first line, erases from there to the end of the screen (`CR CSI J`) and draws every cell.
/// - ``printAbove(_:)`` erases the live area, writes the lines where it was (they scroll into the
///   scrollback as the shell's output would) and leaves the live area below them, to be redrawn.
/// - ``finish(keepingLastFrame:)`` leaves the cursor below the last frame, or erases it and
///   leaves the cursor where it began.
///
/// Invariant: from the live area's first line to the end of the screen the terminal shows the
/// last frame's rows and blank lines after them. Use it from one thread at a time.
package final class InlineTerminal: Terminal {
  /// The columns of the terminal and the rows the live area may take.
  package private(set) var size: TerminalSize
  /// The lines the live area holds on the terminal, from its first; 0 before the first frame
  /// and after the live area was given up (lines printed above it, the exit, ctrl-z), when the
  /// next frame is drawn whole from the cursor's line.
  package private(set) var height = 0
  /// The height of the frame being drawn.
  private var frameHeight = 1
  /// The cursor's line, from the live area's first, and column (`nil` when unknown: after a
  /// line feed, or past the last column).
  private var row = 0
  private var column: Int? = 0
  /// The cursor's line, from the live area's first: where it rests after ``flush()`` (0, or a
  /// caret's line), for a way out that cannot ask (a crash).
  package var cursorRow: Int { row }
  private var writer: ANSICellWriter
  /// Where the frame being drawn shows the cursor, and whether it shows now.
  private var caret: (column: Int, row: Int)?
  private var isCursorShown = false
  private var pending = ""
  private var flushed = ""

  /// A live area for a terminal `size.columns` wide that may take `size.rows` lines, showing
  /// the colours of `profile`.
  package init(size: TerminalSize, profile: ColorProfile = .trueColor) {
    self.size = size
    writer = ANSICellWriter(profile: profile)
  }

  /// The lines a frame of an inline app takes: up to its last row holding a non-blank cell, at
  /// least one.
  package static func height(of canvas: Canvas) -> Int {
    var last = 0
    canvas.cells.withUnsafeBufferPointer { cells in
      let columns = canvas.columns
      let blank = Cell.blank.bits
      for row in stride(from: canvas.rows - 1, through: 0, by: -1) {
        var difference: UInt64 = 0
        for index in row * columns..<(row + 1) * columns { difference |= cells[index].bits ^ blank }
        if difference != 0 {
          last = row
          return
        }
      }
    }
    return last + 1
  }

  /// The picture of a terminal `size` big in which an inline app printed `printed` above its
  /// live area, which shows `frame`: the lines from the top (control characters dropped, cut at
  /// the width), then the frame's rows up to its height — the lines that do not fit scrolled
  /// off the top, as a terminal scrolls them into its scrollback. What a replay shows of an
  /// inline app (`--frames`, casts, SVG).
  package static func transcript(printed: [String], frame: Canvas, size: TerminalSize) -> Canvas {
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    canvas.theme = frame.theme
    canvas.background = frame.background
    let height = min(Self.height(of: frame), size.rows)
    let shown = printed.suffix(max(0, size.rows - height))
    for (row, line) in shown.enumerated() {
      var text = ""
      for scalar in line.unicodeScalars where !isControl(scalar) { text.unicodeScalars.append(scalar) }
      canvas.draw(text, atColumn: 0, row: row)
    }
    canvas.place(rowsOf: frame, count: height, atRow: shown.count)
    return canvas
  }

  /// The terminal's new width and the rows the live area may take now; the ``Renderer`` redraws
  /// the next frame whole (a size change), from the live area's first line — the cursor's, or
  /// a caret's row above it — down.
  package func resize(to size: TerminalSize) {
    self.size = size
  }

  /// The height of the frame about to be drawn (see ``height(of:)``): lines are taken for it
  /// now if it is taller; the lines a shorter one leaves are erased at ``flush()``.
  package func prepare(height: Int) {
    frameHeight = max(1, min(height, size.rows))
    // Nothing shown: the frame is a full redraw, whose clear takes the lines.
    if self.height > 0 { reserve(frameHeight) }
  }

  /// Shows the cursor at `position` of the frame being drawn, at ``flush()``; `nil` hides it.
  package func placeCursor(at position: (column: Int, row: Int)?) {
    caret = position
  }

  /// Erases the live area, ahead of a full redraw, and takes the frame's lines again.
  package func clear() {
    hideCursor()
    move(toRow: 0)
    writer.reset(&pending)
    pending += "\r\u{1B}[J"
    column = 0
    height = 1
    reserve(frameHeight)
  }

  /// Writes `cell` at `column` of the live area's line `row`; nothing outside the frame.
  package func put(_ cell: Cell, atColumn column: Int, row: Int) {
    guard !cell.isContinuation, column >= 0, column < size.columns, row >= 0, row < frameHeight else { return }
    hideCursor()
    move(toRow: row)
    if self.column != column {
      pending += column == 0 ? "\r" : "\u{1B}[\(column + 1)G"
    }
    writer.write(cell, to: &pending)
    let next = column + Int(cell.width)
    // Past the last column a terminal waits to wrap: only an explicit move is safe there.
    self.column = next < size.columns ? next : nil
  }

  /// Ends the frame: erases the lines a shorter frame no longer takes, and puts the cursor back
  /// at the start of the live area's first line — or at the caret, shown.
  package func flush() {
    if height > frameHeight {
      move(toRow: frameHeight)
      writer.reset(&pending)
      pending += "\r\u{1B}[J"
      column = 0
      height = frameHeight
    }
    writer.endFrame(&pending)
    if let caret, caret.row >= 0, caret.row < frameHeight, caret.column >= 0, caret.column < size.columns {
      move(toRow: caret.row)
      if column != caret.column {
        pending += caret.column == 0 ? "\r" : "\u{1B}[\(caret.column + 1)G"
        column = caret.column
      }
      if !isCursorShown {
        pending += "\u{1B}[?25h"
        isCursorShown = true
      }
    } else {
      hideCursor()
      home()
    }
    flushed += pending
    pending = ""
  }

  /// Writes `lines` above the live area, into the scrollback: the live area is erased, the
  /// lines written where it began, each on lines of its own (wrapped by the terminal when
  /// longer than its width; control characters dropped, so a line cannot move the cursor), and
  /// the live area then starts on the line after them, empty, to be redrawn whole.
  package func printAbove(_ lines: [String]) {
    guard !lines.isEmpty else { return }
    hideCursor()
    move(toRow: 0)
    writer.reset(&pending)
    pending += "\r\u{1B}[J"
    for line in lines {
      for scalar in line.unicodeScalars where !Self.isControl(scalar) {
        pending.unicodeScalars.append(scalar)
      }
      pending += "\r\n"
    }
    row = 0
    column = 0
    height = 0
    flushed += pending
    pending = ""
  }

  /// Leaves the terminal for the shell: with `keepingLastFrame`, the cursor at the start of the
  /// line below the last frame (which stays, in the scrollback in time); otherwise the live area
  /// erased and the cursor where it began. Attributes are reset either way.
  package func finish(keepingLastFrame: Bool) {
    hideCursor()
    writer.forgetStyle()
    writer.reset(&pending)
    if keepingLastFrame {
      if height > 0 {
        move(toRow: height - 1)
        pending += "\r\n"
      }
    } else {
      move(toRow: 0)
      pending += "\r\u{1B}[J"
    }
    row = 0
    column = 0
    height = 0
    flushed += pending
    pending = ""
  }

  /// Erases the live area and leaves the cursor where it began, for the shell while the app is
  /// stopped (ctrl-z) or has handed the terminal to a program; the next frame is drawn whole
  /// from the cursor's line then.
  package func vacate() {
    finish(keepingLastFrame: false)
  }

  /// The escape sequences written since the last call, in order.
  package func takeOutput() -> String {
    defer { flushed = "" }
    return flushed
  }

  /// Takes lines for the live area until it holds `lines`: line feeds from its last line, which
  /// scroll the screen at its bottom.
  private func reserve(_ lines: Int) {
    guard lines > height else { return }
    move(toRow: height - 1)
    pending += String(repeating: "\n", count: lines - height)
    row = lines - 1
    column = nil
    height = lines
  }

  private func move(toRow target: Int) {
    if target < row {
      pending += target == row - 1 ? "\u{1B}[A" : "\u{1B}[\(row - target)A"
    } else if target > row {
      pending += target == row + 1 ? "\u{1B}[B" : "\u{1B}[\(target - row)B"
    }
    row = target
  }

  /// Hides the cursor shown at a caret, before anything else is written: a cursor moving over
  /// the cells as they are written would flicker.
  private func hideCursor() {
    guard isCursorShown else { return }
    pending += "\u{1B}[?25l"
    isCursorShown = false
  }

  private func home() {
    move(toRow: 0)
    if column != 0 {
      pending += "\r"
      column = 0
    }
  }

  private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
