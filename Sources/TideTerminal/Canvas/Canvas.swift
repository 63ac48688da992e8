/// A grid of cells the size of the terminal that views draw into.
///
/// Drawing is clipped to the canvas and to the current clip rectangle (see ``withClip(_:_:)``),
/// so views never need bounds checks. Text is laid out by display width: wide characters take
/// two cells, combining marks stay with their base character.
public struct Canvas: Equatable, Sendable {
  /// The number of columns.
  public let columns: Int
  /// The number of rows.
  public let rows: Int
  // Flat row-major storage: one allocation per canvas and cheap index arithmetic for the renderer.
  private(set) var cells: [Cell]
  private var clip: Rect
  /// The pointer regions marked while drawing, bottom first (see ``addHitRegion(_:handler:)``).
  package private(set) var hitRegions: [HitRegion] = []
  /// The styles to draw with: the run's theme (`--theme`) in every frame the app's view gets.
  /// Components draw with its roles; a view may set another for what it draws next.
  public var theme: Theme = .default
  /// The terminal's background, dark or light, which adaptive colours
  /// (``Color/adaptive(light:dark:)``) are drawn for: the run's (see ``TerminalBackground``) in
  /// every frame the app's view gets; dark on a canvas made without one. A view may read it to
  /// choose more than a colour, or set it for what it draws next.
  public var background: TerminalBackground = .dark
  /// What the hit regions marked next send and how they reach the app's action (see
  /// ``withActionScope(_:_:)``); `nil` on a canvas drawn outside an app, whose regions are not
  /// checked.
  package var actionScope: ActionScope?
  /// Where the terminal's own cursor shows with this frame; `nil` hides it (see
  /// ``showCursor(atColumn:row:)``).
  public private(set) var cursorPosition: (column: Int, row: Int)?

  /// Canvases are equal when they show the same cells: hit regions say what the cells mean,
  /// and the theme and action scope how to draw what comes next, not what is shown.
  public static func == (left: Canvas, right: Canvas) -> Bool {
    left.columns == right.columns && left.rows == right.rows && left.cells == right.cells && left.clip == right.clip
      && left.cursorPosition?.column == right.cursorPosition?.column && left.cursorPosition?.row == right.cursorPosition?.row
  }

  /// Shows the terminal's own cursor at `column`, `row` with this frame — where the focused
  /// text component's caret is, so that input methods put their composition there and screen
  /// readers follow the caret. A text component does it when drawn focused; the last call of a
  /// frame wins, and a frame without one hides the cursor. A position outside the clip
  /// rectangle hides it too: the caret is not on screen.
  public mutating func showCursor(atColumn column: Int, row: Int) {
    cursorPosition = clip.contains(column: column, row: row) ? (column, row) : nil
  }

  mutating func appendHitRegion(_ rect: Rect, response: HitRegion.Response?) {
    let visible = clip.intersection(rect)
    guard visible.width > 0, visible.height > 0 else { return }
    // Room for a screen's few regions at once, not three reallocations as they come.
    if hitRegions.capacity == 0 { hitRegions.reserveCapacity(8) }
    hitRegions.append(HitRegion(rect: visible, origin: rect, response: response))
  }

  /// A blank canvas of `columns` × `rows` cells (negative sizes become 0).
  public init(columns: Int, rows: Int) {
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    cells = Array(repeating: .blank, count: self.columns * self.rows)
    clip = Rect(column: 0, row: 0, width: self.columns, height: self.rows)
  }

  /// The whole canvas as a rectangle.
  public var bounds: Rect { Rect(column: 0, row: 0, width: columns, height: rows) }

  /// The cell at `column`, `row`; a blank for positions outside the canvas.
  package subscript(column: Int, row: Int) -> Cell {
    guard column >= 0, column < columns, row >= 0, row < rows else { return .blank }
    return cells[row * columns + column]
  }

  /// Puts the first `count` rows of `source` here from `row` on, cell for cell (as far as both
  /// are wide and this canvas is tall): an inline app's frame under the lines it printed.
  package mutating func place(rowsOf source: Canvas, count: Int, atRow row: Int) {
    let width = min(columns, source.columns)
    for offset in 0..<max(0, min(count, source.rows, rows - row)) {
      for column in 0..<width {
        cells[(row + offset) * columns + column] = source.cells[offset * source.columns + column]
      }
    }
  }

