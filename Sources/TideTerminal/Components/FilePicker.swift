import Tide

/// A folder's entries to move through and choose a file from, a folder at a time.
///
/// One folder is shown at a time, as a flat list (like Bubbles' filepicker): `..` first (but at
/// `/`), then the folders, with a `/` after their names, then the files, each group sorted by
/// name. Enter on a folder (or a click on the selected row) opens it; enter on `..`, backspace
/// or ← goes up, with the folder just left selected; enter on a file sends
/// ``Action/chosen(_:)`` for the app to act on. `.` shows or hides the hidden files (those whose
/// names start with `.`). The list is a ``SelectionList``: the same moves, wheel, `/` filter and
/// window that draws only the rows that fit, so a folder of 100,000 files moves as fast as one
/// of ten.
///
/// Reading a folder is the picker's own effect (``Listing/read(_:)``), run off the main actor,
/// which ends in ``Action/loaded(_:selecting:)``. The app starts the first one with
/// ``Action/reload``:
///
/// ```swift
/// var picker = FilePicker.State(folder: FilePicker.Path("."))
/// // at start: store.send(.picker(.reload))
/// // keys: FilePicker.action(for: key, in: state.picker).map(Action.picker)
/// // view: FilePicker.draw(state.picker, in: left, on: &canvas, sending: { Action.picker($0) })
/// // reducer: case .picker(.chosen(let path)): preview path
/// ```
///
/// Nothing a folder holds takes the picker down: a folder it may not read shows a line
/// `Permission denied`, one deleted while shown or a loop of links says so the same way (with
/// `..` still there to leave it), and a name that is not UTF-8 is shown with `�` but opened by
/// its real bytes (every path is a ``Path`` of bytes).
public struct FilePicker: Reducer, Sendable {
  /// The folder shown, its entries, and the list of them.
  public struct State: Equatable, Sendable {
    /// The folder shown (or being read).
    public private(set) var folder: Path
    /// Its entries as last read, hidden ones included, folders first, then by name.
    public private(set) var entries: [Entry]
    /// Why the folder could not be read (`Permission denied`); `nil` when it was.
    public private(set) var error: String?
    /// Whether entries whose names start with `.` are shown.
    public private(set) var showsHidden: Bool
    /// Whether the folder is being read.
    public private(set) var isLoading: Bool
    /// The entries shown, in the list's order: `nil` for `..`.
    private(set) var shown: [Entry?]
    /// The rows as a list: the selection, the window, the filter.
    private(set) var list: SelectionList<ListItem>.State

    /// A picker of `folder`, not yet read (send ``Action/reload``), hidden files shown when
    /// `showsHidden`, drawn in `height` rows (0: not yet known), the first of them a status row
    /// unless `showsStatus` is false; `emptyText` is what an empty folder shows.
    public init(
      folder: Path, showsHidden: Bool = false, height: Int = 0, showsStatus: Bool = true,
      emptyText: String = "Empty folder"
    ) {
      self.folder = folder
      entries = []
      error = nil
      self.showsHidden = showsHidden
      isLoading = true
      shown = []
      self.height = max(0, height)
      list = SelectionList.State(items: [], height: max(0, height - 1), showsStatus: showsStatus)
      list.emptyText = emptyText
    }

    /// What an empty folder shows (its `..` aside).
    public var emptyText: String {
      get { list.emptyText }
      set { list.emptyText = newValue }
    }

    /// The position of the selected row among those shown (after the filter).
    public var cursor: Int { list.cursor }
    /// The first row position in the window.
    public var top: Int { list.top }
    /// The rows the picker is drawn in, its path row included; 0 until known. Set it with
    /// ``resize(height:)``.
    public private(set) var height: Int
    /// Whether the filter's query is being typed.
    public var isFiltering: Bool { list.isFiltering }
    /// The titles of the rows shown, in order (`..`, `docs/`, `notes.txt`), after the filter.
    public var shownTitles: [String] { (0..<list.shownCount).map { list.items[list.rowIndex(at: $0)!].title } }
    /// `N items`, or `K of N` while a filter is applied (`..` counts).
    public var status: String { list.status }

    /// Whether the selected row is `..`.
    public var isParentSelected: Bool { list.selectedIndex.map { shown[$0] == nil } ?? false }
    /// The selected entry; `nil` on `..` or when nothing is shown.
    public var selectedEntry: Entry? { list.selectedIndex.flatMap { shown[$0] } }
    /// The path of the selected entry; `nil` on `..` or when nothing is shown.
    public var selectedPath: Path? { selectedEntry.map { folder.appending($0.name) } }

    /// Selects the row shown at `position`, clamped: what ``Action/select(position:)`` does.
    public mutating func select(position: Int) { list.select(position: position) }

    /// Selects the entry named `name` when it is shown; returns whether it was.
    @discardableResult
    public mutating func select(name: [UInt8]) -> Bool {
      guard let index = shown.firstIndex(where: { $0?.name == name }), let position = list.position(ofRow: index)
      else { return false }
      list.select(position: position)
      return true
    }

