// tide-list: `Item 1` … `Item N` in a SelectionList; `/` filters as you type, enter chooses,
// d deletes the selected item after a confirm dialog, q quits when not filtering. Built only on TideTerminal's public components. Its State and
// Action are Codable, so `--trace` and `tide-list inspect` work.

import Tide
import TideTerminal
import TideTerminalCommand

/// The app's feature: the list and what was chosen.
struct Chooser: Reducer {
  /// One row of the app's data: the list draws these, it keeps only their ids.
  struct Entry: Identifiable, Equatable, Sendable, Codable {
    var id: Int
    var title: String
  }

  struct State: Equatable, Sendable, Codable {
    var items: [Entry]
    var list: SelectionList<Entry>.State
    var chosen: String?
    /// The question shown over the list, while it is.
    var dialog: Dialog.State?
    var isQuitting = false

    init(items: Int) {
      self.items = (0..<max(0, items)).map { Entry(id: $0 + 1, title: "Item \($0 + 1)") }
      list = SelectionList.State(rows: self.items, title: \.title)
    }
  }

  enum Action: Equatable, Sendable, Codable {
    case list(SelectionList<Entry>.Action)
    case choose
    /// Asks whether to delete the selected item.
    case delete
    case dialog(Dialog.Action)
    case quit
  }

  static let list = ActionPath<Action, SelectionList<Entry>.Action>(embed: Action.list) {
    if case .list(let action) = $0 { action } else { nil }
  }

  static let dialog = ActionPath<Action, Dialog.Action>(embed: Action.dialog) {
    if case .dialog(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.list, action: Self.list) { SelectionList() }
    Reduce { state, action in
      switch action {
      case .choose, .list(.choose): state.chosen = state.list.selectedRow(in: state.items)?.title
      case .delete:
        guard let item = state.list.selectedRow(in: state.items) else { break }
        state.dialog = .confirm("Delete item?", message: "\(item.title) goes for good.", confirm: "Delete")
      case .dialog(.choose(let choice)):
        if choice == .confirm, let index = state.list.selectedIndex {
          state.items.remove(at: index)
          state.list.setRows(state.items, title: \.title)
        }
        state.dialog = nil
      case .quit: state.isQuitting = true
      case .list, .dialog: break
      }
      return .none
    }
    .ifLet(\State.dialog, action: Self.dialog) { Dialog() }
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.enter, action: .choose, help: "choose"),
    KeyBinding(.character("d"), action: .delete, help: "delete"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  /// The keys in `state`: while the filter is typed, the list takes every key (enter applies
  /// the filter, `q` is text), else the app's keys come first.
  static func keys(for state: State) -> KeyMap<Action> {
    if let dialog = state.dialog { return Dialog.keys(for: dialog).map(Action.dialog) }
    let list = SelectionList.keys(for: state.list).map(Action.list)
    return state.list.isFiltering ? list : keys.followed(by: list)
  }

  static func action(for key: Key, in state: State) -> Action? {
    // While the dialog is shown it takes every key, and the list under it none.
    if let dialog = state.dialog { return Dialog.action(for: key, in: dialog).map(Action.dialog) }
    if !state.list.isFiltering, let action = keys.action(for: key) { return action }
    return SelectionList.action(for: key, in: state.list).map(Action.list)
  }

  /// The list, the chosen line and the help line: one layout for drawing and for resizing.
  static func layout(_ screen: Rect) -> [Rect] { screen.rows([.fill(), .fixed(1), .fixed(1)]) }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = layout(canvas.bounds)
    SelectionList.draw(state.list, rows: state.items, title: \.title, in: parts[0], on: &canvas, sending: { Action.list($0) })
    if let chosen = state.chosen {
      canvas.drawTruncated("Chose: \(chosen)", atColumn: 0, row: parts[1].row, width: parts[1].width, style: canvas.theme.accent)
    }
    Help.drawShort(keys(for: state).helpLine(maxWidth: parts[2].width), in: parts[2], on: &canvas)
    if let dialog = state.dialog {
      Dialog.draw(dialog, in: canvas.bounds, on: &canvas, sending: { Action.dialog($0) })
    }
  }

  @MainActor
  static func app(items: Int, launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(items: items), reducer: Chooser()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      pasteAction: { state, text in state.dialog == nil && state.list.isFiltering ? .list(.query(.paste(text))) : nil },
      resizeAction: { size in .list(.resize(height: layout(size.bounds)[0].height)) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true)
  }
}