  /// Blanks every cell, whatever the clip rectangle, and forgets the hit regions.
  public mutating func clear() {
    hitRegions.removeAll()
    cursorPosition = nil
    for index in cells.indices { cells[index] = .blank }
  }

  /// Runs `body` with drawing restricted to `rect` (within the current clip).
  @discardableResult
  public mutating func withClip<Result>(
    _ rect: Rect, _ body: (inout Canvas) throws -> Result
  ) rethrows -> Result {
    let saved = clip
    clip = clip.intersection(rect)
    defer { clip = saved }
    return try body(&self)
  }

  /// Draws `text` from `column` on `row` and returns the number of columns it advanced.
  ///
  /// Drawing stops after `maxWidth` columns. A wide character that does not fit before the limit
  /// or the edge of the clip rectangle is drawn as a space, so the grid never holds half a
  /// character. Control characters are skipped; a cluster made only of combining marks joins the
  /// cell drawn before it.
  @discardableResult
  public mutating func draw(
    _ text: String, atColumn column: Int, row: Int, style: Style = .plain, maxWidth: Int? = nil
  ) -> Int {
    var pen = Pen(
      column: column, limit: maxWidth.map { column + max(0, $0) } ?? Int.max,
      row: row, rowVisible: row >= clip.row && row < clip.endRow, styleBits: style.resolved(for: background).packed)
    if text.utf8.isASCII {
      // ASCII needs no grapheme breaking and no width lookup: one byte, one column.
      placeASCII(text.utf8, with: &pen)
      return pen.column - column
    }
    // Most text is made of scalars that are grapheme clusters on their own; only from the first
    // scalar that might combine with its neighbour on does the full Character iteration run.
    // Read forwards with one scalar of lookahead: an iterator decodes each scalar once, where
    // subscripts and index(after:) would validate and decode it twice.
    var scalars = text.unicodeScalars.makeIterator()
    var offset = 0  // UTF-8 offset of `scalar`, for the fallback
    var current = scalars.next()
    var currentStandsAlone = current.map(DisplayWidth.standsAlone) ?? true
    while let scalar = current {
      let next = scalars.next()
      let nextStandsAlone = next.map(DisplayWidth.standsAlone) ?? true
      guard currentStandsAlone, nextStandsAlone else {
        drawCharacters(text[text.utf8.index(text.utf8.startIndex, offsetBy: offset)...], with: &pen)
        return pen.column - column
      }
      let width = DisplayWidth.width(of: scalar)
      if width > 0, !place(scalar.value, width: width, with: &pen) { break }
      offset += UTF8.width(scalar)
      current = next
      currentStandsAlone = nextStandsAlone
    }
    return pen.column - column
  }

  /// Where the next character goes while drawing one string.
  private struct Pen {
    var column: Int
    let limit: Int
    let row: Int
    let rowVisible: Bool
    /// The style's ``Style/packed`` bits, worked out once for the whole string.
    let styleBits: UInt32
    /// The cell that the last character went to, for a following lone combining mark.
    var lastCellIndex: Int?
  }

  private mutating func drawCharacters(_ text: Substring, with pen: inout Pen) {
    for character in text {
      let scalars = character.unicodeScalars
      if scalars.index(after: scalars.startIndex) != scalars.endIndex {
        // The terminal lays out each spacing scalar in its own cells: so does the canvas.
        for cell in DisplayWidth.cells(of: character) {
          guard draw(cluster: cell.text, width: cell.width, with: &pen) else { return }
        }
        continue
      }
      let width = character.displayWidth
      if width == 0 {
        if let index = pen.lastCellIndex, !DisplayWidth.isControl(scalars.first!) {
          join(character, toCellAt: index)
        }
        continue
      }
      guard place(Cell.content(of: character), width: width, with: &pen) else { return }
    }
  }

  /// Places one cell's worth of a split cluster; false once the limit is reached.
  private mutating func draw(cluster text: String, width: Int, with pen: inout Pen) -> Bool {
    guard let character = text.first else { return true }
    if width == 0 {
      if let index = pen.lastCellIndex, !DisplayWidth.isControl(character.unicodeScalars.first!) {
        join(character, toCellAt: index)
      }
      return true
    }
    return place(Cell.content(of: text), width: min(width, 2), with: &pen)
  }