    /// Moves the window and the selection by `rows` rows (the wheel), as far as the list allows.
    public mutating func scroll(by rows: Int) { list.scroll(by: rows) }

    /// Tells the picker it has `height` rows (its path row included), keeping the selection in
    /// view.
    public mutating func resize(height: Int) {
      self.height = max(0, height)
      list.resize(height: max(0, height - 1))
    }

    /// Shows `listing` when it is of the folder shown (a late answer for a folder already left
    /// is dropped), selecting the entry named `selecting` when given and there, else keeping
    /// the selected entry by name, else the row at its place: what
    /// ``Action/loaded(_:selecting:)`` does, for a parent that reads folders itself.
    public mutating func show(_ listing: Listing, selecting name: [UInt8]? = nil) {
      guard listing.folder == folder else { return }
      isLoading = false
      entries = listing.entries
      error = listing.error
      relist(selecting: name)
    }

    /// Shows or hides the hidden entries, keeping the selection by name.
    public mutating func setShowsHidden(_ shows: Bool) {
      showsHidden = shows
      relist(selecting: nil)
    }

    /// Starts showing `folder`: nothing listed until its listing comes.
    mutating func open(_ folder: Path) {
      self.folder = folder
      isLoading = true
      entries = []
      error = nil
      shown = []
      list.setItems([])
      list.select(position: 0)
    }

    /// Lays out the rows again from the entries, keeping the selection by name (or selecting
    /// `name`), else the row at the selection's place.
    private mutating func relist(selecting name: [UInt8]?) {
      let keep = name ?? selectedEntry?.name
      let wasParent = isParentSelected
      let oldPosition = list.cursor
      // `..` leads out of every folder but `/`.
      var rows: [Entry?] = folder.parent == folder ? [] : [nil]
      rows.reserveCapacity(entries.count + 1)
      for entry in entries where showsHidden || !entry.isHidden { rows.append(entry) }
      shown = rows
      list.setItems(rows.map { entry in
        guard let entry else { return ListItem("..") }
        return ListItem(entry.kind == .folder ? entry.displayName + "/" : entry.displayName)
      })
      if let keep, select(name: keep) { return }
      list.select(position: wasParent && name == nil ? 0 : oldPosition)
    }

    /// Applies a move or an edit of the filter to the list of rows.
    mutating func apply(_ action: SelectionList<ListItem>.Action) {
      _ = SelectionList().reduce(into: &list, action: action)
    }
  }

  /// What the picker can do.
  public enum Action: Equatable, Sendable {
    /// Moves the selection among the rows shown.
    case move(SelectionMove)
    /// Selects the row shown at `position` (clamped).
    case select(position: Int)
    /// Moves the window and the selection by `rows` rows (the wheel: 3 a notch).
    case scroll(by: Int)
    /// The picker is now drawn in `height` rows, its path row included.
    case resize(height: Int)
    /// A click on the row shown at `position`: selects it, or opens or chooses it when it is
    /// selected.
    case press(position: Int)
    /// Enter: opens the selected folder, goes up on `..`, chooses a file (``chosen(_:)``).
    case choose
    /// Goes up to the folder holding this one, selecting the one left (backspace, ←).
    case goUp
    /// Shows the hidden entries, or hides them (`.`).
    case toggleHidden
    /// Reads the folder again (and the first time).
    case reload
    /// A folder's listing has been read; the entry named `selecting` is selected when given.
    case loaded(Listing, selecting: [UInt8]?)
    /// A file was chosen (enter or a click on the selected row): for the app to act on; the
    /// picker changes nothing.
    case chosen(Path)
    /// Starts typing a filter (`/`).
    case startFiltering
    /// Keeps the filter and stops typing it (enter).
    case acceptFilter
    /// Empties the filter (esc).
    case clearFilter
    /// Edits the filter's query.
    case query(TextInput.Action)
  }

