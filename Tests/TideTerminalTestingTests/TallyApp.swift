import Tide
import TideTerminal

/// A user's own small app, as a package using TideTerminalTesting would have: a tally that `+`
/// and `-` change, a ticker `t` starts and stops (once a second, on the store's clock), `q` quits.
struct Tally: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var ticks = 0
    var isTicking = false
    var isQuitting = false
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case toggleTicking
    case tick
    case quit
  }

  private enum TickerID: Hashable, Sendable { case ticker }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.count += amount
    case .toggleTicking:
      state.isTicking.toggle()
      return state.isTicking
        ? .interval(.tick, every: .seconds(1)).cancellable(id: TickerID.ticker, cancelInFlight: true)
        : .cancel(id: TickerID.ticker)
    case .tick:
      state.ticks += 1
    case .quit:
      state.isQuitting = true
      return .cancel(id: TickerID.ticker)
    }
    return .none
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.character("+"), action: .add(1), help: "add"),
    KeyBinding(.character("-"), action: .add(-1), help: "take"),
    KeyBinding(.character("t"), action: .toggleTicking, help: "ticker"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  @MainActor
  static func app(clock: VirtualClock) -> TerminalApp<State, Action> {
    TerminalApp(
      store: Store(initialState: State(), reducer: Tally(), clock: clock),
      minimumSize: TerminalSize(columns: 20, rows: 5),
      view: { state, canvas in
        canvas.draw("Tally: \(state.count)", atColumn: 1, row: 1)
        canvas.draw("Ticks: \(state.ticks) \(state.isTicking ? "(ticking)" : "(stopped)")", atColumn: 1, row: 2)
        canvas.drawTruncated(
          keys.helpLine(maxWidth: canvas.columns - 2), atColumn: 1, row: canvas.rows - 1, width: canvas.columns - 2)
      },
      keyAction: { _, key in keys.action(for: key) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}