  /// Puts the printable bytes of ASCII `text` at the pen, one column each, up to its limit: what
  /// ``place(_:width:with:)`` does for each, in one pass over the storage (views draw most of
  /// their text this way, every frame).
  private mutating func placeASCII(_ text: String.UTF8View, with pen: inout Pen) {
    // The contiguous bytes where the string has them (always, for a native string): a byte at
    // a time through the view's iterator cost more than placing the cell.
    let placed = text.withContiguousStorageIfAvailable { bytes in
      guard DisplayWidth.isPrintableASCII(bytes) else { return false }
      placePrintableASCII(bytes, with: &pen)
      return true
    }
    if placed != true { placeASCII(bytes: text, with: &pen) }
  }

  /// ``placeASCII(_:with:)`` for bytes that are all printable: each takes the next column, so
  /// the cells they cover are known at once; only at the two ends can a wide character be cut
  /// (as in ``fill(_:with:style:)``), and the cells between are stored as they are.
  private mutating func placePrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, with pen: inout Pen) {
    let start = pen.column
    // (No `limit - start`: without a width the limit is Int.max, and the pen may start left of 0.)
    let end = max(start, min(start + bytes.count, pen.limit))
    let from = max(start, clip.column)
    let to = min(end, clip.endColumn)
    if pen.rowVisible, from < to {
      let template = Cell(content: 0x20, styleBits: pen.styleBits, width: 1)
      let rowStart = pen.row * columns
      let columns = self.columns
      cells.withUnsafeMutableBufferPointer { cells in
        Canvas.breakWideCharacter(at: rowStart + from, column: from, columns: columns, in: cells)
        Canvas.breakWideCharacter(at: rowStart + to - 1, column: to - 1, columns: columns, in: cells)
        for column in from..<to {
          cells[rowStart + column] = template.with(content: UInt32(bytes[column - start]))
        }
      }
    }
    pen.column = end
    pen.lastCellIndex = nil
  }

  private mutating func placeASCII(bytes text: some Sequence<UInt8>, with pen: inout Pen) {
    let template = Cell(content: 0x20, styleBits: pen.styleBits, width: 1)
    let visible = pen.rowVisible ? clip.column..<clip.endColumn : 0..<0
    let rowStart = pen.row * columns
    let columns = self.columns
    var column = pen.column
    let limit = pen.limit
    cells.withUnsafeMutableBufferPointer { cells in
      for byte in text where byte >= 0x20 && byte != 0x7F {
        guard column < limit else { break }
        if visible.contains(column) {
          Canvas.store(template.with(content: UInt32(byte)), at: rowStart + column, column: column, columns: columns, in: cells)
        }
        column += 1
      }
    }
    pen.column = column
    pen.lastCellIndex = nil
  }

  /// Puts one character of `width` 1 or 2 at the pen and advances it; false once the limit is reached.
  private mutating func place(_ content: UInt32, width: Int, with pen: inout Pen) -> Bool {
    let x = pen.column
    pen.lastCellIndex = nil
    if x + width > pen.limit {
      if x < pen.limit, pen.rowVisible, x >= clip.column, x < clip.endColumn {
        store(Cell(content: 0x20, styleBits: pen.styleBits, width: 1), column: x, row: pen.row)
      }
      pen.column = pen.limit
      return false
    }
    pen.column += width
    guard pen.rowVisible else { return true }
    let leftVisible = x >= clip.column && x < clip.endColumn
    if width == 1 {
      if leftVisible {
        store(Cell(content: content, styleBits: pen.styleBits, width: 1), column: x, row: pen.row)
        pen.lastCellIndex = pen.row * columns + x
      }
      return true
    }
    let rightVisible = x + 1 >= clip.column && x + 1 < clip.endColumn
    if leftVisible && rightVisible {
      store(Cell(content: content, styleBits: pen.styleBits, width: 2), column: x, row: pen.row)
      pen.lastCellIndex = pen.row * columns + x
    } else if leftVisible {
      store(Cell(content: 0x20, styleBits: pen.styleBits, width: 1), column: x, row: pen.row)
    } else if rightVisible {
      store(Cell(content: 0x20, styleBits: pen.styleBits, width: 1), column: x + 1, row: pen.row)
    }
    return true
  }

  /// Draws `text` cut to `width` columns with a trailing "…" when it is too wide; returns the columns used.
  @discardableResult
  public mutating func drawTruncated(
    _ text: String, atColumn column: Int, row: Int, width: Int, style: Style = .plain
  ) -> Int {
    draw(text.truncated(toDisplayWidth: width), atColumn: column, row: row, style: style, maxWidth: width)
  }

  /// Fills `rect` with `character` (a space unless given) in `style`.
  public mutating func fill(_ rect: Rect, with character: Character = " ", style: Style = .plain) {
    let area = rect.intersection(clip)
    guard !area.isEmpty else { return }
    let characterWidth = character.displayWidth
    let content = characterWidth == 0 ? 0x20 : Cell.content(of: character)
    let styleBits = style.resolved(for: background).packed
    if characterWidth <= 1 {
      // A rule or a blank, every frame: a wide character can only be cut at the area's edges,
      // so only they need the checks of `store`; the cells between are stored as they are.
      let cell = Cell(content: content, styleBits: styleBits, width: 1)
      let columns = self.columns
      cells.withUnsafeMutableBufferPointer { cells in
        for y in area.row..<area.endRow {
          let start = y * columns + area.column
          let end = y * columns + area.endColumn
          Canvas.breakWideCharacter(at: start, column: area.column, columns: columns, in: cells)
          Canvas.breakWideCharacter(at: end - 1, column: area.endColumn - 1, columns: columns, in: cells)
          for index in start..<end { cells[index] = cell }
        }
      }
      return
    }
    for y in area.row..<area.endRow {
      var x = area.column
      while x < area.endColumn {
        if characterWidth == 2 {
          if x + 1 < area.endColumn {
            store(Cell(content: content, styleBits: styleBits, width: 2), column: x, row: y)
          } else {
            store(Cell(content: 0x20, styleBits: styleBits, width: 1), column: x, row: y)
          }
          x += 2
        } else {
          store(Cell(content: content, styleBits: styleBits, width: 1), column: x, row: y)
          x += 1
        }
      }
    }
  }

  /// Draws a single-line box (┌─┐│└┘) along the edges of `rect`, with an optional title in the
  /// top edge, truncated to fit. Rectangles smaller than 2×2 draw nothing. A ``Block`` does more:
  /// other borders, a footer, alignment, padding and the theme's styles.
  public mutating func drawBox(_ rect: Rect, title: String? = nil, style: Style = .plain) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    drawBorder(rect, .normal, style: style)
    if let title, !title.isEmpty, rect.width > 4 {
      let label = " " + title.truncated(toDisplayWidth: rect.width - 4) + " "
      draw(label, atColumn: rect.column + 1, row: rect.row, style: style, maxWidth: rect.width - 2)
    }
  }

  /// Draws `border` along the edges of `rect` (at least 2×2) in `style`.
  package mutating func drawBorder(_ rect: Rect, _ border: Border, style: Style) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    let right = rect.endColumn - 1
    let bottom = rect.endRow - 1
    let styleBits = style.resolved(for: background).packed
    for x in rect.column + 1..<right {
      storeIfVisible(border.horizontal, styleBits: styleBits, column: x, row: rect.row)
      storeIfVisible(border.horizontal, styleBits: styleBits, column: x, row: bottom)
    }
    for y in rect.row + 1..<bottom {
      storeIfVisible(border.vertical, styleBits: styleBits, column: rect.column, row: y)
      storeIfVisible(border.vertical, styleBits: styleBits, column: right, row: y)
    }
    storeIfVisible(border.topLeft, styleBits: styleBits, column: rect.column, row: rect.row)
    storeIfVisible(border.topRight, styleBits: styleBits, column: right, row: rect.row)
    storeIfVisible(border.bottomLeft, styleBits: styleBits, column: rect.column, row: bottom)
    storeIfVisible(border.bottomRight, styleBits: styleBits, column: right, row: bottom)
  }

  /// The characters of `row` with trailing spaces removed; continuation cells add nothing.
  package func text(ofRow row: Int) -> String {
    guard row >= 0, row < rows else { return "" }
    return Canvas.text(of: cells[row * columns..<(row + 1) * columns])
  }

  /// All rows joined with "\n", each without trailing spaces: the plain-text screen.
  package func text() -> String {
    (0..<rows).map { text(ofRow: $0) }.joined(separator: "\n")
  }

  /// The first cell, in reading order, where the canvas shows `text` within one row; `nil` if
  /// it shows it nowhere. How a key script's `click "TEXT"` finds its target.
  package func firstCell(showing text: String) -> (column: Int, row: Int)? {
    guard !text.isEmpty else { return nil }
    for row in 0..<rows {
      var line = ""
      var columnOfCharacter: [Int] = []
      for column in 0..<columns {
        let cell = cells[row * columns + column]
        if cell.isContinuation { continue }
        let before = line.count
        line += cell.text
        // A cell's text is one cluster; should it merge with the one before, the column of the
        // earlier cell stands for both.
        for _ in before..<line.count { columnOfCharacter.append(column) }
      }
      guard let range = line.firstRange(of: text) else { continue }
      let offset = line.distance(from: line.startIndex, to: range.lowerBound)
      return (columnOfCharacter[min(offset, columnOfCharacter.count - 1)], row)
    }
    return nil
  }

  static func text(of row: ArraySlice<Cell>) -> String {
    var end = row.endIndex
    while end > row.startIndex, row[end - 1].content == 0x20 { end -= 1 }
    var result = ""
    for cell in row[row.startIndex..<end] where !cell.isContinuation {
      result += cell.text
    }
    return result
  }

  /// Stores one cell as a terminal would: clipped, and a wide cell without room becomes a space.
  mutating func put(_ cell: Cell, atColumn column: Int, row: Int) {
    guard clip.contains(column: column, row: row), !cell.isContinuation else { return }
    if cell.width == 2 && column + 1 >= clip.endColumn {
      store(cell.with(content: 0x20).with(width: 1), column: column, row: row)
    } else {
      store(cell, column: column, row: row)
    }
  }

  private mutating func storeIfVisible(_ scalar: Unicode.Scalar, styleBits: UInt32, column: Int, row: Int) {
    guard clip.contains(column: column, row: row) else { return }
    store(Cell(content: scalar.value, styleBits: styleBits, width: 1), column: column, row: row)
  }

  /// Writes a cell (and its continuation) and blanks any wide character it partly overwrites,
  /// so every wide cell is always followed by its continuation and nothing else.
  private mutating func store(_ cell: Cell, column: Int, row: Int) {
    let columns = self.columns
    cells.withUnsafeMutableBufferPointer { cells in
      Canvas.store(cell, at: row * columns + column, column: column, columns: columns, in: cells)
    }
  }

  /// ``store(_:column:row:)`` on the storage itself; `index` is `column`'s on a visible row, and
  /// a wide cell's right half is visible too.
  private static func store(
    _ cell: Cell, at index: Int, column: Int, columns: Int, in cells: UnsafeMutableBufferPointer<Cell>
  ) {
    breakWideCharacter(at: index, column: column, columns: columns, in: cells)
    if cell.width == 2 {
      breakWideCharacter(at: index + 1, column: column + 1, columns: columns, in: cells)
      cells[index] = cell
      cells[index + 1] = cell.with(content: 0x20).with(width: 0)
    } else {
      cells[index] = cell
    }
  }

  private static func breakWideCharacter(
    at index: Int, column: Int, columns: Int, in cells: UnsafeMutableBufferPointer<Cell>
  ) {
    let existing = cells[index]
    if existing.isContinuation, column > 0 {
      cells[index - 1] = cells[index - 1].with(content: 0x20).with(width: 1)
    } else if existing.width == 2, column + 1 < columns {
      cells[index + 1] = existing.with(content: 0x20).with(width: 1)
    }
  }

  private mutating func join(_ mark: Character, toCellAt index: Int) {
    let base = cells[index]
    var combined = base.text
    combined.append(mark)
    // Accepted when the terminal still gives the cell the same width, even if the text is no
    // longer one grapheme cluster (a joiner and a mark after a skin tone): nothing is dropped.
    guard DisplayWidth.width(of: combined.unicodeScalars) == Int(base.width) else { return }
    cells[index] = Cell(content: Cell.content(of: combined), style: base.style, width: base.width)
  }
}
