import Tide

/// A scrolling list of the app's own rows to pick one from, with a `/` filter as you type.
///
/// The rows are the app's: any collection of `Identifiable` elements, shown by a title (and
/// optionally a description, a second dimmed row) that the app's functions give for each
/// (`title: \.name`). The list keeps what it shows of them — the ids in order and the titles
/// folded to lowercase for the filter (made when the app gives the rows, ``State/setRows(_:title:description:)``),
/// the query, the selection, the window and its height — and drawing reads the rows on screen
/// from the app's collection, so the app gives the same collection to
/// ``draw(_:rows:title:description:in:on:style:isFocused:sending:)`` that it last gave to
/// ``State/setRows(_:title:description:)``, and gives it again whenever it changes. It is the
/// same contract ``Table`` has, with the same moves, filter and selection by identity.
///
/// Drawing looks only at the rows that fit, and a move is a few integer operations, so a list of
/// 100,000 rows moves as fast as one of ten. The filter matches titles case-insensitively (a
/// substring, its characters highlighted); each keystroke that lengthens the query searches only
/// what the previous query matched, and erasing goes back to a result already computed.
///
/// Selection is by identity: when the rows change, the selected row stays selected wherever it
/// moved (the row with its id nearest its old place); when it is gone, the row now at its
/// position is selected (the new last one, when it was past the end).
///
/// The first row of its rectangle is the status: `N items`, or while filtering the query and
/// `K of N` (an app that shows its own header turns it off with ``State/showsStatus``). Tell the
/// list its height with ``Action/resize(height:)`` (from the app's resize action) so that page
/// keys move a page. Rows are drawn as `> title`; an app that shows more of a row (a check box,
/// a date, a colour) draws each row itself with
/// ``draw(_:rows:in:on:style:isFocused:sending:drawingRow:)``, and the list keeps the window,
/// the selection and the filter.
///
/// ```swift
/// struct Todo: Identifiable, Sendable { var id: UUID; var title: String }
///
/// var list = SelectionList<Todo>.State(rows: todos, title: \.title)
/// // when the todos change: state.list.setRows(state.todos, title: \.title)
/// // keys: SelectionList.action(for: key, in: state.list).map(Action.list)
/// // view: SelectionList.draw(state.list, rows: state.todos, title: \.title, in: body, on: &canvas)
/// // the choice: state.list.selectedID
/// ```
///
/// A list of plain titles needs no type of its own: `SelectionList<ListItem>` keeps its
/// ``ListItem``s itself (see ``ListItem``).
public struct SelectionList<Row: Identifiable>: Reducer, Sendable where Row.ID: Sendable {
  /// The ids of the rows, the filter and the selection.
  public struct State: Equatable, Sendable {
    /// The ids of the rows, in the app's order.
    public private(set) var ids: [Row.ID]
    /// The filter's query, a text field.
    public private(set) var query: TextInput.State
    /// Whether the query is being typed (after `/`, until enter or esc).
    public var isFiltering: Bool
    /// The selection, as a position among the rows shown (those the filter matches).
    public var cursor: Int
    /// The first row position in the window.
    public var top: Int
    /// The rows the list is drawn in, status row included; 0 until known. Set it with
    /// ``Action/resize(height:)``, which also keeps the selection in the window.
    public var height: Int
    /// Whether each row takes two lines (some row has a description).
    public private(set) var showsDescriptions: Bool
    /// Whether the first row is the status (`N items`, the query, `K of N`); without it the
    /// rows start on the first row, under a header the app draws itself.
    public var showsStatus: Bool
    /// What the list shows when it has no rows at all (`No items` unless the app says more:
    /// `No files yet — press a to add one`). A filter that matches nothing shows `No matches`.
    public var emptyText = "No items"
    /// What the status row says in place of `N items`; `nil` for the count. For a list that
    /// holds part of a longer collection, whose count would mislead: the inspector's window of
    /// a trace's steps says `steps 902841–903840 of 999975`. A filter's `K of N` still counts
    /// the rows the list holds, the ones it searches.
    public var statusNote: String?

