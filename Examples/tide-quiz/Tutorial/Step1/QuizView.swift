import Tide
import TideTerminal

extension Quiz {
  static func draw(_ state: State, on canvas: inout Canvas) {
    let rows = canvas.bounds.rows([.fixed(1), .fill(), .fixed(1)])
    canvas.drawTruncated(state.title, atColumn: 0, row: rows[0].row, width: rows[0].width, style: canvas.theme.title)
    SelectionList.draw(state.list, rows: state.questions, title: \.question, in: rows[1], on: &canvas)
    Help.drawShort(keys(for: state).helpLine(maxWidth: rows[2].width), in: rows[2], on: &canvas)
  }

  static let browsingKeys = KeyMap<Action>([
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  /// The keys in `state`, for dispatch and help: the list's while its filter is typed, else
  /// the quiz's before the list's.
  static func keys(for state: State) -> KeyMap<Action> {
    let list = SelectionList.keys(for: state.list).map(Action.list)
    return state.list.isFiltering ? list : browsingKeys.followed(by: list)
  }

  static func action(for key: Key, in state: State) -> Action? {
    if !state.list.isFiltering, let action = browsingKeys.action(for: key) { return action }
    return SelectionList.action(for: key, in: state.list).map(Action.list)
  }

  /// The quiz as a terminal program, for the launch `TerminalCommand` makes (in tests:
  /// `TerminalLaunch(clock: VirtualClock())`); its store runs on the launch's clock.
  @MainActor
  public static func app(title: String, questions: [Question], launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(title: title, questions: questions), reducer: Quiz()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}