  /// A file picker.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .move(let move): state.apply(.move(move))
    case .select(let position): state.select(position: position)
    case .scroll(let rows): state.scroll(by: rows)
    case .resize(let height): state.resize(height: height)
    case .press(let position):
      guard position == state.cursor else {
        state.select(position: position)
        break
      }
      return reduce(into: &state, action: .choose)
    case .choose:
      if state.isParentSelected { return reduce(into: &state, action: .goUp) }
      guard let entry = state.selectedEntry else { break }
      let path = state.folder.appending(entry.name)
      guard entry.kind == .folder else { return .send(.chosen(path)) }
      if state.list.matches != nil { state.apply(.clearFilter) }
      state.open(path)
      return Self.read(path, selecting: nil)
    case .goUp:
      let folder = state.folder
      guard folder.parent != folder else { break }
      if state.list.matches != nil || state.isFiltering { state.apply(.clearFilter) }
      state.open(folder.parent)
      return Self.read(folder.parent, selecting: folder.lastComponent)
    case .toggleHidden: state.setShowsHidden(!state.showsHidden)
    case .reload:
      return Self.read(state.folder, selecting: nil)
    case .loaded(let listing, let name): state.show(listing, selecting: name)
    case .chosen: break
    case .startFiltering: state.apply(.startFiltering)
    case .acceptFilter: state.apply(.acceptFilter)
    case .clearFilter: state.apply(.clearFilter)
    case .query(let edit): state.apply(.query(edit))
    }
    return .none
  }

  /// The effect that reads `folder` off the main actor and hands its listing back.
  static func read(_ folder: Path, selecting name: [UInt8]?) -> Effect<Action> {
    .run { send in
      let listing = await Listing.read(folder)
      await send(.loaded(listing, selecting: name))
    }
  }

  /// The keys while browsing: the list's moves (↑/k, ↓/j, pgup, pgdn, home/g, end/G), enter or
  /// → to open or choose, backspace or ← to go up, `.` for hidden files, `/` to filter.
  public static let browsingKeys = KeyMap<Action>(
    ScrollWindow.bindings(Action.move) + [
      KeyBinding(.enter, .right, action: .choose, help: "open"),
      KeyBinding(.backspace, .left, action: .goUp, help: "up"),
      KeyBinding(.character("."), action: .toggleHidden, help: "hidden files"),
      KeyBinding(.character("/"), action: .startFiltering, help: "filter"),
    ])

  /// The keys while typing the filter: ↑/↓ and page keys still move, enter keeps the filter,
  /// esc clears it, and the query takes ``TextInput``'s keys.
  public static let filteringKeys = ScrollWindow.filteringKeys(
    Action.move, accept: .acceptFilter, clear: .clearFilter, query: Action.query)

  /// Esc clearing an applied filter, while browsing.
  static let clearKeys = KeyMap<Action>([KeyBinding(.escape, action: .clearFilter, help: "clear filter")])

  /// The keys that apply in `state`, for dispatch and for ``Help``.
  public static func keys(for state: State) -> KeyMap<Action> {
    if state.isFiltering { return filteringKeys }
    return state.list.matches == nil ? browsingKeys : browsingKeys.followed(by: clearKeys)
  }

  /// The action for `key` in `state`: a binding of ``keys(for:)``, or while filtering a
  /// character typed into the query (`nil` for keys with no meaning there).
  public static func action(for key: Key, in state: State) -> Action? {
    ScrollWindow.action(for: key, in: keys(for: state), isFiltering: state.isFiltering, query: Action.query)
  }

  /// Draws the picker into `rect`: the folder's path on the first row in ``Theme/title``, its
  /// error under it in ``Theme/error`` when it could not be read (`Permission denied`), or
  /// `Reading…` in ``Theme/muted`` while it is read, then the entries as ``SelectionList`` draws
  /// them — folders in ``Theme/accent`` — the selected one in ``Theme/selection`` while the
  /// picker has the focus, else in ``Theme/accent``.
  ///
  /// With `sending`, a click on a row sends ``Action/press(position:)`` and the wheel
  /// ``Action/scroll(by:)``, embedded in the app's action by `sending`.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    canvas.drawTruncated(state.folder.description, atColumn: rect.column, row: rect.row, width: rect.width, style: theme.title)
    var body = Rect(column: rect.column, row: rect.row + 1, width: rect.width, height: rect.height - 1)
    if let message = state.error ?? (state.isLoading ? "Reading…" : nil), body.height > 0 {
      canvas.drawTruncated(
        message, atColumn: body.column, row: body.row, width: body.width,
        style: state.error != nil ? theme.error : theme.muted)
      body = Rect(column: body.column, row: body.row + 1, width: body.width, height: body.height - 1)
    }
    guard body.height > 0 else { return }
    let listSending = sending.map { sending in
      { @Sendable (action: SelectionList<ListItem>.Action) -> any Sendable in sending(Self.action(from: action)) }
    }
    SelectionList.draw(state.list, rows: state.list.items, in: body, on: &canvas, isFocused: isFocused, sending: listSending) {
      item, canvas in
      var style = item.style
      let isFolder = state.shown[item.index].map { $0.kind == .folder } ?? true
      if !item.isSelected, isFolder { style = theme.accent }
      let marker = canvas.draw(item.isSelected ? "> " : "  ", atColumn: item.rect.column, row: item.rect.row, style: style)
      item.drawTitle(item.row.title, atColumn: item.rect.column + marker, style: style, on: &canvas)
    }
  }

  /// The picker's action for what the list's drawing sends: a press on a row and the wheel.
  private static func action(from list: SelectionList<ListItem>.Action) -> Action {
    switch list {
    case .press(let position): .press(position: position)
    case .scroll(let rows): .scroll(by: rows)
    // The list's drawing sends only presses and the wheel; anything else is a move to nowhere.
    default: .scroll(by: 0)
    }
  }
}

extension FilePicker: Component {}