    /// The titles folded for filtering: made when the rows are given, or, for a list of items
    /// (whose ids hold their titles), by ``foldLater`` when a filter is first typed, so a list
    /// that is never filtered never pays for it (a tree's rows, given again at every expand).
    private(set) var folded: FilterIndex?
    /// Folds the titles, for a list whose titles are folded when first needed.
    private var foldLater: (@Sendable () -> FilterIndex)?
    /// What each query typed so far matched: the next keystroke narrows the last one, an
    /// erased one goes back.
    private var narrowing = FilterNarrowing()

    /// A list of no rows yet, drawn in `height` rows (0: not yet known), the first of them the
    /// status unless `showsStatus` is false.
    public init(height: Int = 0, showsStatus: Bool = true) {
      ids = []
      query = TextInput.State(placeholder: "filter")
      isFiltering = false
      cursor = 0
      top = 0
      self.height = max(0, height)
      self.showsStatus = showsStatus
      showsDescriptions = false
      folded = FilterIndex(titles: [])
    }

    /// A list of `rows`, shown by `title` (and `description`, a second row, where it gives
    /// one), the first selected; see ``setRows(_:title:description:)``.
    public init(
      rows: some Collection<Row>, title: (Row) -> String, description: ((Row) -> String?)? = nil, height: Int = 0,
      showsStatus: Bool = true
    ) {
      self.init(height: height, showsStatus: showsStatus)
      setRows(rows, title: title, description: description)
    }

    /// Whether two lists show the same rows (by id) with the same query, selection, window and
    /// height (what is derived from the titles and the query is compared by what it shows).
    public static func == (left: State, right: State) -> Bool {
      left.ids == right.ids && left.query == right.query && left.isFiltering == right.isFiltering
        && left.cursor == right.cursor && left.top == right.top && left.height == right.height
        && left.showsStatus == right.showsStatus && left.showsDescriptions == right.showsDescriptions
        && left.emptyText == right.emptyText && left.statusNote == right.statusNote && left.matches == right.matches
    }

    /// The indices of the rows shown, in order; `nil` while the filter is empty (every row,
    /// without an array of them).
    package var matches: [Int]? { narrowing.matches }

    /// How many rows the app gave.
    public var rowCount: Int { ids.count }

    /// How many rows the list shows: those the filter matches, or all of them.
    public var shownCount: Int { matches?.count ?? ids.count }

    /// The index in the app's collection of the row shown at `position`; `nil` when none is.
    public func rowIndex(at position: Int) -> Int? {
      guard position >= 0, position < shownCount else { return nil }
      return matches?[position] ?? position
    }

    /// The index in the app's collection of the selected row; `nil` when nothing is shown.
    public var selectedIndex: Int? { rowIndex(at: cursor) }

    /// The id of the selected row; `nil` when nothing is shown.
    public var selectedID: Row.ID? { selectedIndex.map { ids[$0] } }

    /// The selected row of `rows` (the collection last given to ``setRows(_:title:description:)``);
    /// `nil` when no row is shown or `rows` no longer holds it there.
    public func selectedRow<Rows: RandomAccessCollection<Row>>(in rows: Rows) -> Row? {
      guard let index = selectedIndex, index < rows.count else { return nil }
      let row = rows[rows.index(rows.startIndex, offsetBy: index)]
      return row.id == ids[index] ? row : nil
    }

    /// Where the row at `index` of the app's collection is shown: its position for
    /// ``select(position:)``, or `nil` when the filter hides it (or no such row exists).
    public func position(ofRow index: Int) -> Int? {
      guard index >= 0, index < ids.count else { return nil }
      guard let matches else { return index }
      return Self.position(of: index, in: matches)
    }

    /// `N items` (or the ``statusNote``) without a filter, `K of N` with one.
    public var status: String {
      matches == nil
        ? statusNote ?? (ids.count == 1 ? "1 item" : "\(ids.count) items")
        : "\(shownCount) of \(ids.count)"
    }

