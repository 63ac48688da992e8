import Tide

/// Rows of the app's own collection under a header, in columns of fixed, percentage or flexible
/// width, sorted by a column and filtered as you type, with a selected row kept by identity.
///
/// The rows are the app's: any collection of `Identifiable` elements, and each ``Column`` says
/// how to show an element in it (`{ $0.name }`). The table keeps what it shows of them — the
/// columns, the sort, the filter's query, the selection (by the row's `id`), the window and its
/// height — and, made from the rows when the app gives them (``State/setRows(_:)``), the ids in
/// order and the cells folded to lowercase, which sorting and filtering search so that a key
/// does not wait for the app. Drawing reads the cells of the rows on screen from the app's
/// collection, so the app gives the same collection to ``draw(_:rows:in:on:style:isFocused:sending:)``
/// that it last gave to ``State/setRows(_:)``, and gives it again whenever it changes.
///
/// ```swift
/// struct Process: Identifiable, Sendable { var id: Int32; var command: String; var cpu: Double }
///
/// var table = Table<Process>.State(columns: [
///   .init("PID", width: .fixed(6), alignment: .trailing) { "\($0.id)" },
///   .init("Command") { $0.command },
///   .init("CPU", width: .fixed(6), alignment: .trailing) { "\($0.cpu)" },
/// ])
/// // when the processes change: state.table.setRows(state.processes)
/// // keys: Table.action(for: key, in: state.table).map(Action.table)
/// // view: Table.draw(state.table, rows: state.processes, in: body, on: &canvas, sending: Action.table)
/// // the choice: state.table.selectedID
/// ```
///
/// Keys (``keys(for:)``): ↑/k, ↓/j, pgup, pgdn, home/g, end/G move; `s` sorts by the next column
/// (after the last, the app's order again), `S` reverses the sort; `/` types a filter, which
/// matches any cell case-insensitively (its characters highlighted), enter keeps it, esc clears
/// it. While a filter is typed or applied, the table's last row is its line: `/query` and
/// `K of N`. A press on a header sorts by that column (again: the other way, ▲ or ▼ after its
/// title; `^` and `v` where borders are ASCII), a press on a row selects it, and the wheel
/// scrolls three rows a notch.
///
/// Sorting is stable (equal cells keep the app's order) and compares the folded cells byte by
/// byte — case-insensitively, other letters by code point — except that runs of digits compare
/// by value, so `9` sorts before `10` and `1.25` before `1.5`. A sign is text: an app sorting
/// negative numbers or dates shows them in a form that sorts (ISO dates do).
///
/// Selection is by identity: when the rows change, are sorted or filtered, the selected row stays
/// selected wherever it moved; when it is gone (or filtered out), the row now at its position is
/// selected. Everything an app sets is kept in range: a selection or window past the end is
/// clamped, and a table drawn in a rectangle of any size draws what fits.
public struct Table<Row: Identifiable>: Reducer, Sendable where Row.ID: Sendable {
  /// A column: its header, its width, where its text sits and what it shows of a row.
  public struct Column: Hashable, Sendable {
    /// The header text.
    public var title: String
    /// How wide the column is: ``LayoutSize/fixed(_:)`` cells, a ``LayoutSize/percentage(_:)``
    /// of the table's width, or a share of what those leave (``LayoutSize/fill(_:)``).
    public var width: LayoutSize
    /// Where the header and each cell sit in the column's width: numbers read best
    /// ``Alignment/trailing``. Text too wide is cut with `…` whatever the alignment.
    public var alignment: Alignment
    /// The text of this column's cell in a row: what is drawn, sorted and filtered. Line breaks
    /// and other control characters in it are not drawn.
    public var cell: @Sendable (Row) -> String

    /// A column headed `title`, `width` wide, its text placed by `alignment`, showing `cell`
    /// of each row.
    public init(
      _ title: String, width: LayoutSize = .fill(), alignment: Alignment = .leading,
      cell: @escaping @Sendable (Row) -> String
    ) {
      self.title = title
      self.width = width
      self.alignment = alignment
      self.cell = cell
    }

