import Tide
import TideTerminal
import TideTerminalCommand

struct Counter: Reducer {
  struct State: Equatable, Codable { var count = 0, isQuitting = false }
  enum Action: Equatable, Codable, Sendable { case increment, decrement, quit }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    case .quit: state.isQuitting = true
    }
    return .none
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.character("+"), .up, action: .increment, help: "add"),
    KeyBinding(.character("-"), .down, action: .decrement, help: "subtract"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  @MainActor
  static func app(launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(), reducer: Counter()),
      view: { state, canvas in
        canvas.draw("Count: \(state.count)", atColumn: 2, row: 1, style: canvas.theme.title)
        canvas.draw(keys.helpLine(maxWidth: canvas.columns - 4), atColumn: 2, row: 3, style: canvas.theme.muted)
      },
      keyAction: { _, key in keys.action(for: key) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}

await TerminalCommand("tide-counter", version: "1.0.0", abstract: "A counter.") { Counter.app(launch: $0) }.main()
