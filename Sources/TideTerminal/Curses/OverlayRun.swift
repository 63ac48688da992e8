import CNcurses

/// The cells of one row, one SGR and one link that ``CursesTerminal`` writes after ncurses'
/// update (see ``ScreenOverlay``), gathered so that a run of them costs one move and one SGR —
/// and a link one OSC 8 to open it and one to close it, so the terminal sees one link.
///
/// Why out of ncurses' band: ncurses knows no OSC 8, and a link opened through it would be
/// written wherever ncurses chose to move next. Written after `doupdate`, with the cursor moved
/// there and back as for the SGR overlays, the link covers exactly its cells
/// and ncurses' picture of the screen and the cursor stays right.
struct OverlayRun {
  private var row = -1
  private var column = 0
  private var nextColumn = 0
  private var sgr = ""
  private var link: Hyperlink?
  private var text: [UInt8] = []

  /// Adds `cell`, at `column`, `row`, drawn in `sgr` and linked to `link`: to the run, when it
  /// goes on from it.
  mutating func add(_ cell: Cell, atColumn column: Int, row: Int, sgr: String, link: Hyperlink? = nil) {
    if text.isEmpty || row != self.row || column != nextColumn || sgr != self.sgr || link != self.link {
      end()
      self.row = row
      self.column = column
      self.sgr = sgr
      self.link = link
    }
    text.append(contentsOf: cell.text.utf8)
    nextColumn = column + Int(cell.width)
  }

  /// Queues the run, if any, to be written after the frame.
  mutating func end() {
    guard !text.isEmpty else { return }
    var sgr = self.sgr
    var url = link?.url ?? ""
    let isLinked = link != nil
    sgr.withUTF8 { sgrBytes in
      url.withUTF8 { urlBytes in
        text.withUnsafeBufferPointer { bytes in
          sgrBytes.withMemoryRebound(to: CChar.self) { sgrChars in
            urlBytes.withMemoryRebound(to: CChar.self) { urlChars in
              bytes.withMemoryRebound(to: CChar.self) { chars in
                if isLinked {
                  tide_overlay_link(
                    Int32(row), Int32(column), Int32(nextColumn - column), sgrChars.baseAddress,
                    Int32(sgrChars.count), urlChars.baseAddress, Int32(urlChars.count), chars.baseAddress,
                    Int32(chars.count))
                } else {
                  tide_overlay_sgr(
                    Int32(row), Int32(column), Int32(nextColumn - column), sgrChars.baseAddress,
                    Int32(sgrChars.count), chars.baseAddress, Int32(chars.count))
                }
              }
            }
          }
        }
      }
    }
    text.removeAll(keepingCapacity: true)
  }
}
