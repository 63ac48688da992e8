import Tide

/// An outline of nodes to expand and collapse, whose children are loaded when a node is first
/// opened — by the app, which knows where they come from.
///
/// The tree is generic over the app's identity of a node (`Tree<String>` for paths, `Tree<Int>`
/// for database rows). The app gives the roots; a node that says it ``Node/hasChildren`` gets a
/// disclosure triangle, and opening it the first time sends ``Action/loadChildren(_:)`` — the
/// tree's request, which the parent answers with an effect (reading a folder, a query) that
/// ends in ``Action/setChildren(of:_:)``. Until then the node shows `loading…`.
///
/// ```swift
/// case .tree(.loadChildren(let id)):
///   return .run { send in await send(.tree(.setChildren(of: id, try await store.children(of: id)))) }
/// ```
///
/// The nodes shown (the roots and, under each expanded node, its children) are one
/// ``SelectionList``, so the tree moves, scrolls, filters and draws only the rows that fit as a
/// list does: ↑/↓/pgup/pgdn/home/end, `/` to filter the rows shown (their titles, matched as the
/// list matches, shown flat with their depth), esc to clear it. → expands a node (or moves to its
/// first child when it is open), ← collapses it (or moves to its parent), space toggles it and
/// enter chooses it (``Action/choose``, for the app to act on). A click on the triangle toggles
/// the node; a click on a row selects it, and a click on the selected row chooses it; the wheel
/// scrolls.
///
/// Selection is by identity: when nodes come and go (``State/setRoots(_:)``,
/// ``State/setChildren(of:_:)``, a collapse), the selected node stays selected wherever it moved,
/// and when it is gone the node now at its place is selected; collapsing an ancestor of the
/// selection selects that ancestor.
public struct Tree<ID: Hashable & Sendable>: Reducer, Sendable {
  /// One node: its identity, its title and whether it may have children.
  public struct Node: Hashable, Sendable {
    /// The app's identity of the node, the same across reloads.
    public var id: ID
    /// The text of its row, which the filter searches.
    public var title: String
    /// Whether the node can be opened: it has a triangle, and opening it asks for its children.
    public var hasChildren: Bool

    /// A node `id` titled `title`, with a triangle when `hasChildren`.
    public init(id: ID, title: String, hasChildren: Bool = false) {
      self.id = id
      self.title = title
      self.hasChildren = hasChildren
    }
  }

  /// A node as it is shown: the node and how deep it is (0 for a root).
  public struct Row: Hashable, Sendable {
    /// The node.
    public var node: Node
    /// Its depth: 0 for a root, 1 for a root's child, …
    public var depth: Int
  }

  /// One level of the tree — the roots, or one node's children — with what laying out the rows
  /// needs of its nodes worked out once, when the level is given: their titles as list items and
  /// which of them can be opened. Opening a node then copies whole runs of items instead of
  /// visiting every node through generic code, which cost more than the rows themselves.
  struct Level: Equatable, Sendable {
    var nodes: [Node]
    var items: [ListItem]
    /// The positions of the nodes that have children, in order.
    var openable: [Int]

    init(_ nodes: [Node]) {
      self.nodes = nodes
      items = nodes.map { ListItem($0.title) }
      openable = nodes.indices.filter { nodes[$0].hasChildren }
    }
  }

  /// The nodes, which are open, and the list of rows shown.
  public struct State: Equatable, Sendable {
    /// The nodes open: their children are shown (or loading).
    public private(set) var expanded: Set<ID>
    /// The nodes opened whose children the tree has asked for and not yet been given.
    public private(set) var loading: Set<ID>
    /// The roots.
    private var rootLevel: Level
    /// The children of each node whose children were set.
    private var childLevels: [ID: Level]
    /// The levels the rows shown come from, in the order the rows first reach them.
    private var shownLevels: [Level]
    /// Where each row shown (before the filter) comes from.
    private var locations: [TreeRowLocation]
    /// The rows as a list: the selection, the window, the filter.
    private(set) var list: SelectionList<ListItem>.State

