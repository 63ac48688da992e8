import Testing
import Tide

@MainActor
@Suite("StoreRegistry")
struct RegistryTests {
  @Test func typedKeysReturnTheSameStore() {
    let registry = StoreRegistry()
    let key = StoreKey<CounterFixture.State, CounterFixture.Action>("counter")
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    registry[key] = store
    #expect(registry[key] === store)
    registry[key]?.send(.increment)
    #expect(store.state.count == 1)
  }

  @Test func sameNameWithDifferentTypesDoesNotClash() {
    let registry = StoreRegistry()
    let counterKey = StoreKey<CounterFixture.State, CounterFixture.Action>("shared")
    let todosKey = StoreKey<Todos.State, Todos.Action>("shared")
    let counter = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    let todos = Store(initialState: Todos.make(2), reducer: Todos())
    registry[counterKey] = counter
    registry[todosKey] = todos
    #expect(registry[counterKey] === counter)
    #expect(registry[todosKey] === todos)

    registry[counterKey] = nil
    #expect(registry[counterKey] == nil)
    #expect(registry[todosKey] === todos)
  }

  @Test func namesAreSortedAndRemoveAllEmptiesTheRegistry() {
    let registry = StoreRegistry()
    registry[StoreKey<CounterFixture.State, CounterFixture.Action>("settings")] = Store(initialState: .init(), reducer: CounterFixture())
    registry[StoreKey<Todos.State, Todos.Action>("app")] = Store(initialState: .init(), reducer: Todos())
    #expect(registry.names == ["app", "settings"])
    registry.removeAll()
    #expect(registry.names.isEmpty)
    #expect(registry[StoreKey<CounterFixture.State, CounterFixture.Action>("settings")] == nil)
  }

  @Test func theSharedRegistryIsOneInstance() {
    let key = StoreKey<CounterFixture.State, CounterFixture.Action>("RegistryTests.shared.\(#line)")
    StoreRegistry.shared[key] = Store(initialState: .init(count: 3), reducer: CounterFixture())
    defer { StoreRegistry.shared[key] = nil }
    #expect(StoreRegistry.shared[key]?.state.count == 3)
    #expect(StoreRegistry.shared.names.contains(key.name))
  }
}
