#if CasePaths
import Tide
import TideCasePaths

/// A counter, scoped into the dashboard by case key path.
struct Counter: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case increment
    case decrement
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .decrement: state.count -= 1
    }
    return .none
  }
}

/// A row with a timer of its own, under a cancellation id every row uses: forEach must keep
/// each row's id to that row.
struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case start
    case stop
    case tick
  }

  enum TimerID: Hashable, Sendable { case ticker }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .interval(.tick, every: .seconds(1)).cancellable(id: TimerID.ticker, cancelInFlight: true)
    case .stop:
      return .cancel(id: TimerID.ticker)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

/// The parent a TCA user would write: every child composed by case key path, and a request
/// whose response the tests receive by case key path.
struct Dashboard: Reducer {
  struct State: Equatable, Sendable {
    var counter = Counter.State()
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 0), Row.State(id: 1)]
    var detail: Row.State?
    var greeting: String?
  }

  @CasePathable
  enum Action: Equatable, Sendable {
    case counter(Counter.Action)
    case rows(id: Int, action: Row.Action)
    case detail(Row.Action)
    case openDetail
    case closeDetail
    case removeRow(Int)
    case greet(String)
    case greeted(String)
    case progress(Int)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: \.counter) { Counter() }
    Reduce { state, action in
      switch action {
      case .openDetail:
        state.detail = Row.State(id: 99)
        return .none
      case .closeDetail:
        state.detail = nil
        return .none
      case .removeRow(let id):
        state.rows.remove(id: id)
        return .none
      case .greet(let name):
        // The response says how far along it is before it answers.
        return .run { send in
          await send(.progress(50))
          await send(.greeted("Hello, \(name)!"))
        }
      case .greeted(let greeting):
        state.greeting = greeting
        return .none
      case .counter, .rows, .detail, .progress:
        return .none
      }
    }
    .forEach(\.rows, action: \.rows) { Row() }
    .ifLet(\.detail, action: \.detail) { Row() }
  }
}
#endif
