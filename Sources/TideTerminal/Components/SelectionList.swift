import Tide

/// A scrolling list to pick an item from, with a `/` filter as you type.
///
/// Items have a title and an optional description (a second, dimmed row). Drawing looks only at
/// the rows that fit, and a move is a few integer operations, so a list of 100,000 items moves
/// as fast as one of ten. The filter matches titles case-insensitively (a substring, its
/// characters highlighted); each keystroke that lengthens the query searches only what the
/// previous query matched, and erasing goes back to a result already computed.
///
/// The first row of its rectangle is the status: `N items`, or while filtering the query and
/// `K of N` (an app that shows its own header turns it off with ``State/showsStatus``). Tell the
/// list its height with ``Action/resize(height:)`` (from the app's resize action) so that page
/// keys move a page. Rows are drawn as `> title`; an app that shows more of its data in a row (a
/// check box, a date, a colour) draws each row itself with
/// ``draw(_:in:on:style:isFocused:drawingItem:sending:)``, and the list keeps the window, the selection and the
/// filter.
///
/// ```swift
/// var list = SelectionList.State(items: names.map { SelectionList.Item($0) })
/// // keys: SelectionList.action(for: key, in: state.list).map(Action.list)
/// // view: SelectionList.draw(state.list, in: body, on: &canvas)
/// // the choice: state.list.selectedItem
/// ```
public struct SelectionList: Reducer, Sendable {
  /// One entry of the list.
  public struct Item: Hashable, Sendable, Codable {
    /// The first row, which the filter searches.
    public var title: String
    /// A second row under the title, dimmed; `nil` for none.
    public var description: String?

    /// An item titled `title`, with `description` under it.
    public init(_ title: String, description: String? = nil) {
      self.title = title
      self.description = description
    }
  }

  /// The items, the filter and the selection.
  public struct State: Equatable, Sendable {
    /// Every item, filtered or not.
    public private(set) var items: [Item]
    /// The filter's query, a text field.
    public private(set) var query: TextInput.State
    /// Whether the query is being typed (after `/`, until enter or esc).
    public var isFiltering: Bool
    /// The selection, as a position among the items shown (those the filter matches).
    public var cursor: Int
    /// The first item position in the window.
    public var top: Int
    /// The rows the list is drawn in, status row included; 0 until known. Set it with
    /// ``Action/resize(height:)``, which also keeps the selection in the window.
    public var height: Int
    /// Whether the items take two rows each (some item has a description).
    public private(set) var showsDescriptions: Bool
    /// Whether the first row is the status (`N items`, the query, `K of N`); without it the
    /// items start on the first row, under a header the app draws itself.
    public var showsStatus: Bool
    /// What the list shows when it has no items at all (`No items` unless the app says more:
    /// `No files yet — press a to add one`). A filter that matches nothing shows `No matches`.
    /// Not encoded: it is the app's wording, set again when the list is made.
    public var emptyText = "No items"

    // Derived from `items` and `query`, so left out of `==`. Built when a filter is first
    // typed: a list that is never filtered, or whose items are replaced often, never pays for it.
    private var index: FilterIndex?
    /// What each query typed so far matched: the next keystroke narrows the last one, an
    /// erased one goes back.
    private var narrowing = FilterNarrowing()

    /// A list of `items`, the first one selected, drawn in `height` rows (0: not yet known),
    /// the first of them the status unless `showsStatus` is false.
    public init(items: [Item], height: Int = 0, showsStatus: Bool = true) {
      self.items = items
      query = TextInput.State(placeholder: "filter")
      isFiltering = false
      cursor = 0
      top = 0
      self.height = max(0, height)
      self.showsStatus = showsStatus
      showsDescriptions = items.contains { $0.description != nil }
    }

    /// Whether two lists hold the same items, query, selection, window and height (what is
    /// derived from the items and the query is not compared again).
    public static func == (left: State, right: State) -> Bool {
      left.items == right.items && left.query == right.query && left.isFiltering == right.isFiltering
        && left.cursor == right.cursor && left.top == right.top && left.height == right.height
        && left.showsStatus == right.showsStatus && left.emptyText == right.emptyText
    }

    /// The indices into ``items`` of the items shown, in order; `nil` while the filter is empty
    /// (every item, without an array of them).
    package var matches: [Int]? { narrowing.matches }

    /// How many items the list shows: those the filter matches, or all of them.
    public var shownCount: Int { matches?.count ?? items.count }

