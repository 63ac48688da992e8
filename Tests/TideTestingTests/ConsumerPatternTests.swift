import Clocks
import Testing
import Tide
import TideTesting

/// Swift 6 patterns a consumer writes on day one; they must compile without `@unchecked` or
/// `nonisolated(unsafe)`, and behave.
@Suite("Consumer patterns")
struct ConsumerPatternTests {
  /// A static middleware value, as a feature module would declare it.
  static let counting = Middleware<Feature.State, Feature.Action> { action, state in
    action == .increment && state.count == 2 ? .send(.rename("two")) : .none
  }

  @Test func sendingFromABackgroundTaskReachesTheMainActorStore() async {
    let store = await Store(initialState: Feature.State(), reducer: Feature())
    await Task.detached {
      await store.send(.increment)
      await store.send(.increment)
    }.value
    #expect(await store.state.count == 2)
  }

  @MainActor
  @Test func aMainActorTestUsesATestStoreWithAStaticMiddleware() async {
    let store = TestStore(
      initialState: Feature.State(), reducer: Feature(), middleware: [Self.counting])
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.receive(.rename("two")) { $0.title = "two" }
    await store.finish()
  }

  @MainActor
  @Test func aRunEffectCapturingValuesFromTheReducer() async {
    let reducer = Reduce<Feature.State, Feature.Action> { state, action in
      guard action == .load else { return Feature().reduce(into: &state, action: action) }
      let greeting = "hello \(state.count)"
      return .run { send in await send(.loaded(greeting)) }
    }
    let store = TestStore(initialState: Feature.State(), reducer: reducer)
    await store.send(.load)
    await store.receive(.loaded("hello 0")) { $0.response = "hello 0" }
    await store.finish()
  }
}
