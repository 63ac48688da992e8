/// Turns canvases into terminal writes, sending only the cells that differ from the last frame.
///
/// The renderer is a pure diff-and-write step; when to render (after the action queue drains,
/// at most 60 times a second) is the runtime's decision.
package struct Renderer: Sendable {
  /// What this renderer has written so far.
  package private(set) var statistics = RenderStatistics()
  private var previous: Canvas?

  /// A renderer whose first frame will be a full redraw.
  package init() {}

  /// The last frame drawn, if any.
  package var lastFrame: Canvas? { previous }

  /// Forces the next frame to be a full redraw, e.g. after the screen was garbled.
  package mutating func invalidate() {
    previous = nil
  }

  /// Redraws the last frame whole, as after ``invalidate()``; nothing before the first frame.
  package mutating func repaint(to terminal: some Terminal) {
    guard let frame = previous else { return }
    previous = nil
    render(frame, to: terminal)
  }

  /// Writes `canvas` to `terminal` and flushes: on the first frame or after a size change, clears
  /// and writes every non-blank cell; otherwise writes only the cells that changed, and writes
  /// nothing at all when nothing changed.
  ///
  /// The canvas is taken and kept as the last frame, not copied: the last frame is read in
  /// place through `previous?` (a copy of a canvas retains each of its buffers and closures,
  /// and a frame made several of them).
  package mutating func render(_ canvas: consuming Canvas, to terminal: some Terminal) {
    var cells = 0
    var bytes = 0
    if previous?.columns == canvas.columns, previous?.rows == canvas.rows {
      canvas.cells.withUnsafeBufferPointer { current in
        previous?.cells.withUnsafeBufferPointer { old in
          let columns = canvas.columns
          for row in 0..<canvas.rows {
            let start = row * columns
            // Most rows of most frames are unchanged: a branch-free pass over the row's words
            // (which the compiler vectorizes) rules them out before any cell is looked at.
            var difference: UInt64 = 0
            for index in start..<start + columns { difference |= current[index].bits ^ old[index].bits }
            if difference == 0 { continue }
            for index in start..<start + columns {
              let cell = current[index]
              // A changed continuation cell always comes with a changed wide cell to its left,
              // which draws both columns.
              if cell.bits == old[index].bits || cell.isContinuation { continue }
              terminal.put(cell, atColumn: index - start, row: row)
              cells += 1
              bytes += cell.utf8Count
            }
          }
        }
      }
      // A caret that moved over unchanged cells (a wide character's second half) is a change.
      guard cells > 0 || !Self.same(canvas.cursorPosition, previous?.cursorPosition ?? nil) else { return }
    } else {
      terminal.clear()
      canvas.cells.withUnsafeBufferPointer { current in
        let columns = canvas.columns
        for index in 0..<current.count {
          let cell = current[index]
          if cell == .blank || cell.isContinuation { continue }
          terminal.put(cell, atColumn: index % columns, row: index / columns)
          cells += 1
          bytes += cell.utf8Count
        }
      }
    }
    terminal.placeCursor(at: canvas.cursorPosition)
    terminal.flush()
    previous = consume canvas
    statistics.frames += 1
    statistics.cells += cells
    statistics.bytes += bytes
  }
}

extension Renderer {
  static func same(_ left: (column: Int, row: Int)?, _ right: (column: Int, row: Int)?) -> Bool {
    left?.column == right?.column && left?.row == right?.row
  }
}

/// Counters of what a ``Renderer`` wrote, for tests, `--frames` and the benchmarks.
package struct RenderStatistics: Sendable, Equatable {
  /// Frames that changed at least one cell; an unchanged canvas does not count.
  package var frames = 0
  /// Cells handed to the terminal; a wide character counts once.
  package var cells = 0
  /// UTF-8 bytes of the characters of the cells handed to the terminal.
  package var bytes = 0

  /// No frames yet.
  package init() {}
}
