import Testing
import Tide
import TideTestSupport

/// An observer is called once per distinct state: never twice in a row with an equal state,
/// whatever observes it — the whole state, a selection, a key path — on the root or on a store
/// scoped into a `Scope`, an `ifLet` or a `forEach` child.
@MainActor
@Suite struct ObservationDeduplicationTests {
  @Test func wholeStateObserveSkipsAnEqualState() {
    // ReSwift's testSkipsStateUpdatesForEquatableStateByDefault.
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var seen: [CounterFixture.State] = []
    let token = store.observe { seen.append($0) }
    store.send(.noop)
    store.send(.set(0))
    #expect(seen.count == 1, "no action changed the state")
    store.send(.increment)
    store.send(.noop)
    #expect(seen.map(\.count) == [0, 1])
    token.cancel()
  }

  /// A parent with a scoped child, an optional child and a collection of children.
  private struct Parent: Reducer {
    struct State: Equatable, Sendable {
      var counter = CounterFixture.State()
      var detail: CounterFixture.State?
      var list = Todos.State()
      var note = 0
    }

    enum Action: Equatable, Sendable {
      case counter(CounterFixture.Action)
      case detail(CounterFixture.Action)
      case list(Todos.Action)
      case toggleDetail
      case note(Int)
    }

    static let counterPath = ActionPath<Action, CounterFixture.Action>(
      embed: { .counter($0) }, extract: { if case .counter(let action) = $0 { action } else { nil } })
    static let detailPath = ActionPath<Action, CounterFixture.Action>(
      embed: { .detail($0) }, extract: { if case .detail(let action) = $0 { action } else { nil } })
    static let listPath = ActionPath<Action, Todos.Action>(
      embed: { .list($0) }, extract: { if case .list(let action) = $0 { action } else { nil } })

    var body: some Reducer<State, Action> {
      Scope(state: \.counter, action: Self.counterPath) { CounterFixture() }
      Scope(state: \.list, action: Self.listPath) { Todos() }
      Reduce<State, Action> { state, action in
        switch action {
        case .toggleDetail:
          state.detail = state.detail == nil ? CounterFixture.State() : nil
        case .note(let value):
          state.note = value
        case .counter, .detail, .list:
          break
        }
        return .none
      }
      .ifLet(\.detail, action: Self.detailPath) { CounterFixture() }
    }
  }

  /// Records what one observer was called with, and whether it was ever called twice in a row
  /// with an equal value.
  private final class History<Value: Equatable> {
    var values: [Value] = []
    var repeats = 0
    func record(_ value: Value) {
      if let last = values.last, last == value { repeats += 1 }
      values.append(value)
    }
  }

  @Test func randomProgramsNeverCallAnObserverTwiceWithTheSameState() {
    var generator = SeededGenerator(seed: 19)
    for round in 0..<300 {
      let store = Store(initialState: Parent.State(), reducer: Parent())
      let counter = store.scope(state: \.counter, action: Parent.Action.counter)
      let computed = store.scope(state: { $0.note }, action: Parent.Action.note)
      let list = store.scope(state: \.list, action: Parent.Action.list)
      let root = History<Parent.State>()
      let counterWhole = History<CounterFixture.State>()
      let counterCount = History<Int>()
      let computedWhole = History<Int>()
      let listWhole = History<Todos.State>()
      let detailSelection = History<CounterFixture.State?>()
      var tokens = [
        store.observe { root.record($0) },
        counter.observe { counterWhole.record($0) },
        counter.observe(\.count) { counterCount.record($0) },
        computed.observe { computedWhole.record($0) },
        list.observe { listWhole.record($0) },
        store.observe({ $0.detail }) { detailSelection.record($0) },
      ]
      var nextID = 1
      for _ in 0..<Int.random(in: 5...30, using: &generator) {
        let action: Parent.Action
        switch Int.random(in: 0..<8, using: &generator) {
        case 0: action = .counter(.increment)
        case 1: action = .counter([.noop, .set(0), .rename("Counter")].randomElement(using: &generator)!)
        case 2: action = .toggleDetail
        case 3: action = .note(Int.random(in: 0...1, using: &generator))
        case 4:
          action = .list(.add(id: nextID, title: "t"))
          nextID += 1
        case 5: action = .list(.todo(id: Int.random(in: 1...max(1, nextID - 1), using: &generator), action: .rename("t")))
        case 6: action = .list(.todo(id: Int.random(in: 1...max(1, nextID - 1), using: &generator), action: .toggle))
        default: action = store.state.detail == nil ? .note(store.state.note) : .detail(.noop)
        }
        if case .list(.todo(let id, _)) = action, store.state.list.todos[id: id] == nil { continue }
        if Bool.random(using: &generator) {
          store.send(action)
        } else {
          store.send(contentsOf: [action, .note(store.state.note)])
        }
        // A scoped send through the child store, as a view would.
        if Int.random(in: 0..<4, using: &generator) == 0 { counter.send(.noop) }
      }
      let histories: [(String, Int)] = [
        ("root", root.repeats), ("counter", counterWhole.repeats), ("counter.count", counterCount.repeats),
        ("computed", computedWhole.repeats), ("list", listWhole.repeats), ("detail", detailSelection.repeats),
      ]
      for (name, repeats) in histories {
        #expect(repeats == 0, "round \(round): the \(name) observer was called \(repeats) time(s) with the state it had")
      }
      #expect(root.values.last == store.state, "round \(round): the root observer ends on the store's state")
      for token in tokens { token.cancel() }
      tokens.removeAll()
    }
  }

  @Test func anObservationTokenKeepsItsStoreAlive() {
    // TCA's testSubscriptionOwnsStorePublisher.
    var store: Store<CounterFixture.State, CounterFixture.Action>? = Store(
      initialState: CounterFixture.State(), reducer: CounterFixture())
    weak let weakStore = store
    var counts: [Int] = []
    var token: ObservationToken? = store?.observe(\.count) { counts.append($0) }
    store = nil
    #expect(weakStore != nil, "the token keeps the store it observes")
    weakStore?.send(.increment)
    #expect(counts == [0, 1])
    token?.cancel()
    #expect(weakStore == nil, "a cancelled token lets its store go")
    token = nil
  }

  @Test func releasingTheTokenReleasesTheStore() {
    var store: Store<CounterFixture.State, CounterFixture.Action>? = Store(
      initialState: CounterFixture.State(), reducer: CounterFixture())
    weak let weakStore = store
    var token: ObservationToken? = store?.scope(state: \.count, action: { .set($0) }).observe { _ in }
    store = nil
    #expect(weakStore != nil, "a scoped store's token keeps the root too")
    #expect(token?.isCancelled == false)
    token = nil
    #expect(weakStore == nil)
  }
}
