import Tide

/// Rows of text under a header, in columns of fixed, percentage or flexible width, with a
/// selected row.
///
/// Column widths are a ``LayoutSize`` each, laid out over the rectangle's width with one column
/// of space between columns; each column places its header and cells leading, centred or
/// trailing (``Column/alignment``), and text too wide for its column ends with `…`, cut by
/// display width (a wide character never straddles the edge). Like
/// ``SelectionList``, drawing looks only at the rows in the window, so a long table scrolls as
/// fast as a short one. Tell it its height with ``Action/resize(height:)``.
///
/// ```swift
/// var files = Table.State(
///   columns: [Table.Column("Name", width: .fill()), Table.Column("Size", width: .fixed(8))],
///   rows: entries.map { [$0.name, "\($0.size)"] })
/// // keys: Table.keys.action(for: key).map(Action.files)
/// // view: Table.draw(state.files, in: body, on: &canvas)
/// ```
public struct Table: Reducer, Sendable {
  /// A column: its header, its width and where its text sits.
  public struct Column: Hashable, Sendable {
    /// The header text.
    public var title: String
    /// How wide the column is: ``LayoutSize/fixed(_:)`` cells, a ``LayoutSize/percentage(_:)``
    /// of the table's width, or a share of what those leave (``LayoutSize/fill(_:)``).
    public var width: LayoutSize
    /// Where the header and each cell sit in the column's width: numbers read best
    /// ``Alignment/trailing``. Text too wide is cut with `…` whatever the alignment.
    public var alignment: Alignment

    /// A column headed `title`, `width` wide, its text placed by `alignment`.
    public init(_ title: String, width: LayoutSize = .fill(), alignment: Alignment = .leading) {
      self.title = title
      self.width = width
      self.alignment = alignment
    }

    /// Draws `text` in `area` (its first row) placed by ``alignment``, cut to its width with `…`.
    func draw(_ text: String, in area: Rect, row: Int, on canvas: inout Canvas, style: Style) {
      guard area.width > 0 else { return }
      let shown = text.truncated(toDisplayWidth: area.width)
      // Leading text needs no measuring: most columns, every frame.
      let offset = alignment == .leading ? 0 : alignment.offset(of: shown.displayWidth, in: area.width)
      canvas.draw(shown, atColumn: area.column + offset, row: row, style: style, maxWidth: area.width - offset)
    }
  }

  /// The columns, the rows and the selection.
  public struct State: Equatable, Sendable {
    /// The columns, left to right.
    public var columns: [Column]
    /// The rows, each a cell per column (missing cells are blank, extra ones unused). The
    /// selection is kept within them by the next move, and drawn within them meanwhile.
    public var rows: [[String]]
    /// The selected row.
    public var cursor: Int
    /// The first row in the window.
    public var top: Int
    /// The rows the table is drawn in, header included; 0 until known. Set it with
    /// ``Action/resize(height:)``, which also keeps the selection in the window.
    public var height: Int

    /// A table of `rows` under `columns`, the first row selected, `height` rows high (0: not yet
    /// known).
    public init(columns: [Column], rows: [[String]], height: Int = 0) {
      self.columns = columns
      self.rows = rows
      cursor = 0
      top = 0
      self.height = max(0, height)
    }

    /// The selected row's cells; `nil` when the table is empty.
    public var selectedRow: [String]? { rows.indices.contains(cursor) ? rows[cursor] : nil }

    mutating func apply(_ move: SelectionMove) {
      select(row: ScrollWindow.position(after: move, from: cursor, page: height - 1, count: rows.count))
    }

    /// Selects row `row` (clamped to the table), scrolling the window as little as keeps it in
    /// view: what ``Action/select(row:)`` does, for a parent that changes its table directly.
    public mutating func select(row: Int) {
      cursor = min(max(0, row), max(0, rows.count - 1))
      top = ScrollWindow.top(keeping: cursor, from: top, visible: max(0, height - 1), count: rows.count)
    }

