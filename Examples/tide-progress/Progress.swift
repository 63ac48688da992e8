// tide-progress [--seconds S]: a spinner and a progress bar going from 0% to 100% over S seconds
// of the app's clock, then `Done!`; q quits. Built only on TideTerminal's public components.

import Tide
import TideTerminal
import TideTerminalCommand

/// The app's feature: a spinner and a bar driven by a timer on the store's clock.
struct Progress: Reducer {
  struct State: Equatable, Sendable {
    var duration: Duration
    var spinner = Spinner.State()
    var bar = ProgressBar.State()
    var isQuitting = false
  }

  enum Action: Equatable, Sendable {
    case start
    case tick(at: Duration)
    case spinner(Spinner.Action)
    case bar(ProgressBar.Action)
    case quit
  }

  static let spinner = ActionPath<Action, Spinner.Action>(embed: Action.spinner) {
    if case .spinner(let action) = $0 { action } else { nil }
  }
  static let bar = ActionPath<Action, ProgressBar.Action>(embed: Action.bar) {
    if case .bar(let action) = $0 { action } else { nil }
  }

  private struct Work: Hashable, Sendable {}

  var body: some Reducer<State, Action> {
    Scope(state: \State.spinner, action: Self.spinner) { Spinner() }
    Scope(state: \State.bar, action: Self.bar) { ProgressBar() }
    Reduce { state, action in
      switch action {
      case .start:
        return .merge(
          .send(.spinner(.start)),
          .timer(after: .zero, every: .milliseconds(50)) { .tick(at: $0) }.cancellable(id: Work(), cancelInFlight: true))
      case .tick(let instant):
        let fraction = instant / state.duration
        guard fraction >= 1 else { return .send(.bar(.setFraction(fraction))) }
        return .merge(.send(.bar(.setFraction(1))), .send(.spinner(.stop)), .cancel(id: Work()))
      case .quit:
        state.isQuitting = true
        return .merge(.send(.spinner(.stop)), .cancel(id: Work()))
      case .spinner, .bar:
        return .none
      }
    }
  }

  static let keys = KeyMap<Action>([KeyBinding(.character("q"), action: .quit, help: "quit")])

  static func draw(_ state: State, on canvas: inout Canvas) {
    let row = canvas.bounds.rows([.fixed(1), .fixed(1), .fixed(1), .fill(), .fixed(1)])
    let line = row[1].columns([.fixed(1), .fixed(2), .fill(), .fixed(1)])
    Spinner.draw(state.spinner, in: line[1], on: &canvas)
    ProgressBar.draw(state.bar, in: line[2], on: &canvas)
    if state.bar.isComplete {
      canvas.draw("Done!", atColumn: line[1].column, row: row[2].row, style: canvas.theme.success)
    }
    let footer = Rect(column: 1, row: row[4].row, width: row[4].width - 2, height: 1)
    Help.drawShort(keys.helpLine(maxWidth: footer.width), in: footer, on: &canvas)
  }

  @MainActor
  static func app(seconds: Double, launch: TerminalLaunch) -> TerminalApp<State, Action> {
    let store = launch.store(initialState: State(duration: .milliseconds(Int(seconds * 1000))), reducer: Progress())
    store.send(.start)
    return TerminalApp(
      store: store,
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { _, key in keys.action(for: key) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}