    /// The lines one row takes.
    var linesPerRow: Int { showsDescriptions ? 2 : 1 }

    /// How many rows fit in `lines` lines (under the status line, when shown).
    func rowsShown(inLines lines: Int) -> Int { max(0, lines - (showsStatus ? 1 : 0)) / linesPerRow }

    mutating func apply(_ move: SelectionMove) {
      select(position: ScrollWindow.position(after: move, from: cursor, page: rowsShown(inLines: height), count: shownCount))
    }

    /// Moves the window by `rows` rows (up when negative) and the selection with it, each as
    /// far as the list allows: what the wheel does (``Action/scroll(by:)``), for a parent that
    /// scrolls the list itself.
    public mutating func scroll(by rows: Int) {
      top = ScrollWindow.top(scrolledBy: rows, from: top, visible: rowsShown(inLines: height), count: shownCount)
      select(position: ScrollWindow.move(cursor, by: rows, count: shownCount))
    }

    /// Selects the row at `position` among those shown, scrolling the window as little as
    /// keeps it in view: what ``Action/select(position:)`` does, for a parent that changes its
    /// list directly. While the height is unknown the window stays where it is, and drawing
    /// scrolls it as little as keeps the selection in view for the height it is drawn in.
    public mutating func select(position: Int) {
      cursor = min(max(0, position), max(0, shownCount - 1))
      top = min(max(0, top), max(0, shownCount - 1))
      guard height > 0 else { return }
      top = ScrollWindow.top(keeping: cursor, from: top, visible: rowsShown(inLines: height), count: shownCount)
    }

    /// Selects the row whose id is `id` when it is shown; returns whether it was.
    @discardableResult
    public mutating func select(id: Row.ID) -> Bool {
      guard let row = ids.firstIndex(of: id), let position = position(ofRow: row) else { return false }
      select(position: position)
      return true
    }

    /// Tells the list it has `height` rows, keeping the selection in view: what
    /// ``Action/resize(height:)`` does, for a parent that handles the terminal's size itself.
    public mutating func resize(height: Int) {
      self.height = max(0, height)
      select(position: cursor)
    }

    /// Gives the list the app's rows — at the start and whenever they change — shown by `title`
    /// (which the filter searches) and `description` (a second, dimmed line for the rows it
    /// gives one). The list keeps their ids and their titles folded for the filter, the filter
    /// applied, and the selected row selected wherever it moved; when it is gone, the row now at
    /// its position is selected (the new last one when it was past the end), so deleting the
    /// last row selects the one before it, not the first. The window stays where it was.
    public mutating func setRows(
      _ rows: some Collection<Row>, title: (Row) -> String, description: ((Row) -> String?)? = nil
    ) {
      // One pass over the app's rows: this generic code is not specialized for the app's
      // collection, so each step through it costs more than the work done with the row.
      var newIDs: [Row.ID] = []
      newIDs.reserveCapacity(rows.count)
      var folded = FilterIndex(reservingCapacity: rows.count)
      var showsDescriptions = false
      for row in rows {
        newIDs.append(row.id)
        folded.append(title(row))
        if !showsDescriptions, let description, description(row) != nil { showsDescriptions = true }
      }
      replaceRows(ids: newIDs, showsDescriptions: showsDescriptions, folded: folded, foldLater: nil)
    }

    /// Gives the list new rows by their ids (see ``setRows(_:title:description:)``), their titles
    /// `folded` now or, when `nil`, by `foldLater` when a filter needs them.
    mutating func replaceRows(
      ids newIDs: [Row.ID], showsDescriptions: Bool, folded: FilterIndex?, foldLater: (@Sendable () -> FilterIndex)?
    ) {
      let selected = selectedIndex.map { (id: ids[$0], index: $0) }
      ids = newIDs
      self.folded = folded
      self.foldLater = foldLater
      self.showsDescriptions = showsDescriptions
      narrowing.reset()
      if !query.text.isEmpty { foldTitles() }
      narrowing.follow(query.text, index: self.folded)
      var position = cursor
      if let selected, let row = RowIdentity.index(of: selected.id, in: ids, near: selected.index),
        let shown = self.position(ofRow: row)
      {
        position = shown
      }
      select(position: position)
    }