    /// The index into ``items`` of the item shown at `position`.
    package func itemIndex(at position: Int) -> Int? {
      guard position >= 0, position < shownCount else { return nil }
      return matches?[position] ?? position
    }

    /// The index into ``items`` of the selected item; `nil` when nothing is shown.
    public var selectedIndex: Int? { itemIndex(at: cursor) }

    /// The selected item; `nil` when nothing is shown.
    public var selectedItem: Item? { selectedIndex.map { items[$0] } }

    /// Where the item at `index` of ``items`` is shown: its position for
    /// ``select(position:)``, or `nil` when the filter hides it (or no such item exists). The
    /// way back from ``selectedIndex``, for a parent that moved an item and keeps it selected.
    public func position(ofItem index: Int) -> Int? {
      guard index >= 0, index < items.count else { return nil }
      guard let matches else { return index }
      return Self.position(of: index, in: matches)
    }

    /// `N items` without a filter, `K of N` with one.
    public var status: String {
      matches == nil
        ? (items.count == 1 ? "1 item" : "\(items.count) items")
        : "\(shownCount) of \(items.count)"
    }

    /// The rows one item takes.
    var rowsPerItem: Int { showsDescriptions ? 2 : 1 }

    /// How many items fit in `rows` rows (under the status row, when shown).
    func itemsShown(inRows rows: Int) -> Int { max(0, rows - (showsStatus ? 1 : 0)) / rowsPerItem }

    mutating func apply(_ move: SelectionMove) {
      select(position: ScrollWindow.position(after: move, from: cursor, page: itemsShown(inRows: height), count: shownCount))
    }

    /// Moves the window by `rows` items (up when negative) and the selection with it, each as
    /// far as the list allows: what the wheel does (``Action/scroll(by:)``), for a parent that
    /// scrolls the list itself.
    public mutating func scroll(by rows: Int) {
      top = ScrollWindow.top(scrolledBy: rows, from: top, visible: itemsShown(inRows: height), count: shownCount)
      select(position: ScrollWindow.move(cursor, by: rows, count: shownCount))
    }

    /// Selects the item at `position` among those shown, scrolling the window as little as
    /// keeps it in view: what ``Action/select(position:)`` does, for a parent that changes its
    /// list directly. While the height is unknown the window stays where it is, and drawing
    /// scrolls it as little as keeps the selection in view for the height it is drawn in.
    public mutating func select(position: Int) {
      cursor = min(max(0, position), max(0, shownCount - 1))
      guard height > 0 else { return }
      top = ScrollWindow.top(keeping: cursor, from: top, visible: itemsShown(inRows: height), count: shownCount)
    }

    /// Tells the list it has `height` rows, keeping the selection in view: what
    /// ``Action/resize(height:)`` does, for a parent that handles the terminal's size itself.
    public mutating func resize(height: Int) {
      self.height = max(0, height)
      select(position: cursor)
    }

    /// Gives the list new items, keeping the selected item selected wherever it moved (the equal
    /// item nearest its old place) and the filter applied; when it is gone, the item now at its
    /// place is selected (the last one, when it was past the end) — deleting the last item
    /// selects the one before it, not the first. What ``Action/setItems(_:)`` does, for a parent
    /// that changes its list directly (`state.list.setItems(items)`), with no effect to drop.
    public mutating func setItems(_ newItems: [Item]) {
      let selected = selectedIndex
      let kept = selected.flatMap { old in Self.index(keeping: items[old], from: old, in: newItems) }
      items = newItems
      showsDescriptions = items.contains { $0.description != nil }
      index = nil
      narrowing.reset()
      refilter(keeping: kept)
    }

    /// Where `item`, at `old` before, is in `items`: the equal item nearest `old`, else the
    /// item now at `old` (clamped to the items).
    private static func index(keeping item: Item, from old: Int, in items: [Item]) -> Int? {
      guard !items.isEmpty else { return nil }
      var nearest: Int?
      for (index, candidate) in items.enumerated() where candidate == item {
        if nearest.map({ abs(index - old) < abs($0 - old) }) ?? true { nearest = index }
        if index >= old { break }
      }
      return nearest ?? min(old, items.count - 1)
    }

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

    /// Filters by the query, narrowing the last result when the query only grew, and keeps
    /// `selected` selected when it is still shown (else the first item).
    private mutating func refilter(keeping selected: Int?) {
      if !query.text.isEmpty { buildIndex() }
      narrowing.follow(query.text, index: index)
      var position = 0
      if let selected {
        if let matches {
          position = Self.position(of: selected, in: matches) ?? 0
        } else {
          position = selected
        }
      }
      top = 0
      select(position: position)
    }