    /// A tree of `roots`, all closed, the first selected, drawn in `height` rows (0: not yet
    /// known) — the first of them a status row (`N items`, the filter) unless `showsStatus` is
    /// false — showing `emptyText` when there are no nodes.
    public init(roots: [Node], height: Int = 0, showsStatus: Bool = true, emptyText: String = "No items") {
      expanded = []
      loading = []
      rootLevel = Level(roots)
      childLevels = [:]
      shownLevels = [rootLevel]
      locations = roots.indices.map { TreeRowLocation(level: 0, position: $0, depth: 0) }
      list = SelectionList.State(items: rootLevel.items, height: height, showsStatus: showsStatus)
      list.emptyText = emptyText
    }

    /// The top-level nodes.
    public var roots: [Node] { rootLevel.nodes }

    /// `id`'s children, once they were set; `nil` before.
    public func children(of id: ID) -> [Node]? { childLevels[id]?.nodes }

    /// How many rows are shown, before the filter: the roots and the children of every open node.
    public var rowCount: Int { locations.count }

    /// The row at `index` of the rows shown, before the filter (the index a drawn row's
    /// ``SelectionList/ShownRow/index`` is).
    public func row(at index: Int) -> Row {
      let location = locations[index]
      return Row(node: shownLevels[location.level].nodes[location.position], depth: location.depth)
    }

    /// The rows shown, in order: roots, and the children of every open node under it. Made on
    /// each call; a large tree is better read a row at a time with ``row(at:)``.
    public var rows: [Row] { locations.indices.map(row(at:)) }

    /// What the tree shows when it has no nodes.
    public var emptyText: String {
      get { list.emptyText }
      set { list.emptyText = newValue }
    }

    /// The position of the selected row among those shown (after the filter).
    public var cursor: Int { list.cursor }
    /// The first row position in the window.
    public var top: Int { list.top }
    /// The rows the tree is drawn in, status row included; 0 until known.
    public var height: Int { list.height }
    /// Whether the filter's query is being typed.
    public var isFiltering: Bool { list.isFiltering }
    /// The filter's query.
    public var query: String { list.query.text }
    /// `N items`, or `K of N` while a filter is applied.
    public var status: String { list.status }

    /// The selected row; `nil` when nothing is shown.
    public var selectedRow: Row? { list.selectedIndex.map(row(at:)) }
    /// The selected node; `nil` when nothing is shown.
    public var selectedNode: Node? { selectedRow?.node }

    /// Whether `id`'s children are shown (or loading).
    public func isExpanded(_ id: ID) -> Bool { expanded.contains(id) }

    /// Selects the row shown at `position`, clamped to the rows: what ``Action/select(position:)``
    /// does, for a parent that moves the selection itself.
    public mutating func select(position: Int) { list.select(position: position) }

    /// Selects the node `id` when it is shown; returns whether it was.
    @discardableResult
    public mutating func select(id: ID) -> Bool {
      guard let index = rowIndex(of: id), let position = list.position(ofRow: index) else { return false }
      list.select(position: position)
      return true
    }

    /// The index of `id`'s row among the rows shown; `nil` when it is not shown.
    func rowIndex(of id: ID) -> Int? {
      for (level, nodes) in shownLevels.lazy.map(\.nodes).enumerated() {
        guard let position = nodes.firstIndex(where: { $0.id == id }) else { continue }
        return locations.firstIndex { $0.level == level && $0.position == position }
      }
      return nil
    }

    /// Moves the window and the selection by `rows` rows (the wheel), as far as the tree allows.
    public mutating func scroll(by rows: Int) { list.scroll(by: rows) }

    /// Tells the tree it has `height` rows, keeping the selection in view.
    public mutating func resize(height: Int) { list.resize(height: height) }

    /// Replaces the top-level nodes, keeping what is open and the selection (by identity).
    public mutating func setRoots(_ roots: [Node]) {
      rootLevel = Level(roots)
      rebuild()
    }

