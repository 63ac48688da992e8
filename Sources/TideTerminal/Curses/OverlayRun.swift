import CNcurses

/// The cells of one row and one SGR that ``CursesTerminal`` writes over what ncurses drew
/// (see ``CursesDrawing``), gathered so that a run of them costs one move and one SGR.
struct OverlayRun {
  private var row = -1
  private var column = 0
  private var nextColumn = 0
  private var sgr = ""
  private var text: [UInt8] = []

  /// Adds `cell`, at `column`, `row`, drawn in `sgr`: to the run, when it goes on from it.
  mutating func add(_ cell: Cell, atColumn column: Int, row: Int, sgr: String) {
    if text.isEmpty || row != self.row || column != nextColumn || sgr != self.sgr {
      end()
      self.row = row
      self.column = column
      self.sgr = sgr
    }
    text.append(contentsOf: cell.text.utf8)
    nextColumn = column + Int(cell.width)
  }

  /// Queues the run, if any, to be written after the frame.
  mutating func end() {
    guard !text.isEmpty else { return }
    var sgr = self.sgr
    sgr.withUTF8 { sgrBytes in
      text.withUnsafeBufferPointer { bytes in
        sgrBytes.withMemoryRebound(to: CChar.self) { sgrChars in
          bytes.withMemoryRebound(to: CChar.self) { chars in
            tide_overlay_sgr(
              Int32(row), Int32(column), sgrChars.baseAddress, Int32(sgrChars.count), chars.baseAddress, Int32(chars.count))
          }
        }
      }
    }
    text.removeAll(keepingCapacity: true)
  }
}
