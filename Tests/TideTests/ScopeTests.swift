import Testing
import Tide

/// An app with a counter child and a field of its own.
private struct ScopeApp: Reducer {
  struct State: Equatable, Sendable {
    var counter = CounterFixture.State()
    var other = 0
  }

  enum Action: Equatable, Sendable {
    case counter(CounterFixture.Action)
    case bumpOther
    case resetCounter(Int)
  }

  static let counterPath = ActionPath<Action, CounterFixture.Action>(embed: { .counter($0) }) { action in
    if case .counter(let child) = action { child } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.counter, action: Self.counterPath) { CounterFixture() }
    Reduce<State, Action> { state, action in
      switch action {
      case .bumpOther: state.other += 1
      case .resetCounter(let value): state.counter.count = value
      case .counter: break
      }
      return .none
    }
  }
}

@MainActor
@Suite("Scoped stores")
struct ScopeTests {
  @Test func childSendsChangeTheParentState() {
    let store = Store(initialState: ScopeApp.State(), reducer: ScopeApp())
    let child = store.scope(state: \.counter, action: ScopeApp.Action.counter)
    child.send(.increment)
    child.send(.increment)
    #expect(store.state.counter.count == 2)
    #expect(child.state.count == 2)
  }

  @Test func parentChangesReachTheChildStateAndItsObservers() {
    let store = Store(initialState: ScopeApp.State(), reducer: ScopeApp())
    let child = store.scope(state: \.counter, action: ScopeApp.Action.counter)
    var counts: [Int] = []
    let token = child.observe(\.count) { counts.append($0) }

    store.send(.resetCounter(42))
    #expect(child.state.count == 42)
    store.send(.bumpOther)  // not the child's state: its de-duplicating observer stays quiet
    store.send(.counter(.decrement))
    #expect(counts == [0, 42, 41])
    token.cancel()
  }

  @Test func childObserversAreToldInTheSameRoundAsTheParents() {
    let store = Store(initialState: ScopeApp.State(), reducer: ScopeApp())
    let child = store.scope(state: \.counter, action: ScopeApp.Action.counter)
    var log: [String] = []
    let parentToken = store.observe(\.counter.count) { log.append("parent \($0)") }
    let childToken = child.observe(\.count) { log.append("child \($0)") }
    child.send(.increment)
    #expect(log == ["parent 0", "child 0", "parent 1", "child 1"])
    parentToken.cancel()
    childToken.cancel()
  }

  @Test func cancellingAChildObservationStopsIt() {
    let store = Store(initialState: ScopeApp.State(), reducer: ScopeApp())
    let child = store.scope(state: \.counter, action: ScopeApp.Action.counter)
    var counts: [Int] = []
    let token = child.observe(\.count) { counts.append($0) }
    child.send(.increment)
    token.cancel()
    child.send(.increment)
    #expect(counts == [0, 1])
    #expect(child.state.count == 2)
  }

  @Test func childSendContentsOfIsOneOrderedBatch() {
    let store = Store(initialState: ScopeApp.State(), reducer: ScopeApp())
    let child = store.scope(state: \.counter, action: ScopeApp.Action.counter)
    var counts: [Int] = []
    let token = child.observe(\.count) { counts.append($0) }
    child.send(contentsOf: [.set(3), .increment])
    #expect(counts == [0, 4])
    token.cancel()
  }

  @Test func aChildOfAChildStaysInSync() {
    let store = Store(initialState: ScopeApp.State(), reducer: ScopeApp())
    let counter = store.scope(state: \.counter, action: ScopeApp.Action.counter)
    let count = counter.scope(state: \.count, action: { (action: CounterFixture.Action) in action })
    count.send(.increment)
    #expect(store.state.counter.count == 1)
    #expect(count.state == 1)
  }

  @Test func fiveNestedScopesReadAndWriteTheRootState() {
    let root = Store(initialState: Nesting.initialState(), reducer: Nesting.reducer())
    let level1 = root.scope(state: \.inner, action: Nested5.Action.inner)
    let level2 = level1.scope(state: \.inner, action: Wrap<Wrap<Wrap<Wrap<CounterFixture>>>>.Action.inner)
    let level3 = level2.scope(state: \.inner, action: Wrap<Wrap<Wrap<CounterFixture>>>.Action.inner)
    let level4 = level3.scope(state: \.inner, action: Wrap<Wrap<CounterFixture>>.Action.inner)
    let leaf = level4.scope(state: \.inner, action: Wrap<CounterFixture>.Action.inner)

    var leafCounts: [Int] = []
    var level2Notes: [String] = []
    let leafToken = leaf.observe(\.count) { leafCounts.append($0) }
    let noteToken = level2.observe(\.note) { level2Notes.append($0) }

    // Leaf to root.
    leaf.send(.increment)
    leaf.send(.increment)
    #expect(root.state.inner.inner.inner.inner.inner.count == 2)

    // Root to leaf.
    root.send(.inner(.inner(.inner(.inner(.inner(.set(9)))))))
    #expect(leaf.state.count == 9)
    #expect(level4.state.inner.count == 9)

    // A middle level's own action.
    level2.send(.annotate("middle"))
    #expect(root.state.inner.inner.note == "middle")

    #expect(leafCounts == [0, 1, 2, 9])
    #expect(level2Notes == ["", "middle"])
    leafToken.cancel()
    noteToken.cancel()
  }

  @Test func scopedValuesStreamFollowsTheParent() async {
    let store = Store(initialState: ScopeApp.State(), reducer: ScopeApp())
    let child = store.scope(state: \.counter, action: ScopeApp.Action.counter)
    let mailbox = Mailbox<Int>()
    let stream = child.values(\.count)
    let consumer = Task { @MainActor in
      for await value in stream { mailbox.put(value) }
    }
    await mailbox.waitForCount(1)
    store.send(.bumpOther)
    store.send(.resetCounter(5))
    await mailbox.waitForCount(2)
    #expect(mailbox.values == [0, 5])
    consumer.cancel()
  }
}