    /// Gives `id` its children: what the parent does when the load it was asked for
    /// (``Action/loadChildren(_:)``) is done, or whenever they change. The node stops loading;
    /// the selection is kept by identity.
    public mutating func setChildren(of id: ID, _ nodes: [Node]) {
      childLevels[id] = Level(nodes)
      loading.remove(id)
      rebuild()
    }

    /// Opens `id` and returns whether its children must be asked for (it has never been given
    /// them and is not already loading).
    mutating func expand(_ id: ID) -> Bool {
      guard !expanded.contains(id) else { return false }
      expanded.insert(id)
      let mustLoad = childLevels[id] == nil && !loading.contains(id)
      if mustLoad { loading.insert(id) }
      rebuild()
      return mustLoad
    }

    /// Closes `id`; a selection under it moves to it.
    mutating func collapse(_ id: ID) {
      guard expanded.contains(id) else { return }
      let selectedIsUnder = selectedIndexUnder(id)
      expanded.remove(id)
      rebuild()
      if selectedIsUnder { select(id: id) }
    }

    /// Whether the selected row lies under `id`'s row.
    private func selectedIndexUnder(_ id: ID) -> Bool {
      guard let selected = list.selectedIndex, let index = rowIndex(of: id), selected > index else { return false }
      let depth = locations[index].depth
      return locations[(index + 1)...selected].allSatisfy { $0.depth > depth }
    }

    /// The depth of the row at `index` of the rows shown.
    func depth(ofRow index: Int) -> Int { locations[index].depth }

    /// The index of the parent of the row at `index`: the nearest row before it that is one
    /// level up.
    func parentIndex(of index: Int) -> Int? {
      let depth = locations[index].depth
      guard depth > 0 else { return nil }
      return locations[..<index].lastIndex { $0.depth < depth }
    }

    /// Lays the rows out again from the roots and what is open, keeping the selection by
    /// identity (else the row now at its position). A walk with a stack of its own, so a chain
    /// of any depth never runs out of call stack; each level's rows go in as runs between its
    /// open nodes.
    private mutating func rebuild() {
      let selectedID = selectedNode?.id
      let oldPosition = list.cursor
      var levels = [rootLevel]
      var newLocations: [TreeRowLocation] = []
      var items: [ListItem] = []
      newLocations.reserveCapacity(locations.count)
      items.reserveCapacity(locations.count)
      // For each level being walked: its index in `levels`, the next of its openable nodes to
      // look at, the rows of it already placed, its depth.
      var stack: [(level: Int, openable: Int, placed: Int, depth: Int)] = [(0, 0, 0, 0)]
      while let walking = stack.last {
        let level = levels[walking.level]
        var next = walking.openable
        var opened: Level?
        var end = level.nodes.count
        while next < level.openable.count {
          let position = level.openable[next]
          next += 1
          let id = level.nodes[position].id
          if expanded.contains(id), let children = childLevels[id], !children.nodes.isEmpty {
            opened = children
            end = position + 1
            break
          }
        }
        items.append(contentsOf: level.items[walking.placed..<end])
        for position in walking.placed..<end {
          newLocations.append(TreeRowLocation(level: walking.level, position: position, depth: walking.depth))
        }
        stack[stack.count - 1].openable = next
        stack[stack.count - 1].placed = end
        if let opened {
          levels.append(opened)
          stack.append((levels.count - 1, 0, 0, walking.depth + 1))
        } else {
          stack.removeLast()
        }
      }
      shownLevels = levels
      locations = newLocations
      list.setItems(items)
      if let selectedID, select(id: selectedID) { return }
      list.select(position: oldPosition)
    }

    /// Applies a move or an edit of the filter to the list of rows.
    mutating func apply(_ action: SelectionList<ListItem>.Action) {
      _ = SelectionList().reduce(into: &list, action: action)
    }
  }