    /// A list as it was encoded (see `SelectionList+Codable.swift`): the filter's matches
    /// rebuilt from `query`, then the selection and the window as they were, kept in range.
    init(
      restoring items: [Item], query: TextInput.State, isFiltering: Bool, cursor: Int, top: Int, height: Int,
      showsStatus: Bool
    ) {
      self.init(items: items, height: height, showsStatus: showsStatus)
      self.query = query
      self.isFiltering = isFiltering
      refilter(keeping: nil)
      self.top = min(max(0, top), max(0, shownCount - 1))
      select(position: cursor)
    }

    /// Folds the titles for filtering, once for these items.
    mutating func buildIndex() {
      if index == nil { index = FilterIndex(titles: items.lazy.map(\.title)) }
    }

    /// Where `item` is in the sorted `matches`, by binary search.
    private static func position(of item: Int, in matches: [Int]) -> Int? {
      var low = 0
      var high = matches.count
      while low < high {
        let middle = (low + high) / 2
        if matches[middle] < item { low = middle + 1 } else { high = middle }
      }
      return low < matches.count && matches[low] == item ? low : nil
    }
  }

  /// What the list can do.
  public enum Action: Equatable, Sendable, Codable {
    /// Moves the selection among the items shown (a page: the items the window shows).
    case move(SelectionMove)
    /// Selects the item shown at `position` (clamped to the list).
    case select(position: Int)
    /// Starts typing a filter query (the `/` key).
    case startFiltering
    /// Stops typing the query and keeps the filter (enter while filtering).
    case acceptFilter
    /// Empties the query and shows every item again (esc).
    case clearFilter
    /// Edits the query (typing, erasing, readline keys); the items shown follow it.
    case query(TextInput.Action)
    /// Replaces the items, keeping the filter and, when it is still there, the selected index.
    case setItems([Item])
    /// The list is now drawn in `height` rows, status row included.
    case resize(height: Int)
    /// A press on the item shown at `position`: selects it, or, when it is already selected,
    /// chooses it (sends ``choose``).
    case press(position: Int)
    /// The selected item is chosen (a press on it; an app binds enter to it too). The list
    /// changes nothing: the app acts on it.
    case choose
    /// Moves the window and the selection by `rows` items (the wheel: 3 a notch), each as far
    /// as the list allows, so a notch always does something.
    case scroll(by: Int)
  }

  /// Items the wheel moves a list by, a notch.
  package static let wheelRows = 3

  /// A selection list.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .move(let move): state.apply(move)
    case .select(let position): state.select(position: position)
    case .startFiltering:
      state.isFiltering = true
      state.buildIndex()
    case .acceptFilter:
      state.isFiltering = false
      if state.query.isEmpty { state.clearQuery() }
    case .clearFilter: state.clearQuery()
    case .query(let action): state.editQuery(action)
    case .setItems(let items): state.setItems(items)
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
  public static let browsingKeys = KeyMap<Action>(
    ScrollWindow.bindings(Action.move)
      + [KeyBinding(.character("/"), action: .startFiltering, help: "filter")])

  /// Esc clearing an applied filter, while browsing.
  static let clearKeys = KeyMap<Action>([KeyBinding(.escape, action: .clearFilter, help: "clear filter")])

  /// The keys while typing the query: ↑/↓ and page keys still move, enter keeps the filter, esc
  /// clears it, and the query is a ``TextInput`` with its readline keys.
  public static let filteringKeys = ScrollWindow.filteringKeys(
    Action.move, accept: .acceptFilter, clear: .clearFilter, query: Action.query)

  /// The keys that apply in `state`, for dispatch and for help.
  public static func keys(for state: State) -> KeyMap<Action> {
    if state.isFiltering { return filteringKeys }
    return state.matches == nil ? browsingKeys : browsingKeys.followed(by: clearKeys)
  }

  /// The action for `key` in `state`: a binding of ``keys(for:)``, or while filtering a
  /// character typed into the query. While filtering, keys with no meaning (alt-chords,
  /// function keys) give `nil` and should not reach the app's commands either.
  public static func action(for key: Key, in state: State) -> Action? {
    ScrollWindow.action(for: key, in: keys(for: state), isFiltering: state.isFiltering, query: Action.query)
  }

