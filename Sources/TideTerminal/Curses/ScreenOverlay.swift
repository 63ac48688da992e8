/// The cells the terminal shows in a form ncurses cannot say — 24-bit colour on a palette
/// terminal type, strikethrough, underline shapes and colours, links, emoji sequences of more
/// than one spacing character — which ``CursesTerminal`` writes itself after each update.
///
/// Why a record of them, and not only of the cells put in a frame: ncurses writes more than the
/// cells that changed. Between two changes in a row it rewrites a short run of unchanged cells
/// rather than move the cursor, clears to the end of a row, and repaints everything after a
/// clear — each time in the nearest form it knows, which would leave a 24-bit cell in a palette
/// colour, a link unlinked, an emoji as its placeholder. So every cell of this record in a row
/// that ncurses writes to is written over again after the update.
///
/// Why each such cell reaches the terminal once: it is put in ncurses' picture of the terminal
/// as well (`tide_mark_shown`), so ncurses sees nothing to write there and only this overlay
/// writes it — a 24-bit frame costs its text and one SGR a run, not twice the text. Not in an
/// update that may move lines (ncurses' hardware scrolling moves its picture's lines, marked
/// cells and all, and rewrites others): that update writes every cell, and this overlay every
/// cell of its record after it. And a plain cell put where the record holds one is written over
/// too, since ncurses, whose picture already matches, may see nothing to change.
struct ScreenOverlay {
  private struct Entry {
    var cell: Cell
    var sgr: String
    var link: Hyperlink?
    /// Whether the terminal keeps showing the cell in a form ncurses cannot say: false for a
    /// plain cell written over one that did, which the record forgets once written.
    var isKept: Bool
  }

  private var columns = 0
  /// By `row * columns + column`: the cell starting there, when it is one of the record's.
  private var entries: [Entry?] = []
  /// The entries put since the last update, which are written whatever ncurses does.
  private var isPut: [Bool] = []
  /// Whether a cell of each row was put since the last update, and whether ncurses writes to it.
  private var rowIsTouched: [Bool] = []
  private var cursesWritesRow: [Bool] = []
  /// The rows with a cell put since the last update.
  private(set) var touchedRows: [Int32] = []
  private var entryCount = 0

  /// Whether the terminal shows any cell ncurses cannot say.
  var holdsCells: Bool { entryCount > 0 }

  /// Empties the record for a screen of `columns` by `rows`.
  mutating func reset(columns: Int, rows: Int) {
    self.columns = columns
    entries = Array(repeating: nil, count: columns * rows)
    isPut = Array(repeating: false, count: columns * rows)
    rowIsTouched = Array(repeating: false, count: rows)
    cursesWritesRow = Array(repeating: false, count: rows)
    touchedRows.removeAll(keepingCapacity: true)
    entryCount = 0
  }

  /// Forgets every cell: the screen is being cleared and each of its cells put again.
  mutating func clear() {
    reset(columns: columns, rows: rowIsTouched.count)
  }

  /// `cell`, at `column`, `row`, is to show as `sgr` (and linked to `link`), which ncurses
  /// cannot say; ncurses draws it in the nearest form it can.
  mutating func show(_ cell: Cell, atColumn column: Int, row: Int, sgr: String, link: Hyperlink?) {
    guard let index = index(column, row) else { return }
    touch(row)
    forgetCovered(by: cell, at: index)
    set(index, Entry(cell: cell, sgr: sgr, link: link, isKept: true))
    isPut[index] = true
  }

  /// `cell`, at `column`, `row`, is drawn by ncurses exactly; `exactSGR` is its style's SGR, to
  /// write it with where one of the record's cells showed, which ncurses may not rewrite.
  mutating func drawnByCurses(_ cell: Cell, atColumn column: Int, row: Int, exactSGR: () -> String) {
    // Nothing of the record on screen (the default theme's usual frame): nothing to write over.
    guard entryCount > 0, let index = index(column, row) else { return }
    touch(row)
    cursesWritesRow[row] = true
    let wasShown = entries[index] != nil
    if forgetCovered(by: cell, at: index) || wasShown {
      set(index, Entry(cell: cell, sgr: exactSGR(), link: nil, isKept: false))
      isPut[index] = true
    } else {
      set(index, nil)
    }
  }

  /// The cells put since the last update that this overlay writes, which ncurses may hold as
  /// already shown.
  func forEachShownPut(_ body: (_ column: Int, _ row: Int) -> Void) {
    for row in touchedRows.lazy.map(Int.init) {
      let start = row * columns
      for index in start..<start + columns where isPut[index] && entries[index]?.isKept == true {
        body(index - start, row)
      }
    }
  }

  /// The next update may write any row (it may move lines): every cell of the record is
  /// written after it.
  mutating func cursesMayWriteEveryRow() {
    for row in 0..<rowIsTouched.count {
      touch(row)
      cursesWritesRow[row] = true
    }
  }

  /// Hands `write` what the terminal is to be shown over ncurses' update, row by row and
  /// left to right: each entry put since the last update, and every entry of a row ncurses
  /// writes to.
  mutating func takeWrites(_ write: (_ cell: Cell, _ column: Int, _ row: Int, _ sgr: String, _ link: Hyperlink?) -> Void) {
    guard !touchedRows.isEmpty else { return }
    touchedRows.sort()
    for row in touchedRows.lazy.map(Int.init) {
      let wholeRow = cursesWritesRow[row]
      let start = row * columns
      for index in start..<start + columns where wholeRow || isPut[index] {
        guard let entry = entries[index] else { continue }
        write(entry.cell, index - start, row, entry.sgr, entry.link)
        isPut[index] = false
        if !entry.isKept { set(index, nil) }
      }
      rowIsTouched[row] = false
      cursesWritesRow[row] = false
    }
    touchedRows.removeAll(keepingCapacity: true)
  }

  private func index(_ column: Int, _ row: Int) -> Int? {
    guard row >= 0, row < rowIsTouched.count, column >= 0, column < columns else { return nil }
    return row * columns + column
  }

  private mutating func set(_ index: Int, _ entry: Entry?) {
    entryCount += (entry == nil ? 0 : 1) - (entries[index] == nil ? 0 : 1)
    entries[index] = entry
  }

  private mutating func touch(_ row: Int) {
    if !rowIsTouched[row] {
      rowIsTouched[row] = true
      touchedRows.append(Int32(row))
    }
  }

  /// Forgets the entries under the columns a wide `cell` at `index` covers past its first;
  /// returns whether there were any.
  @discardableResult
  private mutating func forgetCovered(by cell: Cell, at index: Int) -> Bool {
    let rowEnd = (index / columns + 1) * columns
    var forgot = false
    for covered in index + 1..<min(index + Int(max(1, cell.width)), rowEnd) where entries[covered] != nil {
      set(covered, nil)
      isPut[covered] = false
      forgot = true
    }
    return forgot
  }
}