    /// Folds the titles for the filter, when they are not yet.
    mutating func foldTitles() {
      guard folded == nil else { return }
      folded = foldLater?() ?? FilterIndex(titles: [])
      foldLater = nil
    }

    /// The titles folded, for saving them: made now when they are not yet.
    var foldedTitles: [String] { (folded ?? foldLater?() ?? FilterIndex(titles: [])).foldedTitles }

    /// ``foldedTitles`` for `encode(to:)`: the same JSON, but a value that holds the index
    /// rather than a list made anew, so two states whose titles were not touched hold the same
    /// bits and a trace's differ skips them instead of building and comparing every title.
    var foldedTitlesForEncoding: FoldedTitles { FoldedTitles(folded: folded, foldLater: foldLater) }

    mutating func editQuery(_ action: TextInput.Action) {
      let selected = selectedIndex
      _ = TextInput().reduce(into: &query, action: action)
      refilter(keeping: selected)
    }

    mutating func clearQuery() {
      let selected = selectedIndex
      query = TextInput.State(placeholder: query.placeholder, width: query.width)
      isFiltering = false
      refilter(keeping: selected)
    }

    /// Filters by the query, narrowing the last result when the query only grew, and keeps the
    /// row at `selected` selected when it is still shown (else the first row), the window from
    /// the top.
    private mutating func refilter(keeping selected: Int?) {
      if !query.text.isEmpty { foldTitles() }
      narrowing.follow(query.text, index: folded)
      top = 0
      select(position: selected.flatMap(position(ofRow:)) ?? 0)
    }

    /// A list as it was encoded (see `SelectionList+Codable.swift`): the filter's matches
    /// rebuilt from the folded titles and `query`, then the selection and the window as they
    /// were, kept in range.
    init(
      restoring ids: [Row.ID], folded: FilterIndex, showsDescriptions: Bool, query: TextInput.State,
      isFiltering: Bool, cursor: Int, top: Int, height: Int, showsStatus: Bool
    ) {
      self.init(height: height, showsStatus: showsStatus)
      self.ids = ids
      self.folded = folded
      self.showsDescriptions = showsDescriptions
      self.query = query
      self.isFiltering = isFiltering
      narrowing.follow(query.text, index: folded)
      self.top = top
      select(position: cursor)
    }

    /// Where `row` is in the sorted `matches`, by binary search.
    private static func position(of row: Int, in matches: [Int]) -> Int? {
      var low = 0
      var high = matches.count
      while low < high {
        let middle = (low + high) / 2
        if matches[middle] < row { low = middle + 1 } else { high = middle }
      }
      return low < matches.count && matches[low] == row ? low : nil
    }
  }

  /// What the list can do.
  public enum Action: Equatable, Sendable, Codable {
    /// Moves the selection among the rows shown (a page: the rows the window shows).
    case move(SelectionMove)
    /// Selects the row shown at `position` (clamped to the list).
    case select(position: Int)
    /// Starts typing a filter query (the `/` key).
    case startFiltering
    /// Stops typing the query and keeps the filter (enter while filtering).
    case acceptFilter
    /// Empties the query and shows every row again (esc).
    case clearFilter
    /// Edits the query (typing, erasing, readline keys); the rows shown follow it.
    case query(TextInput.Action)
    /// The list is now drawn in `height` rows, status row included.
    case resize(height: Int)
    /// A press on the row shown at `position`: selects it, or, when it is already selected,
    /// chooses it (sends ``choose``).
    case press(position: Int)
    /// The selected row is chosen (a press on it; an app binds enter to it too). The list
    /// changes nothing: the app acts on it.
    case choose
    /// Moves the window and the selection by `rows` rows (the wheel: 3 a notch), each as far
    /// as the list allows, so a notch always does something.
    case scroll(by: Int)
  }