    /// Tells the table it is drawn in `height` rows, header included, keeping the selection in
    /// view: what ``Action/resize(height:)`` does, for a parent that handles the size itself.
    public mutating func resize(height: Int) {
      self.height = max(0, height)
      select(row: cursor)
    }

    /// Moves the window by `rows` rows (up when negative) and the selection with it, each as far
    /// as the table allows: what the wheel does (``Action/scroll(by:)``).
    public mutating func scroll(by rows: Int) {
      top = ScrollWindow.top(scrolledBy: rows, from: top, visible: height - 1, count: self.rows.count)
      select(row: ScrollWindow.move(cursor, by: rows, count: self.rows.count))
    }
  }

  /// What the table can do.
  public enum Action: Equatable, Sendable {
    /// Moves the selection (a page: the rows under the header).
    case move(SelectionMove)
    /// Selects row `row` (clamped to the table).
    case select(row: Int)
    /// The table is now drawn in `height` rows, header included.
    case resize(height: Int)
    /// Moves the window and the selection by `rows` rows (the wheel: 3 a notch), each as far
    /// as the table allows, so a notch always does something.
    case scroll(by: Int)
  }

  /// A table.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .move(let move): state.apply(move)
    case .select(let row): state.select(row: row)
    case .resize(let height): state.resize(height: height)
    case .scroll(let rows): state.scroll(by: rows)
    }
    return .none
  }

  /// The table's keys: ↑/k, ↓/j, pgup, pgdn, home/g, end/G.
  public static let keys = KeyMap<Action>(ScrollWindow.bindings(Action.move))

  /// The rectangles of the columns in a table drawn in `rect`: the column sizes laid out with
  /// one column of space between them.
  public static func columnRects(_ columns: [Column], in rect: Rect) -> [Rect] {
    guard !columns.isEmpty else { return [] }
    var sizes: [LayoutSize] = []
    for (index, column) in columns.enumerated() {
      if index > 0 { sizes.append(.fixed(1)) }
      sizes.append(column.width)
    }
    return rect.columns(sizes).enumerated().filter { $0.offset.isMultiple(of: 2) }.map(\.element)
  }

  /// Draws the header (the theme's ``Theme/title``) on the first row of `rect` and the rows of the
  /// window under it in `style` (``Theme/text`` unless given), the selected one in
  /// ``Theme/selection``; only the rows in the window are looked at.
  ///
  /// With `sending`, a press on a row selects it (``Action/select(row:)``) and the wheel scrolls
  /// (``Action/scroll(by:)``, three rows a notch), each embedded in the app's action by `sending`.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    let style = style ?? theme.text
    let columns = columnRects(state.columns, in: Rect(column: rect.column, row: rect.row, width: rect.width, height: 1))
    if let sending {
      canvas.addWheelRegion(
        rect, up: sending(.scroll(by: -SelectionList.wheelRows)), down: sending(.scroll(by: SelectionList.wheelRows)))
    }
    canvas.withClip(rect) { canvas in
      let header = theme.title.layered(over: style)
      for (column, area) in zip(state.columns, columns) {
        column.draw(column.title, in: area, row: rect.row, on: &canvas, style: header)
      }
      let visible = rect.height - 1
      guard visible > 0, !state.rows.isEmpty else { return }
      let cursor = min(max(0, state.cursor), state.rows.count - 1)
      let top = ScrollWindow.top(keeping: cursor, from: state.top, visible: visible, count: state.rows.count)
      for index in top..<min(state.rows.count, top + visible) {
        let row = rect.row + 1 + index - top
        let rowStyle = index == cursor ? theme.selection : style
        let rowRect = Rect(column: rect.column, row: row, width: rect.width, height: 1)
        if let sending { canvas.addHitRegion(rowRect, onPress: sending(.select(row: index))) }
        if index == cursor { canvas.fill(rowRect, style: rowStyle) }
        for (cell, (column, area)) in zip(state.rows[index], zip(state.columns, columns)) {
          column.draw(cell, in: area, row: row, on: &canvas, style: rowStyle)
        }
      }
    }
  }
}
