import Testing
import Tide

private struct Audited: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var logged = 0
    var persisted: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case logged
    case persisted(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment: state.count += 1
    case .logged: state.logged += 1
    case .persisted(let count): state.persisted.append(count)
    }
    return .none
  }
}

@MainActor
@Suite("Middleware")
struct MiddlewareTests {
  @Test func middlewareSeesEveryActionWithThePostReducerState() {
    let seen = Box<[String]>([])
    let spy = Middleware<Audited.State, Audited.Action> { action, state in
      seen.value.append("\(action) count=\(state.count)")
      return .none
    }
    let store = Store(initialState: Audited.State(), reducer: Audited(), middleware: [spy])
    store.send(.increment)
    store.send(.increment)
    #expect(seen.value == ["increment count=1", "increment count=2"])
  }

  @Test func middlewareSynchronousEffectIsHandledAfterTheAction() {
    let logger = Middleware<Audited.State, Audited.Action> { action, _ in
      action == .increment ? .send(.logged) : .none
    }
    let store = Store(initialState: Audited.State(), reducer: Audited(), middleware: [logger])
    var rounds: [Audited.State] = []
    let token = store.observe { rounds.append($0) }
    store.send(.increment)
    #expect(store.state.logged == 1)
    // One round: the middleware's follow-up is handled in the same drain.
    #expect(rounds.count == 2)
    token.cancel()
  }

  @Test func middlewareAsynchronousEffectRunsAndIsAwaitedByTheStoreTask() async {
    let persist = Middleware<Audited.State, Audited.Action> { action, state in
      guard action == .increment else { return .none }
      let count = state.count
      return .run { send in
        await Task.yield()
        await send(.persisted(count))
      }
    }
    let store = Store(initialState: Audited.State(), reducer: Audited(), middleware: [persist])
    await store.send(.increment).finish()
    await store.send(.increment).finish()
    #expect(store.state.persisted == [1, 2])
  }

  @Test func severalMiddlewareRunInOrderAfterTheReducer() {
    let order = Box<[String]>([])
    let store = Store(
      initialState: Audited.State(),
      reducer: Reduce<Audited.State, Audited.Action> { state, action in
        order.value.append("reducer")
        return Audited().reduce(into: &state, action: action)
      },
      middleware: [
        Middleware { _, _ in order.value.append("first"); return .none },
        Middleware { _, _ in order.value.append("second"); return .none },
      ])
    store.send(.increment)
    #expect(order.value == ["reducer", "first", "second"])
  }
}
