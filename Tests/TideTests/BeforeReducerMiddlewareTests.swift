import Testing
import Tide
import TideTesting

private struct Gate: Reducer {
  struct State: Equatable, Sendable {
    var isOpen = true
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case knock(String)
    case close
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .knock(let who): state.log.append(who)
    case .close: state.isOpen = false
    }
    return .none
  }
}

/// A global middleware value: it must compile in Swift 6 mode, which needs `Sendable`.
private let dropWhileClosed = Middleware<Gate.State, Gate.Action>(before: { action, state in
  if case .knock = action, !state.isOpen { return .drop }
  return .proceed(action)
})

/// Rewrites shouting to a whisper and makes the mailman wait two seconds.
private let rewriteAndDelay = Middleware<Gate.State, Gate.Action>(before: { action, _ in
  switch action {
  case .knock("SHOUT"): .proceed(.knock("whisper"))
  case .knock("mailman"): .delay(.knock("mailman, later"), by: .seconds(2))
  default: .proceed(action)
  }
})

@MainActor
@Suite("Middleware before the reducer")
struct BeforeReducerMiddlewareTests {
  @Test func aHookCanDropAnAction() {
    let store = Store(initialState: Gate.State(), reducer: Gate(), middleware: [dropWhileClosed])
    store.send(.knock("a"))
    store.send(.close)
    store.send(.knock("b"))
    #expect(store.state.log == ["a"])
  }

  @Test func aHookCanRewriteAnActionAndTheNextHookSeesTheRewrite() {
    let seenByNext = Box<[Gate.Action]>([])
    let spy = Middleware<Gate.State, Gate.Action>(before: { action, _ in
      seenByNext.value.append(action)
      return .proceed(action)
    })
    let store = Store(initialState: Gate.State(), reducer: Gate(), middleware: [rewriteAndDelay, spy])
    store.send(.knock("SHOUT"))
    #expect(store.state.log == ["whisper"])
    #expect(seenByNext.value == [.knock("whisper")])
  }

  @Test func aHookCanDelayAnActionOnTheStoresClockAndOnlyLaterHooksSeeItAgain() async {
    let clock = VirtualClock()
    let seenByFirst = Box(0)
    let counter = Middleware<Gate.State, Gate.Action>(before: { action, _ in
      seenByFirst.value += 1
      return .proceed(action)
    })
    let store = Store(
      initialState: Gate.State(), reducer: Gate(), clock: clock, middleware: [counter, rewriteAndDelay])
    let task = store.send(.knock("mailman"))
    await store.waitUntilIdle()
    #expect(store.state.log.isEmpty)
    clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state.log == ["mailman, later"])
    #expect(seenByFirst.value == 1)
  }

  @Test func aTestStoreReceivesADelayedAction() async {
    let clock = VirtualClock()
    let store = TestStore(
      initialState: Gate.State(), reducer: Gate(), clock: clock, middleware: [rewriteAndDelay])
    await store.send(.knock("mailman"))
    await store.receive(.knock("mailman, later"), timeout: .seconds(2)) { $0.log = ["mailman, later"] }
    await store.finish()
  }
}