  /// One item's rows as ``draw(_:in:on:style:isFocused:drawingItem:sending:)`` hands them to an app that draws
  /// its rows itself.
  public struct ItemRow: Sendable {
    /// Where the item is in ``State/items``: the key to the app's own data for it.
    public var index: Int
    /// Where the item is among those shown (after the filter): what ``Action/select(position:)``
    /// takes.
    public var position: Int
    /// The item.
    public var item: Item
    /// Whether it is the selected item.
    public var isSelected: Bool
    /// The characters of the title the filter matched, to highlight; empty without a filter.
    public var matchedCharacters: Range<Int>
    /// The list's style: for the selected item, whose rows are already filled with it, the
    /// theme's ``Theme/selection`` while the list has the focus and ``Theme/accent`` without it;
    /// else the list's text style.
    public var style: Style
    /// The item's rows: one, or two when the list shows descriptions.
    public var rect: Rect
  }

  /// Draws the list into `rect`: the status row (unless ``State/showsStatus`` is off), then the
  /// items in the window around the selection (only those are looked at), the selected one in
  /// the theme's ``Theme/selection`` with `>` (``Theme/accent`` when not `isFocused`, so a
  /// list beside the focused component still shows its choice), or each drawn by `drawingItem`
  /// when given. Items
  /// are drawn in `style`, the theme's ``Theme/text`` unless given; the status and descriptions
  /// in ``Theme/muted``, a filter's matched characters in ``Theme/accent``.
  ///
  /// The window is the state's when `rect` is ``State/height`` rows high, else worked out for
  /// this height from it, so the selection is always in view.
  ///
  /// An app whose rows show more than a title draws them itself, from its own data for
  /// ``ItemRow/index``:
  ///
  /// ```swift
  /// SelectionList.draw(state.list, in: body, on: &canvas) { row, canvas in
  ///   let task = state.tasks[row.index]
  ///   let style = row.isSelected ? row.style : task.isDone ? canvas.theme.muted : canvas.theme.text
  ///   canvas.drawTruncated((task.isDone ? "[x] " : "[ ] ") + task.title,
  ///     atColumn: row.rect.column, row: row.rect.row, width: row.rect.width, style: style)
  /// }
  /// ```
  ///
  /// With `sending`, the list answers the pointer: a press on an item sends ``Action/press(position:)``
  /// and the wheel ``Action/scroll(by:)`` (three rows a notch), each embedded in the app's
  /// action by `sending` (`sending: { Action.list($0) }`: the closure returns `any Sendable`, so the
  /// case needs its type).
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil, isFocused: Bool = true,
    drawingItem: ((ItemRow, inout Canvas) -> Void)? = nil,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    let style = style ?? theme.text
    // A list without the focus still shows its choice, in a colour that does not claim the keys.
    let selectionStyle = isFocused ? theme.selection : theme.accent.layered(over: style)
    if let sending {
      canvas.addWheelRegion(rect, up: sending(.scroll(by: -wheelRows)), down: sending(.scroll(by: wheelRows)))
    }
    canvas.withClip(rect) { canvas in
      let statusRows = state.showsStatus ? 1 : 0
      if state.showsStatus {
        drawStatus(
          state, in: Rect(column: rect.column, row: rect.row, width: rect.width, height: 1), isFocused: isFocused,
          on: &canvas)
      }
      let shown = state.itemsShown(inRows: rect.height)
      guard shown > 0 else { return }
      if state.shownCount == 0 {
        let message = state.items.isEmpty ? state.emptyText : "No matches"
        canvas.drawTruncated(
          message, atColumn: rect.column + 2, row: rect.row + statusRows, width: rect.width - 2, style: theme.muted)
        return
      }
      let cursor = min(max(0, state.cursor), state.shownCount - 1)
      let top = ScrollWindow.top(keeping: cursor, from: state.top, visible: shown, count: state.shownCount)
      let query = FilterIndex.folded(state.query.text)
      for position in top..<min(state.shownCount, top + shown) {
        let row = rect.row + statusRows + (position - top) * state.rowsPerItem
        let index = state.itemIndex(at: position)!
        let itemRect = Rect(column: rect.column, row: row, width: rect.width, height: state.rowsPerItem)
        if let sending { canvas.addHitRegion(itemRect, onPress: sending(.press(position: position))) }
        guard let drawingItem else {
          drawItem(
            state.items[index], selected: position == cursor, query: query,
            showsDescription: state.showsDescriptions, in: itemRect, style: style, selectionStyle: selectionStyle,
            on: &canvas)
          continue
        }
        let selected = position == cursor
        let rowStyle = selected ? selectionStyle : style
        if selected { canvas.fill(itemRect, style: rowStyle) }
        let item = state.items[index]
        drawingItem(
          ItemRow(
            index: index, position: position, item: item, isSelected: selected,
            matchedCharacters: FilterIndex.matchedCharacters(of: query, in: item.title), style: rowStyle, rect: itemRect),
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
    drawFilterLine(
      query: state.query, isFiltering: state.isFiltering, isFocused: isFocused, status: status, in: rect, on: &canvas)
  }

  /// Draws a filter's line on the first row of `rect`: `/`, the query (its cursor shown while
  /// `isFiltering` and `isFocused`), and `status` (`K of N`) at the end, in ``Theme/muted``: a
  /// list's status row, a table's filter line.
  static func drawFilterLine(
    query: TextInput.State, isFiltering: Bool, isFocused: Bool, status: String, in rect: Rect, on canvas: inout Canvas
  ) {
    let statusWidth = min(status.displayWidth, max(0, rect.width - 2))
    canvas.drawTruncated(
      status, atColumn: rect.endColumn - statusWidth, row: rect.row, width: statusWidth, style: canvas.theme.muted)
    let prompt = canvas.draw("/", atColumn: rect.column, row: rect.row, style: canvas.theme.accent, maxWidth: rect.width)
    let field = Rect(
      column: rect.column + prompt, row: rect.row, width: rect.width - prompt - statusWidth - 1, height: 1)
    TextInput.draw(query, in: field, on: &canvas, isFocused: isFocused && isFiltering)
  }

  /// Draws `fullTitle` from `column` on `row`, cut with `…` to `width` columns, in `style`, the
  /// characters the filter `matched` in the theme's ``Theme/accent`` over it: a list's row
  /// title, also for the rows ``Tree`` and ``FilePicker`` draw themselves.
  static func drawTitle(
    _ fullTitle: String, matched: Range<Int>, atColumn column: Int, row: Int, width: Int, style: Style,
    on canvas: inout Canvas
  ) {
    let title = fullTitle.truncated(toDisplayWidth: width)
    var x = column
    let end = column + max(0, width)
    guard !matched.isEmpty else {
      canvas.draw(title, atColumn: x, row: row, style: style, maxWidth: width)
      return
    }
    let highlight = canvas.theme.accent.layered(over: style)
    // Runs of plain and matched characters; the truncated title's characters are the title's
    // own up to the ellipsis.
    var run = ""
    var runMatched = false
    for (index, character) in title.enumerated() {
      let isMatched = matched.contains(index) && !(index == title.count - 1 && character == "…" && title != fullTitle)
      if isMatched != runMatched, !run.isEmpty {
        x += canvas.draw(run, atColumn: x, row: row, style: runMatched ? highlight : style, maxWidth: end - x)
        run = ""
      }
      runMatched = isMatched
      run.append(character)
    }
    canvas.draw(run, atColumn: x, row: row, style: runMatched ? highlight : style, maxWidth: end - x)
  }

  private static func drawItem(
    _ item: Item, selected: Bool, query: [UInt8], showsDescription: Bool, in rect: Rect, style: Style,
    selectionStyle: Style, on canvas: inout Canvas
  ) {
    let theme = canvas.theme
    let rowStyle = selected ? selectionStyle : style
    if selected { canvas.fill(rect, style: rowStyle) }
    let marker = canvas.draw(selected ? "> " : "  ", atColumn: rect.column, row: rect.row, style: rowStyle)
    let width = rect.width - marker
    drawTitle(
      item.title, matched: FilterIndex.matchedCharacters(of: query, in: item.title), atColumn: rect.column + marker,
      row: rect.row, width: width, style: rowStyle, on: &canvas)
    if showsDescription, let description = item.description, rect.height > 1 {
      canvas.drawTruncated(
        description, atColumn: rect.column + marker, row: rect.row + 1, width: width,
        style: selected ? theme.muted.layered(over: rowStyle) : theme.muted)
    }
  }
}

extension SelectionList: Component {
  /// Draws the list in the theme's ``Theme/text`` with `>` rows (see
  /// ``draw(_:in:on:style:isFocused:drawingItem:sending:)``).
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: rect, on: &canvas, style: nil, isFocused: isFocused, drawingItem: nil, sending: sending)
  }
}