  /// What the tree can do.
  public enum Action: Equatable, Sendable {
    /// Moves the selection among the rows shown.
    case move(SelectionMove)
    /// Selects the row shown at `position` (clamped).
    case select(position: Int)
    /// Moves the window and the selection by `rows` rows (the wheel: 3 a notch).
    case scroll(by: Int)
    /// The tree is now drawn in `height` rows, status row included.
    case resize(height: Int)
    /// → : opens the selected node, or when it is open moves to its first child.
    case expand
    /// ← : closes the selected node, or when it is closed moves to its parent.
    case collapse
    /// Opens the node shown at `position` when it is closed, closes it when it is open (space
    /// on the selected row, a click on a triangle).
    case toggle(position: Int)
    /// A click on the row shown at `position`: selects it, or chooses it when it is selected.
    case press(position: Int)
    /// The selected node is chosen (enter, a click on the selected row). The tree changes
    /// nothing: the app acts on it.
    case choose
    /// The tree asks for `id`'s children: opened for the first time. The parent loads them (an
    /// effect) and answers with ``setChildren(of:_:)``; the tree itself does nothing with it.
    case loadChildren(ID)
    /// Gives a node its children (see ``State/setChildren(of:_:)``).
    case setChildren(of: ID, [Node])
    /// Replaces the top-level nodes (see ``State/setRoots(_:)``).
    case setRoots([Node])
    /// Starts typing a filter (`/`).
    case startFiltering
    /// Keeps the filter and stops typing it (enter).
    case acceptFilter
    /// Empties the filter (esc).
    case clearFilter
    /// Edits the filter's query.
    case query(TextInput.Action)
  }