  /// A selection list.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .move(let move): state.apply(move)
    case .select(let position): state.select(position: position)
    case .startFiltering:
      state.isFiltering = true
      state.foldTitles()
    case .acceptFilter:
      state.isFiltering = false
      if state.query.isEmpty { state.clearQuery() }
    case .clearFilter: state.clearQuery()
    case .query(let action): state.editQuery(action)
    case .resize(let height): state.resize(height: height)
    case .press(let position):
      guard position != state.cursor else { return .send(.choose) }
      state.select(position: position)
    case .choose: break
    case .scroll(let rows): state.scroll(by: rows)
    }
    return .none
  }

  /// The keys while browsing: ↑/k, ↓/j, pgup, pgdn, home/g, end/G, `/` to filter, and esc to
  /// clear a filter (bound only while there is one, so an app may give esc another meaning).
  public static var browsingKeys: KeyMap<Action> {
    KeyMap<Action>(
      ScrollWindow.bindings(Action.move) + [KeyBinding(.character("/"), action: .startFiltering, help: "filter")])
  }

  /// The keys while typing the query: ↑/↓ and page keys still move, enter keeps the filter, esc
  /// clears it, and the query is a ``TextInput`` with its readline keys.
  public static var filteringKeys: KeyMap<Action> {
    ScrollWindow.filteringKeys(Action.move, accept: .acceptFilter, clear: .clearFilter, query: Action.query)
  }

  /// The keys that apply in `state`, for dispatch and for help.
  public static func keys(for state: State) -> KeyMap<Action> {
    if state.isFiltering { return filteringKeys }
    guard state.matches != nil else { return browsingKeys }
    return browsingKeys.followed(by: KeyMap([KeyBinding(.escape, action: .clearFilter, help: "clear filter")]))
  }

  /// The action for `key` in `state`: a binding of ``keys(for:)``, or while filtering a
  /// character typed into the query. While filtering, keys with no meaning (alt-chords,
  /// function keys) give `nil` and should not reach the app's commands either.
  public static func action(for key: Key, in state: State) -> Action? {
    ScrollWindow.action(for: key, in: keys(for: state), isFiltering: state.isFiltering, query: Action.query)
  }

  /// Draws the list into `rect`: the status row (unless ``State/showsStatus`` is off), then the
  /// rows of `rows` in the window around the selection (only those are read), each as `title`
  /// with `description` under it (in ``Theme/muted``) when the list shows descriptions. The
  /// selected row is in the theme's ``Theme/selection`` with `>` (``Theme/accent`` when not
  /// `isFocused`, so a list beside the focused component still shows its choice); rows are in
  /// `style` (the theme's ``Theme/text`` unless given), a filter's matched characters in
  /// ``Theme/accent``. `rows` is the collection last given to
  /// ``State/setRows(_:title:description:)``; rows it no longer holds are left blank.
  ///
  /// The window is the state's when `rect` is ``State/height`` rows high, else worked out for
  /// this height from it, so the selection is always in view.
  ///
  /// With `sending`, the list answers the pointer: a press on a row sends
  /// ``Action/press(position:)`` and the wheel ``Action/scroll(by:)`` (three rows a notch), each
  /// embedded in the app's action by `sending` (`sending: { Action.list($0) }`: the closure
  /// returns `any Sendable`, so the case needs its type).
  public static func draw<Rows: RandomAccessCollection<Row>>(
    _ state: State, rows: Rows, title: (Row) -> String, description: ((Row) -> String?)? = nil, in rect: Rect,
    on canvas: inout Canvas, style: Style? = nil, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    draw(state, rows: rows, in: rect, on: &canvas, style: style, isFocused: isFocused, sending: sending) { row, canvas in
      let theme = canvas.theme
      let marker = canvas.draw(row.isSelected ? "> " : "  ", atColumn: row.rect.column, row: row.rect.row, style: row.style)
      row.drawTitle(title(row.row), atColumn: row.rect.column + marker, on: &canvas)
      if row.rect.height > 1, let line = description?(row.row) {
        canvas.drawTruncated(
          line, atColumn: row.rect.column + marker, row: row.rect.row + 1, width: row.rect.width - marker,
          style: row.isSelected ? theme.muted.layered(over: row.style) : theme.muted)
      }
    }
  }

  /// Draws the list into `rect` as ``draw(_:rows:title:description:in:on:style:isFocused:sending:)``
  /// does, each row in the window drawn by `drawingRow` instead: for an app whose rows show more
  /// than a title. The list fills the selected row with its style first and hands each row's
  /// element with where and how to draw it (a ``ShownRow``), including what the filter matched
  /// so the row keeps its highlight:
  ///
  /// ```swift
  /// SelectionList.draw(state.list, rows: state.tasks, in: body, on: &canvas) { row, canvas in
  ///   let task = row.row
  ///   let style = row.isSelected ? row.style : task.isDone ? canvas.theme.muted : canvas.theme.text
  ///   let box = canvas.draw(task.isDone ? "[x] " : "[ ] ", atColumn: row.rect.column, row: row.rect.row, style: style)
  ///   row.drawTitle(task.title, atColumn: row.rect.column + box, style: style, on: &canvas)
  /// }
  /// ```
  public static func draw<Rows: RandomAccessCollection<Row>>(
    _ state: State, rows: Rows, in rect: Rect, on canvas: inout Canvas, style: Style? = nil, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil, drawingRow: (ShownRow, inout Canvas) -> Void
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    let style = style ?? theme.text
    // A list without the focus still shows its choice, in a colour that does not claim the keys.
    let selectionStyle = isFocused ? theme.selection : theme.accent.layered(over: style)
    if let sending {
      canvas.addWheelRegion(
        rect, up: sending(.scroll(by: -ScrollWindow.wheelRows)), down: sending(.scroll(by: ScrollWindow.wheelRows)))
    }
    canvas.withClip(rect) { canvas in
      let statusRows = state.showsStatus ? 1 : 0
      if state.showsStatus {
        drawStatus(
          state, in: Rect(column: rect.column, row: rect.row, width: rect.width, height: 1), isFocused: isFocused,
          on: &canvas)
      }
      let shown = state.rowsShown(inLines: rect.height)
      guard shown > 0 else { return }
      if state.shownCount == 0 {
        let message = state.ids.isEmpty ? state.emptyText : "No matches"
        canvas.drawTruncated(
          message, atColumn: rect.column + 2, row: rect.row + statusRows, width: rect.width - 2, style: theme.muted)
        return
      }
      let cursor = min(max(0, state.cursor), state.shownCount - 1)
      let top = ScrollWindow.top(keeping: cursor, from: state.top, visible: shown, count: state.shownCount)
      let query = FilterIndex.folded(state.query.text)
      for position in top..<min(state.shownCount, top + shown) {
        let line = rect.row + statusRows + (position - top) * state.linesPerRow
        let rowRect = Rect(column: rect.column, row: line, width: rect.width, height: state.linesPerRow)
        if let sending { canvas.addHitRegion(rowRect, onPress: sending(.press(position: position))) }
        let selected = position == cursor
        let rowStyle = selected ? selectionStyle : style
        if selected { canvas.fill(rowRect, style: rowStyle) }
        guard let index = state.rowIndex(at: position), index < rows.count else { continue }
        let element = rows[rows.index(rows.startIndex, offsetBy: index)]
        guard element.id == state.ids[index] else { continue }
        drawingRow(
          ShownRow(
            index: index, position: position, row: element, isSelected: selected, style: rowStyle, rect: rowRect,
            query: query),
          &canvas)
      }
    }
  }

  private static func drawStatus(_ state: State, in rect: Rect, isFocused: Bool, on canvas: inout Canvas) {
    let status = state.status
    guard state.isFiltering || state.matches != nil else {
      canvas.drawTruncated(status, atColumn: rect.column, row: rect.row, width: rect.width, style: canvas.theme.muted)
      return
    }
    ListDrawing.drawFilterLine(
      query: state.query, isFiltering: state.isFiltering, isFocused: isFocused, status: status, in: rect, on: &canvas)
  }
}