    /// Columns are equal when their titles, widths and alignments are: ``cell`` is a function,
    /// which cannot be compared.
    public static func == (left: Column, right: Column) -> Bool {
      left.title == right.title && left.width == right.width && left.alignment == right.alignment
    }

    /// Hashes the title, the width and the alignment.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(title)
      hasher.combine(width)
      hasher.combine(alignment)
    }
  }

  /// The presentation of the app's rows: columns, sort, filter, selection, window and height.
  public struct State: Equatable, Sendable {
    /// The columns, left to right. Set them with ``setColumns(_:rows:)``, which folds the cells
    /// of the new columns for sorting and filtering.
    public private(set) var columns: [Column]
    /// The column the rows are sorted by; `nil`: the app's order.
    public private(set) var sortColumn: Int?
    /// Whether the sort is from the last row to the first (▼).
    public private(set) var sortsDescending: Bool
    /// The filter's query, a text field.
    public private(set) var query: TextInput.State
    /// Whether the query is being typed (after `/`, until enter or esc).
    public private(set) var isFiltering: Bool
    /// The selection, as a position among the rows shown (sorted and filtered).
    public private(set) var cursor: Int
    /// The first position in the window.
    public private(set) var top: Int
    /// The rows the table is drawn in, header (and filter line) included; 0 until known. Set it
    /// with ``resize(height:)`` (``Action/resize(height:)``), which also keeps the selection in
    /// view.
    public private(set) var height: Int
    /// What the table shows under its header when it has no rows (`No rows` unless the app
    /// says more). A filter that matches nothing shows `No matches`.
    public var emptyText = "No rows"
    /// The ids of the rows, in the app's order.
    public private(set) var ids: [Row.ID]

    // Made from the rows (and the sort, the query): derived, so left out of `==` but for the
    // order they give.
    /// The cells folded, for sorting and filtering.
    private var index: FilterIndex
    /// The rows' indices in the sort's order; `nil` without a sort.
    private var sorted: [Int]?
    /// What the query matched, in the sort's order.
    private var narrowing = FilterNarrowing()

    /// A table of no rows yet under `columns`, in the app's order, drawn in `height` rows (0:
    /// not yet known).
    public init(columns: [Column], height: Int = 0) {
      self.columns = columns
      sortColumn = nil
      sortsDescending = false
      query = TextInput.State(placeholder: "filter")
      isFiltering = false
      cursor = 0
      top = 0
      self.height = max(0, height)
      ids = []
      index = FilterIndex(rows: 0, columns: columns.count) { _, _ in "" }
    }

    /// A table of `rows` under `columns`, the first row selected, drawn in `height` rows (0:
    /// not yet known).
    public init(columns: [Column], rows: some Collection<Row>, height: Int = 0) {
      self.init(columns: columns, height: height)
      setRows(rows)
    }

    /// Whether two tables show the same rows in the same order, with the same columns, sort,
    /// query, selection, window and height.
    public static func == (left: State, right: State) -> Bool {
      left.columns == right.columns && left.sortColumn == right.sortColumn
        && left.sortsDescending == right.sortsDescending && left.query == right.query
        && left.isFiltering == right.isFiltering && left.cursor == right.cursor && left.top == right.top
        && left.height == right.height && left.emptyText == right.emptyText && left.ids == right.ids
        && left.shown == right.shown
    }

    /// The rows' indices in the order shown; `nil`: all of them, in the app's order.
    private var shown: [Int]? { narrowing.matches ?? sorted }

    /// How many rows the app gave.
    public var rowCount: Int { ids.count }

    /// How many rows are shown: those the filter matches.
    public var shownCount: Int { shown?.count ?? ids.count }

    /// `N rows` without a filter, `K of N` with one.
    public var status: String {
      narrowing.matches == nil ? (ids.count == 1 ? "1 row" : "\(ids.count) rows") : "\(shownCount) of \(ids.count)"
    }

    /// The index in the app's collection of the row shown at `position`; `nil` when none is.
    public func rowIndex(at position: Int) -> Int? {
      guard position >= 0, position < shownCount else { return nil }
      return shown?[position] ?? position
    }

    /// Where the row at `index` of the app's collection is shown; `nil` when the filter hides it.
    func position(ofRow index: Int) -> Int? {
      guard index >= 0, index < ids.count else { return nil }
      guard let shown else { return index }
      return shown.firstIndex(of: index)
    }

    /// The index in the app's collection of the selected row; `nil` when no row is shown.
    public var selectedIndex: Int? { rowIndex(at: cursor) }

    /// The id of the selected row; `nil` when no row is shown.
    public var selectedID: Row.ID? { selectedIndex.map { ids[$0] } }

    /// The selected row of `rows` (the collection last given to ``setRows(_:)``); `nil` when no
    /// row is shown or `rows` no longer holds it there.
    public func selectedRow<Rows: RandomAccessCollection<Row>>(in rows: Rows) -> Row? {
      guard let index = selectedIndex, index < rows.count else { return nil }
      let row = rows[rows.index(rows.startIndex, offsetBy: index)]
      return row.id == ids[index] ? row : nil
    }

    /// The rows shown under the header in `height` rows: the filter's line takes one while a
    /// query is typed or applied.
    func visibleRows(inHeight height: Int) -> Int {
      max(0, height - 1 - (showsFilterLine ? 1 : 0))
    }

    /// Whether the last row is the filter's line.
    var showsFilterLine: Bool { isFiltering || narrowing.matches != nil }

    /// Gives the table the app's rows — at the start and whenever they change — keeping the
    /// sort, the filter and the selected row (by its id; when it is gone, the row now at its
    /// position). The table keeps their ids and their cells folded for sorting and filtering:
    /// 100,000 rows of four columns take about a tenth of a second, once per change.
    public mutating func setRows(_ rows: some Collection<Row>) {
      let selected = selectedIndex.map { (id: ids[$0], index: $0) }
      let elements = Array(rows)
      ids = elements.map(\.id)
      let columns = self.columns
      index = FilterIndex(rows: elements.count, columns: columns.count) { row, column in
        columns[column].cell(elements[row])
      }
      sortRows()
      narrowing.reset()
      refilter(keeping: selected, else: cursor)
    }

    /// Replaces the columns, showing `rows` (the collection last given to ``setRows(_:)``, or
    /// its new version) in them: what a parent does to add, remove, reorder or change columns.
    /// The cells are folded again from the new columns, so the sort and the filter read what
    /// the columns now show: the sort stays on the column of the same title (none: the app's
    /// order), the filter's query is kept and matched against the new cells, and the selected
    /// row stays selected (by its id).
    public mutating func setColumns(_ columns: [Column], rows: some Collection<Row>) {
      let sortTitle = sortColumn.map { self.columns[$0].title }
      self.columns = columns
      sortColumn = sortTitle.flatMap { title in columns.firstIndex { $0.title == title } }
      if sortColumn == nil { sortsDescending = false }
      setRows(rows)
    }

    /// Sorts the rows by `column`, last first when `descending`; `nil`: the app's order. The
    /// selected row stays selected. What a press on a header and `s`/`S` do, for a parent that
    /// sorts its table itself. A column out of range sorts nothing.
    public mutating func sort(byColumn column: Int?, descending: Bool = false) {
      let selected = selectedIndex.map { (id: ids[$0], index: $0) }
      sortColumn = column.flatMap { columns.indices.contains($0) ? $0 : nil }
      sortsDescending = sortColumn != nil && descending
      sortRows()
      narrowing.reset()
      top = 0
      refilter(keeping: selected, else: 0)
    }

    private mutating func sortRows() {
      sorted = sortColumn.map { index.rowsSorted(byColumn: $0, descending: sortsDescending) }
    }

    /// Filters the rows by `text`, as typing it after `/` and pressing enter does; an empty
    /// `text` clears the filter.
    public mutating func filter(_ text: String) {
      let selected = selectedIndex.map { (id: ids[$0], index: $0) }
      query = TextInput.State(text: text, placeholder: query.placeholder, width: query.width)
      isFiltering = false
      top = 0
      refilter(keeping: selected, else: 0)
    }

    mutating func editQuery(_ action: TextInput.Action) {
      let selected = selectedIndex.map { (id: ids[$0], index: $0) }
      _ = TextInput().reduce(into: &query, action: action)
      top = 0
      refilter(keeping: selected, else: 0)
    }

    mutating func clearQuery() {
      let selected = selectedIndex.map { (id: ids[$0], index: $0) }
      query = TextInput.State(placeholder: query.placeholder, width: query.width)
      isFiltering = false
      top = 0
      refilter(keeping: selected, else: 0)
    }

    /// Filters by the query, narrowing the last result when it only grew, and selects `selected`
    /// when it is shown, else the row at `position`. A sort or a new query shows the rows from
    /// the top (the window moving as little from there as keeps the selection in view); new
    /// rows keep the window where it was.
    private mutating func refilter(keeping selected: (id: Row.ID, index: Int)?, else position: Int) {
      narrowing.follow(query.text, among: sorted, index: index)
      var position = position
      if let selected, let row = RowIdentity.index(of: selected.id, in: ids, near: selected.index),
        let shownAt = self.position(ofRow: row)
      {
        position = shownAt
      }
      select(position: position)
    }

    /// Selects the row shown at `position` (clamped to the rows shown), scrolling the window as
    /// little as keeps it in view: what a press on a row does. While the height is unknown the
    /// window stays, and drawing scrolls it as little as keeps the selection in view.
    public mutating func select(position: Int) {
      cursor = min(max(0, position), max(0, shownCount - 1))
      top = min(max(0, top), max(0, shownCount - 1))
      guard height > 0 else { return }
      top = ScrollWindow.top(keeping: cursor, from: top, visible: visibleRows(inHeight: height), count: shownCount)
    }

    /// Selects the row whose id is `id` when it is shown; returns whether it was.
    @discardableResult
    public mutating func select(id: Row.ID) -> Bool {
      guard let row = ids.firstIndex(of: id), let position = position(ofRow: row) else { return false }
      select(position: position)
      return true
    }

    mutating func apply(_ move: SelectionMove) {
      select(
        position: ScrollWindow.position(
          after: move, from: cursor, page: visibleRows(inHeight: height), count: shownCount))
    }

    /// Tells the table it is drawn in `height` rows, header included, keeping the selection in
    /// view: what ``Action/resize(height:)`` does, for a parent that handles the size itself.
    public mutating func resize(height: Int) {
      self.height = max(0, height)
      select(position: cursor)
    }

    /// Moves the window by `rows` rows (up when negative) and the selection with it, each as far
    /// as the table allows: what the wheel does (``Action/scroll(by:)``).
    public mutating func scroll(by rows: Int) {
      top = ScrollWindow.top(scrolledBy: rows, from: top, visible: visibleRows(inHeight: height), count: shownCount)
      select(position: ScrollWindow.move(cursor, by: rows, count: shownCount))
    }

    mutating func startFiltering() { isFiltering = true }

    mutating func acceptFilter() {
      isFiltering = false
      if query.isEmpty { clearQuery() }
    }

    /// Sorts by `column`, or the other way when the rows are already sorted by it: a press on
    /// its header.
    mutating func sortPressed(_ column: Int) {
      sort(byColumn: column, descending: sortColumn == column && !sortsDescending)
    }

    /// Sorts by the column after the sort's, ascending; after the last, the app's order.
    mutating func sortByNextColumn() {
      let next = sortColumn.map { $0 + 1 } ?? 0
      sort(byColumn: next < columns.count ? next : nil)
    }

    /// Reverses the sort; without one, sorts by the first column, last first.
    mutating func reverseSort() {
      sort(byColumn: sortColumn ?? 0, descending: sortColumn == nil || !sortsDescending)
    }
  }

  /// What the table can do.
  public enum Action: Equatable, Sendable {
    /// Moves the selection (a page: the rows the window shows).
    case move(SelectionMove)
    /// Selects the row shown at `position` (clamped to the rows shown): a press on a row.
    case select(position: Int)
    /// The table is now drawn in `height` rows, header included.
    case resize(height: Int)
    /// Moves the window and the selection by `rows` rows (the wheel: 3 a notch), each as far
    /// as the table allows, so a notch always does something.
    case scroll(by: Int)
    /// Sorts by `column`, or the other way when already sorted by it: a press on its header.
    case sort(column: Int)
    /// Sorts by the next column; after the last, the app's order (`s`).
    case sortByNextColumn
    /// Reverses the sort (`S`).
    case reverseSort
    /// Starts typing a filter query (the `/` key).
    case startFiltering
    /// Stops typing the query and keeps the filter (enter while filtering).
    case acceptFilter
    /// Empties the query and shows every row again (esc).
    case clearFilter
    /// Edits the query (typing, erasing, readline keys); the rows shown follow it.
    case query(TextInput.Action)
  }

  /// A table.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .move(let move): state.apply(move)
    case .select(let position): state.select(position: position)
    case .resize(let height): state.resize(height: height)
    case .scroll(let rows): state.scroll(by: rows)
    case .sort(let column): state.sortPressed(column)
    case .sortByNextColumn: state.sortByNextColumn()
    case .reverseSort: state.reverseSort()
    case .startFiltering: state.startFiltering()
    case .acceptFilter: state.acceptFilter()
    case .clearFilter: state.clearQuery()
    case .query(let action): state.editQuery(action)
    }
    return .none
  }

  /// The keys while browsing: ↑/k, ↓/j, pgup, pgdn, home/g, end/G, `s` to sort by the next
  /// column, `S` to reverse the sort, `/` to filter.
  public static var browsingKeys: KeyMap<Action> {
    KeyMap(
      ScrollWindow.bindings(Action.move) + [
        KeyBinding(.character("s"), action: .sortByNextColumn, help: "sort"),
        KeyBinding(.character("S"), action: .reverseSort, help: "reverse sort"),
        KeyBinding(.character("/"), action: .startFiltering, help: "filter"),
      ])
  }

  /// The keys while typing the filter: ↑/↓ and page keys still move, enter keeps the filter,
  /// esc clears it, and the query takes ``TextInput``'s keys.
  public static var filteringKeys: KeyMap<Action> {
    ScrollWindow.filteringKeys(Action.move, accept: .acceptFilter, clear: .clearFilter, query: Action.query)
  }

  /// The keys that apply in `state`, for dispatch and for ``Help``: esc clears an applied filter
  /// (bound only while there is one, so an app may give esc another meaning).
  public static func keys(for state: State) -> KeyMap<Action> {
    if state.isFiltering { return filteringKeys }
    guard state.showsFilterLine else { return browsingKeys }
    return browsingKeys.followed(by: KeyMap([KeyBinding(.escape, action: .clearFilter, help: "clear filter")]))
  }

  /// The action for `key` in `state`: a binding of ``keys(for:)``, or while filtering a
  /// character typed into the query (`nil` for keys with no meaning there, which should not
  /// reach the app's commands either).
  public static func action(for key: Key, in state: State) -> Action? {
    ScrollWindow.action(for: key, in: keys(for: state), isFiltering: state.isFiltering, query: Action.query)
  }

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

  /// Draws the header (the theme's ``Theme/title``, the sort's column marked ▲ or ▼) on the first
  /// row of `rect` and under it the rows of `rows` in the window, in `style` (``Theme/text``
  /// unless given), the selected one in ``Theme/selection`` and a filter's matched characters
  /// in ``Theme/accent``; only the rows in the window are read. While a filter is typed or
  /// applied, the last row is its line (`/query`, `K of N`). `rows` is the collection last
  /// given to ``State/setRows(_:)``; rows it no longer holds are left blank.
  ///
  /// Unless `isFocused`, the selected row is in ``Theme/accent`` instead, and a query being typed
  /// shows no cursor.
  ///
  /// With `sending`, a press on a header sorts by its column (``Action/sort(column:)``), a press
  /// on a row selects it (``Action/select(position:)``) and the wheel scrolls
  /// (``Action/scroll(by:)``, three rows a notch), each embedded in the app's action by
  /// `sending`.
  public static func draw<Rows: RandomAccessCollection<Row>>(
    _ state: State, rows: Rows, in rect: Rect, on canvas: inout Canvas, style: Style? = nil, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    let style = style ?? theme.text
    let selection = isFocused ? theme.selection : theme.accent.layered(over: style)
    let columns = columnRects(state.columns, in: Rect(column: rect.column, row: rect.row, width: rect.width, height: 1))
    if let sending {
      canvas.addWheelRegion(
        rect, up: sending(.scroll(by: -ScrollWindow.wheelRows)), down: sending(.scroll(by: ScrollWindow.wheelRows)))
    }
    canvas.withClip(rect) { canvas in
      let header = theme.title.layered(over: style)
      for (number, (column, area)) in zip(state.columns, columns).enumerated() {
        var title = column.title
        if state.sortColumn == number {
          let mark = state.sortsDescending ? "▼" : "▲"
          title = area.width > 2 ? title.truncated(toDisplayWidth: area.width - 2) + " " + mark : mark
        }
        column.draw(title, in: area, row: rect.row, matched: 0..<0, on: &canvas, style: header)
        if let sending { canvas.addHitRegion(area, onPress: sending(.sort(column: number))) }
      }
      let visible = state.visibleRows(inHeight: rect.height)
      if state.showsFilterLine, rect.height > 1 {
        ListDrawing.drawFilterLine(
          query: state.query, isFiltering: state.isFiltering, isFocused: isFocused, status: state.status,
          in: Rect(column: rect.column, row: rect.endRow - 1, width: rect.width, height: 1), on: &canvas)
      }
      guard visible > 0 else { return }
      guard state.shownCount > 0 else {
        let message = state.rowCount == 0 ? state.emptyText : "No matches"
        canvas.drawTruncated(message, atColumn: rect.column, row: rect.row + 1, width: rect.width, style: theme.muted)
        return
      }
      let cursor = min(max(0, state.cursor), state.shownCount - 1)
      let top = ScrollWindow.top(keeping: cursor, from: state.top, visible: visible, count: state.shownCount)
      let query = FilterIndex.folded(state.query.text)
      for position in top..<min(state.shownCount, top + visible) {
        let row = rect.row + 1 + position - top
        let rowStyle = position == cursor ? selection : style
        let rowRect = Rect(column: rect.column, row: row, width: rect.width, height: 1)
        if let sending { canvas.addHitRegion(rowRect, onPress: sending(.select(position: position))) }
        if position == cursor { canvas.fill(rowRect, style: rowStyle) }
        guard let index = state.rowIndex(at: position), index < rows.count else { continue }
        let element = rows[rows.index(rows.startIndex, offsetBy: index)]
        for (column, area) in zip(state.columns, columns) {
          let cell = column.cell(element)
          column.draw(
            cell, in: area, row: row, matched: FilterIndex.matchedCharacters(of: query, in: cell), on: &canvas,
            style: rowStyle)
        }
      }
    }
  }
}

extension Table.Column {
  /// Draws `text` in `area` (its first row) placed by ``alignment``, cut to its width with `…`,
  /// the characters `matched` highlighted.
  func draw(_ text: String, in area: Rect, row: Int, matched: Range<Int>, on canvas: inout Canvas, style: Style) {
    guard area.width > 0 else { return }
    // Leading text needs no measuring: most columns, every frame.
    let offset =
      alignment == .leading ? 0 : alignment.offset(of: text.truncated(toDisplayWidth: area.width).displayWidth, in: area.width)
    ListDrawing.drawTitle(
      text, matched: matched, atColumn: area.column + offset, row: row, width: area.width - offset, style: style,
      on: &canvas)
  }
}