  /// A tree.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .move(let move): state.apply(.move(move))
    case .select(let position): state.select(position: position)
    case .scroll(let rows): state.scroll(by: rows)
    case .resize(let height): state.resize(height: height)
    case .expand:
      guard let index = state.list.selectedIndex else { break }
      let row = state.row(at: index)
      guard row.node.hasChildren else { break }
      if state.isExpanded(row.node.id) {
        // Open: to the first child, when it is shown.
        if index + 1 < state.rowCount, state.depth(ofRow: index + 1) > row.depth,
          let position = state.list.position(ofRow: index + 1) {
          state.select(position: position)
        }
      } else if state.expand(row.node.id) {
        return .send(.loadChildren(row.node.id))
      }
    case .collapse:
      guard let index = state.list.selectedIndex else { break }
      let row = state.row(at: index)
      if state.isExpanded(row.node.id) {
        state.collapse(row.node.id)
      } else if let parent = state.parentIndex(of: index), let position = state.list.position(ofRow: parent) {
        state.select(position: position)
      }
    case .toggle(let position):
      guard let index = state.list.rowIndex(at: position) else { break }
      let node = state.row(at: index).node
      guard node.hasChildren else { break }
      state.select(position: position)
      if state.isExpanded(node.id) {
        state.collapse(node.id)
      } else if state.expand(node.id) {
        return .send(.loadChildren(node.id))
      }
    case .press(let position):
      guard position != state.cursor else { return .send(.choose) }
      state.select(position: position)
    case .choose, .loadChildren: break
    case .setChildren(let id, let nodes): state.setChildren(of: id, nodes)
    case .setRoots(let nodes): state.setRoots(nodes)
    case .startFiltering: state.apply(.startFiltering)
    case .acceptFilter: state.apply(.acceptFilter)
    case .clearFilter: state.apply(.clearFilter)
    case .query(let edit): state.apply(.query(edit))
    }
    return .none
  }

  /// The keys while browsing: the list's moves (↑/k, ↓/j, pgup, pgdn, home/g, end/G), → or `l`
  /// to open, ← or `h` to close or go to the parent, space to toggle, enter to choose, `/` to
  /// filter.
  public static var browsingKeys: KeyMap<Action> {
    KeyMap(
      ScrollWindow.bindings(Action.move) + [
        KeyBinding(.right, .character("l"), action: .expand, help: "open"),
        KeyBinding(.left, .character("h"), action: .collapse, help: "close"),
        KeyBinding(.enter, action: .choose, help: "choose"),
        KeyBinding(.character("/"), action: .startFiltering, help: "filter"),
      ])
  }

  /// The keys while typing the filter: ↑/↓ and page keys still move, enter keeps the filter,
  /// esc clears it, and the query takes ``TextInput``'s keys.
  public static var filteringKeys: KeyMap<Action> {
    ScrollWindow.filteringKeys(Action.move, accept: .acceptFilter, clear: .clearFilter, query: Action.query)
  }

  /// The keys that apply in `state`, for dispatch and for ``Help``: space toggles the
  /// selected node (its position is in the action, so the map is made for this state), esc
  /// clears an applied filter.
  public static func keys(for state: State) -> KeyMap<Action> {
    if state.isFiltering { return filteringKeys }
    var bindings = [KeyBinding(.character(" "), action: Action.toggle(position: state.cursor), help: "toggle")]
    if state.list.matches != nil { bindings.append(KeyBinding(.escape, action: .clearFilter, help: "clear filter")) }
    return browsingKeys.followed(by: KeyMap(bindings))
  }

  /// The action for `key` in `state`: a binding of ``keys(for:)``, or while filtering a
  /// character typed into the query (`nil` for keys with no meaning there).
  public static func action(for key: Key, in state: State) -> Action? {
    ScrollWindow.action(for: key, in: keys(for: state), isFiltering: state.isFiltering, query: Action.query)
  }

  /// The triangle of a row: `▸` closed, `▾` open, a space for a node without children.
  static func disclosure(of row: Row, in state: State) -> String {
    guard row.node.hasChildren else { return " " }
    return state.isExpanded(row.node.id) ? "▾" : "▸"
  }

  /// Draws the tree into `rect` as ``SelectionList`` draws its list — the status row, then only
  /// the rows in the window — each row indented two columns a level, with its triangle in
  /// ``Theme/accent`` and `loading…` in ``Theme/muted`` after a node whose children are on
  /// their way. The selected row is in ``Theme/selection`` while the tree has the focus, else in
  /// ``Theme/accent``.
  ///
  /// With `sending`, a click on a triangle sends ``Action/toggle(position:)``, a click on a row
  /// ``Action/press(position:)`` and the wheel ``Action/scroll(by:)``, embedded in the app's
  /// action by `sending`.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    let listSending = sending.map { sending in
      { @Sendable (action: SelectionList<ListItem>.Action) -> any Sendable in sending(Self.action(from: action)) }
    }
    SelectionList.draw(state.list, rows: state.list.items, in: rect, on: &canvas, isFocused: isFocused, sending: listSending) {
      item, canvas in
      let theme = canvas.theme
      let row = state.row(at: item.index)
      let style = item.style
      let indent = min(row.depth * 2, max(0, item.rect.width - 2))
      var x = item.rect.column + indent
      let triangle = disclosure(of: row, in: state)
      x += canvas.draw(triangle, atColumn: x, row: item.rect.row, style: theme.accent.layered(over: style), maxWidth: item.rect.endColumn - x)
      if let sending, row.node.hasChildren {
        canvas.addHitRegion(
          Rect(column: x - 1, row: item.rect.row, width: 1, height: 1), onPress: sending(.toggle(position: item.position)))
      }
      x += canvas.draw(" ", atColumn: x, row: item.rect.row, style: style, maxWidth: item.rect.endColumn - x)
      x += item.drawTitle(row.node.title, atColumn: x, on: &canvas)
      if state.loading.contains(row.node.id) {
        canvas.drawTruncated(
          " loading…", atColumn: x, row: item.rect.row, width: item.rect.endColumn - x, style: theme.muted.layered(over: style))
      }
    }
  }

  /// The tree's action for what the list's drawing sends: a press on a row and the wheel.
  private static func action(from list: SelectionList<ListItem>.Action) -> Action {
    switch list {
    case .press(let position): .press(position: position)
    case .scroll(let rows): .scroll(by: rows)
    // The list's drawing sends only presses and the wheel; anything else is a move to nowhere.
    default: .scroll(by: 0)
    }
  }
}

/// Where a shown row of a ``Tree`` comes from: its level among those shown, its position there,
/// its depth. Outside the generic `Tree`, so that making one is a plain store of three integers
/// (inside, each would look its generic metadata up).
struct TreeRowLocation: Equatable, Sendable {
  var level: Int
  var position: Int
  var depth: Int
}

extension Tree: Component {}
