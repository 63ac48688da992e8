/// The arithmetic of a selection in a list shown a window of rows at a time, shared by
/// ``SelectionList`` and ``Table``: moves clamp to the list, and the window scrolls as little as
/// it can to keep the selection in view.
enum ScrollWindow {
  /// Rows the wheel moves a list, a table or a text by, a notch.
  static let wheelRows = 3

  /// The bindings of the moves, each embedded in a list's action by `move`: ↑/k, ↓/j, pgup,
  /// pgdn, home/g, end/G.
  static func bindings<Action>(_ move: (SelectionMove) -> Action) -> [KeyBinding<Action>] {
    [
      KeyBinding(.up, .character("k"), action: move(.up), help: "up", showsInFooter: false),
      KeyBinding(.down, .character("j"), action: move(.down), help: "down", showsInFooter: false),
      KeyBinding(.pageUp, action: move(.pageUp), help: "page up", showsInFooter: false),
      KeyBinding(.pageDown, action: move(.pageDown), help: "page down", showsInFooter: false),
      KeyBinding(.home, .character("g"), action: move(.first), help: "first", showsInFooter: false),
      KeyBinding(.end, .character("G"), action: move(.last), help: "last", showsInFooter: false),
    ]
  }

  /// The keys while a filter's query is typed, shared by the lists and tables that filter:
  /// ↑/↓ (and ctrl-p/ctrl-n) and page keys still move, enter keeps the filter (`accept`), esc
  /// clears it (`clear`), then the query's own keys (``TextInput``'s, embedded by `query`).
  static func filteringKeys<Action>(
    _ move: (SelectionMove) -> Action, accept: Action, clear: Action, query: (TextInput.Action) -> Action
  ) -> KeyMap<Action> {
    KeyMap([
      KeyBinding(.up, .control("p"), action: move(.up), help: "up", showsInFooter: false),
      KeyBinding(.down, .control("n"), action: move(.down), help: "down", showsInFooter: false),
      KeyBinding(.pageUp, action: move(.pageUp), help: "page up", showsInFooter: false),
      KeyBinding(.pageDown, action: move(.pageDown), help: "page down", showsInFooter: false),
      KeyBinding(.enter, action: accept, help: "apply filter"),
      KeyBinding(.escape, action: clear, help: "clear filter"),
    ]).followed(by: TextInput.keys.map(query))
  }

  /// The action for `key` among `keys` (what applies in the component's state) or, while a
  /// query `isFiltering`, a character typed into it (embedded by `query`); `nil` for keys with
  /// no meaning there, which should not reach the app's commands either.
  static func action<Action>(
    for key: Key, in keys: KeyMap<Action>, isFiltering: Bool, query: (TextInput.Action) -> Action
  ) -> Action? {
    if let action = keys.action(for: key) { return action }
    guard isFiltering else { return nil }
    return TextInput.action(for: key).map(query)
  }

  /// The selection after `move` from `selected` in a list of `count`, pages of `page` rows.
  static func position(after move: SelectionMove, from selected: Int, page: Int, count: Int) -> Int {
    switch move {
    case .up: return self.move(selected, by: -1, count: count)
    case .down: return self.move(selected, by: 1, count: count)
    case .pageUp: return self.move(selected, by: -max(1, page), count: count)
    case .pageDown: return self.move(selected, by: max(1, page), count: count)
    case .first: return 0
    case .last: return max(0, count - 1)
    }
  }

  /// The selection after moving it by `delta` rows in a list of `count`.
  static func move(_ selected: Int, by delta: Int, count: Int) -> Int {
    guard count > 0 else { return 0 }
    let (sum, overflow) = selected.addingReportingOverflow(delta)
    return overflow ? (delta > 0 ? count - 1 : 0) : min(max(0, sum), count - 1)
  }

  /// The first row shown after the wheel moves the window `rows` rows from `top` (up when
  /// negative), in a list of `count` shown `visible` rows at a time: clamped so the list's last
  /// row ends the window at most.
  static func top(scrolledBy rows: Int, from top: Int, visible: Int, count: Int) -> Int {
    let last = max(0, count - max(1, visible))
    let (sum, overflow) = top.addingReportingOverflow(rows)
    return overflow ? (rows > 0 ? last : 0) : min(max(0, sum), last)
  }

  /// The first row to show so that `selected` is among the `visible` rows, moving as little as
  /// possible from `top`, and without blank rows after the end while the list fills the window.
  /// With `visible` unknown (0), the selection is the first row shown.
  static func top(keeping selected: Int, from top: Int, visible: Int, count: Int) -> Int {
    guard visible > 0 else { return max(0, min(selected, count - 1)) }
    var first = min(max(0, top), max(0, count - visible))
    if selected < first { first = selected }
    if selected >= first + visible { first = selected - visible + 1 }
    return max(0, first)
  }
}
