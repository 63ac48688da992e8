// tide-pick: an inline picker — a filterable list of its arguments, or of standard input's
// lines when none, drawn below the prompt. Typing filters, ↑/↓ move, enter prints the chosen
// item to standard output (exit 0), esc prints nothing (exit 1): `x=$(printf 'a\nb\n' | tide-pick)`.
// Built only on TideTerminal's public API.

import Tide
import TideTerminal

struct Picker: Reducer {
  struct State: Equatable, Sendable {
    var list: SelectionList<ListItem>.State
    var chosen: String?
    var isDone = false

    init(items: [String]) {
      list = SelectionList.State(items: items.map { ListItem($0) })
      list.emptyText = "Nothing to pick from"
      // Typing filters at once, as in fzf: no `/` first.
      list.isFiltering = true
    }
  }

  enum Action: Equatable, Sendable {
    case list(SelectionList<ListItem>.Action)
    case choose
    case cancel
  }

  static let list = ActionPath<Action, SelectionList<ListItem>.Action>(embed: Action.list) {
    if case .list(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.list, action: Self.list) { SelectionList() }
    Reduce { state, action in
      switch action {
      case .choose, .list(.choose):
        guard let item = state.list.selectedItem else { break }
        state.chosen = item.title
        state.isDone = true
      case .cancel: state.isDone = true
      case .list: break
      }
      return .none
    }
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.enter, action: .choose, help: "choose"),
    KeyBinding(.escape, action: .cancel, help: "cancel"),
  ])

  /// Enter and esc are the picker's; every other key edits the query or moves the list.
  static func action(for key: Key, in state: State) -> Action? {
    if let action = keys.action(for: key) { return action }
    return SelectionList.action(for: key, in: state.list).map(Action.list)
  }

  /// The most rows the live area takes: the status line and eleven items.
  static let maximumHeight = 12

  /// The list as tall as what it shows: its status line (the query, `K of N`) and the items,
  /// so the live area grows and shrinks with them.
  static func draw(_ state: State, on canvas: inout Canvas) {
    let rows = min(canvas.rows, 1 + max(1, state.list.shownCount))
    SelectionList.draw(state.list, in: Rect(column: 0, row: 0, width: canvas.columns, height: rows), on: &canvas, sending: { Action.list($0) })
  }

  @MainActor
  static func app(items: [String], launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(items: items), reducer: Picker()),
      minimumSize: TerminalSize(columns: 10, rows: 2),
      screen: .inline(maximumHeight: maximumHeight, onExit: .clear),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      pasteAction: { _, text in .list(.query(.paste(text))) },
      resizeAction: { size in .list(.resize(height: size.rows)) },
      quitAction: .cancel,
      isFinished: \.isDone,
      exitResult: { state in state.chosen.map { .printing($0) } ?? .failure() })
  }
}
