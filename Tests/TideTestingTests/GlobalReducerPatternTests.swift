import Clocks
import Testing
import Tide
import TideTesting

// What a Swift 6 consumer writes at file scope: a reducer and a middleware as global `let`s.
// This file compiling — with no `@unchecked Sendable` and no `nonisolated(unsafe)` — is half of
// the test; the tests below check they also behave.

/// The state and actions of a small tally, declared without a reducer type.
enum Tally {
  struct State: Equatable, Sendable {
    var count = 0
    var note: String?
  }

  enum Action: Equatable, Sendable {
    case add(Int)
    case describe
    case described(String)
    case milestone(Int)
  }
}

/// A global reducer. Its `.run` captures values taken from the state when the action came.
let tally = Reduce<Tally.State, Tally.Action> { state, action in
  switch action {
  case .add(let amount):
    state.count += amount
    return .none
  case .describe:
    let count = state.count
    let unit = count == 1 ? "item" : "items"
    return .run { send in await send(.described("\(count) \(unit)")) }
  case .described(let note):
    state.note = note
    return .none
  case .milestone(let milestone):
    state.note = String(milestone)
    return .none
  }
}

/// A global middleware: after each action, a milestone every tenth item.
let milestones = Middleware<Tally.State, Tally.Action> { action, state in
  guard case .add = action, state.count >= 10 else { return .none }
  return .send(.milestone(state.count / 10 * 10))
}

/// A reducer built from a captured `Sendable` dependency, as a feature module exports one.
func greeter(greet: @escaping @Sendable (Int) async -> String) -> Reduce<Tally.State, Tally.Action> {
  Reduce { state, action in
    guard action == .describe else { return tally.reduce(into: &state, action: action) }
    let count = state.count
    return .run { send in await send(.described(await greet(count))) }
  }
}

/// A reducer type whose `body` captures `self`: fine, a struct of `Sendable` values is
/// `Sendable`, so its `Reduce` closure may capture it, and it can be erased with `Reduce(_:)`.
struct Doubling: Reducer, Sendable {
  let factor: Int

  var body: some Reducer<Tally.State, Tally.Action> {
    Reduce { state, action in
      guard case .add(let amount) = action else { return .none }
      state.count += amount * factor
      return .none
    }
  }
}

/// A type-erased, traced reducer as a global.
let tracedDoubling = Reduce(Doubling(factor: 2).traced("tally", to: Tracer { _ in }))

@Suite("Global reducer and middleware values")
struct GlobalReducerPatternTests {
  @MainActor
  @Test func aMainActorTestDrivesTheGlobalReducerAndMiddleware() async {
    let store = TestStore(initialState: Tally.State(), reducer: tally, middleware: [milestones])
    await store.send(.add(4)) { $0.count = 4 }
    await store.send(.add(7)) { $0.count = 11 }
    await store.receive(.milestone(10)) { $0.note = "10" }
    await store.send(.describe)
    await store.receive(.described("11 items")) { $0.note = "11 items" }
    await store.finish()
  }

  @Test func aBackgroundTaskSendsToAStoreOfTheGlobalReducer() async {
    let store = await Store(initialState: Tally.State(), reducer: tally)
    await Task.detached {
      for _ in 1...3 { await store.send(.add(1)) }
    }.value
    #expect(await store.state.count == 3)
  }

  @MainActor
  @Test func aRunEffectAwaitsACapturedDependency() async {
    let store = TestStore(
      initialState: Tally.State(count: 1), reducer: greeter { count in "hello, \(count)" })
    await store.send(.describe)
    await store.receive(.described("hello, 1")) { $0.note = "hello, 1" }
    await store.finish()
  }

  @MainActor
  @Test func anErasedTracedFeatureIsAGlobalToo() async {
    let store = TestStore(initialState: Tally.State(), reducer: tracedDoubling)
    await store.send(.add(3)) { $0.count = 6 }
    await store.finish()
  }
}
