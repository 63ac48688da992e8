import Clocks
import Synchronization
import Testing
import Tide

/// More of TCA's `StoreTests`, `StoreLifetimeTests`, `MemoryManagementTests`,
/// `EffectCancellationTests` and `EffectOperationTests`, and of ReSwift's
/// `StoreSubscriptionTests` and `StoreSubscriberTests`: effect order, synchronous sends, store
/// lifetime and observation, restated for Tide's API. Each comment names the original test.
@MainActor
@Suite("Ported from TCA and ReSwift: order, lifetime, observation")
struct PortedStoreLifetimeTests {
  /// A store whose `.child(n)` starts an effect that never ends on its own, cancellable under
  /// id `n % 10`, and whose `.value(id)` cancels that id: what TCA's concurrent-cancel tests
  /// drive from many places at once.
  private static func effectsUnderTenIds() -> Store<Int, Action> {
    Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        switch action {
        case .child(let id): return .run { _ in try await Task.never() }.cancellable(id: id % 10)
        case .value(let id): return .cancel(id: id)
        default: return .none
        }
      })
  }

  private enum Action: Equatable, Sendable {
    case tap, child(Int), value(Int), start, stop, response(Int)
  }

  // TCA testScopedStoreReceivesUpdatesFromParent: a parent's change reaches an observer of a
  // store scoped from it, in the same round.
  @Test func aScopedStoresObserverSeesTheParentsChanges() {
    struct State: Equatable { var count = 0 }
    let parent = Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        if case .tap = action { state.count += 1 }
        return .none
      })
    let child = parent.scope(state: \.count, action: { (value: Int) in Action.value(value) })
    var seen: [String] = []
    let token = child.observe({ "\($0)" }) { seen.append($0) }
    parent.send(.tap)
    #expect(seen == ["0", "1"])
    token.cancel()
  }

  // TCA testParentStoreReceivesUpdatesFromChild: a child's send changes the parent's state,
  // and the parent's observer is told.
  @Test func theParentsObserverSeesChangesAScopedStoreSent() {
    struct State: Equatable { var count = 0 }
    let parent = Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        if case .value(let value) = action { state.count = value }
        return .none
      })
    let child = parent.scope(state: \.count, action: { (value: Int) in Action.value(value) })
    var seen: [Int] = []
    let token = parent.observe(\.count) { seen.append($0) }
    child.send(42)
    #expect(seen == [0, 42])
    #expect(child.state == 42)
    token.cancel()
  }

  // TCA EffectOperationTests.testMergeFuses / testConcatenateFuses: merges and concatenations of
  // synchronous sends, nested, deliver their actions in the order written, all before `send`
  // returns.
  @Test func nestedMergesAndConcatenationsOfSendsDeliverInTheOrderWritten() {
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Action> { state, action in
        switch action {
        case .tap:
          return .concatenate(
            .merge(.send(.value(1)), .send(.value(2))),
            .concatenate(.send(.value(3)), .merge(.send(.value(4)), .none)),
            .send(.value(5)))
        case .value(let value):
          state.append(value)
          return .none
        default:
          return .none
        }
      })
    store.send(.tap)
    #expect(store.state == [1, 2, 3, 4, 5])
  }

  // TCA EffectTests.testMap / EffectOperationTests.testMap: a mapped effect's actions arrive as
  // the mapped actions, synchronous or sent from a task.
  @Test func aMappedEffectsActionsArriveMapped() async {
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Action> { state, action in
        switch action {
        case .tap:
          let child = Effect<Int>.merge(.send(1), .run { send in await send(2) })
          return child.map { Action.value($0 * 10) }
        case .value(let value):
          state.append(value)
          return .none
        default:
          return .none
        }
      })
    await store.send(.tap).finish()
    #expect(store.state == [10, 20])
  }

  // TCA EffectCancellationTests.testCancellablesCleanUp_OnCancel: a long-living effect
  // cancelled by its id leaves nothing registered under it, so a wait for the id returns.
  @Test(.hangLimit)
  func aCancelledLongLivingEffectLeavesItsIdFree() async {
    enum ID { case stream }
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        switch action {
        case .start: return .run { _ in try await Task.never() }.cancellable(id: ID.stream)
        case .stop: return .cancel(id: ID.stream)
        default: return .none
        }
      })
    let task = store.send(.start)
    #expect(task.isRunning)
    store.send(.stop)
    await store.finishEffects(id: ID.stream)
    await task.finish()
    #expect(store.effectScheduler.counts.running == 0)
  }

  // TCA EffectCancellationTests.testConcurrentCancels: effects started and cancelled under
  // many ids, interleaved, leave nothing running once every id is cancelled.
  @Test(.hangLimit)
  func manyEffectsStartedAndCancelledUnderManyIdsLeaveNothingRunning() async {
    let store = Self.effectsUnderTenIds()
    var tasks: [StoreTask] = []
    for index in 0..<1_000 {
      tasks.append(store.send(.child(index)))
      if index.isMultiple(of: 7) { store.send(.value(index % 10)) }
    }
    for id in 0..<10 { store.send(.value(id)) }
    for task in tasks { await task.finish() }
    #expect(store.effectScheduler.counts.running == 0)
  }

  // TCA EffectCancellationTests.testCancellationWithoutThrowingCancellationError: a body that
  // swallows its cancellation and returns normally still ends, and sends nothing after it.
  @Test(.hangLimit)
  func aBodyThatSwallowsItsCancellationEndsAndSendsNothing() async {
    enum ID { case request }
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .start:
          return .run { send in
            _ = try? await Task.never()
            await send(.response(1))
          }.cancellable(id: ID.request)
        case .stop:
          return .cancel(id: ID.request)
        case .response(let value):
          state = value
          return .none
        default:
          return .none
        }
      })
    let task = store.send(.start)
    store.send(.stop)
    await task.finish()
    #expect(store.state == 0)
  }

  // TCA StoreLifetimeTests.testStoreDeinit_RunningEffect: a store released while its effect
  // runs is freed, and the effect is cancelled.
  @Test(.hangLimit)
  func aStoreReleasedWhileItsEffectRunsIsFreedAndTheEffectCancelled() async {
    let ended = Mutex<Bool>(false)
    var store: Store<Int, Action>? = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, _ in
        .run { _ in
          do { try await Task.never() } catch { ended.withLock { $0 = true } }
        }
      })
    weak let released = store
    let task = store!.send(.start)
    store = nil
    #expect(released == nil)
    await task.finish()
    #expect(ended.withLock { $0 })
  }

  // TCA MemoryManagementTests.testOwnership_ScopeHoldsOntoParent: a scoped store keeps its
  // parent alive and usable.
  @Test func aScopedStoreKeepsItsParentAlive() {
    var parent: Store<Int, Action>? = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        if case .value(let value) = action { state += value }
        return .none
      })
    weak let released = parent
    let child = parent!.scope(state: { $0 }, action: { (value: Int) in Action.value(value) })
    parent = nil
    #expect(released != nil)
    child.send(2)
    #expect(child.state == 2)
  }

  // TCA MemoryManagementTests.testEffectWithMultipleScopes: a store scoped twice sends through
  // both levels, and an effect's answer reaches the root and every level's observer.
  @Test func anEffectOfAStoreScopedTwiceReachesEveryLevel() async {
    let root = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .tap: return .run { send in await send(.response(7)) }
        case .response(let value):
          state = value
          return .none
        default:
          return .none
        }
      })
    let middle = root.scope(state: { $0 }, action: { (action: Action) in action })
    let leaf = middle.scope(state: { $0 * 2 }, action: { (action: Action) in action })
    var seen: [Int] = []
    let token = leaf.observe({ $0 }) { seen.append($0) }
    await leaf.send(.tap).finish()
    #expect(root.state == 7)
    #expect(seen == [0, 14])
    token.cancel()
  }

  // TCA StoreTests.testStorePublisherRemovesSubscriptionOnCancel / ReSwift
  // testRetainCycle_TransformedSubscription: a cancelled observation of a selected value is
  // told nothing more, and releases the store it kept alive.
  @Test func aCancelledSelectionReleasesItsStoreAndIsToldNothingMore() {
    struct State: Equatable { var count = 0 }
    var store: Store<State, Action>? = Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, _ in
        state.count += 1
        return .none
      })
    weak let released = store
    var seen: [Int] = []
    let token = store!.observe({ $0.count * 2 }) { seen.append($0) }
    let sender = store!
    store = nil
    sender.send(.tap)
    token.cancel()
    sender.send(.tap)
    #expect(seen == [0, 2])
    _ = consume sender
    #expect(released == nil)
  }

  // ReSwift testSkipsStateUpdatesForCustomEqualityChecksWithRegularSubstateSelection /
  // testSkipWhen / testOnlyWhen: ReSwift takes a custom equality for a substate; in Tide one
  // selects the Equatable part that decides (one way to de-duplicate), and an unchanged
  // selection is not passed again.
  @Test func aSelectionOfWhatDecidesEqualitySkipsUpdatesThatLeaveItUnchanged() {
    struct Substate { var value: Int; var noise: Int }
    struct State { var substate = Substate(value: 5, noise: 0) }
    let store = Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .value(let value): state.substate.value = value
        default: state.substate.noise += 1
        }
        return .none
      })
    var seen: [Int] = []
    let token = store.observe({ $0.substate.value }) { seen.append($0) }
    store.send(.value(5))
    store.send(.tap)
    store.send(.value(6))
    #expect(seen == [5, 6])
    token.cancel()
  }

  // ReSwift testDuplicateSubscription / testIgnoreIdenticalSubscribers: ReSwift keeps one
  // subscription per subscriber object; Tide has no subscriber objects — each `observe` is its
  // own observation with its own token, so observing twice calls twice, and cancelling one
  // leaves the other.
  @Test func twoObservationsAreTwoAndEndOneAtATime() {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, _ in
        state += 1
        return .none
      })
    var seen: [String] = []
    let first = store.observe(\.self) { seen.append("first \($0)") }
    let second = store.observe(\.self) { seen.append("second \($0)") }
    store.send(.tap)
    first.cancel()
    store.send(.tap)
    #expect(seen == ["first 0", "second 0", "first 1", "second 1", "second 2"])
    second.cancel()
  }

  // TCA testChildParentEffectCancellation: cancelling the task of a child's action cancels that
  // action's effect only; an effect the parent started before keeps running and delivers. (TCA
  // marks this XCTTODO: there, cancelling a child task cancels the parent's effects too.)
  @Test(.hangLimit)
  func cancellingAChildActionsTaskLeavesTheParentsEffectRunning() async {
    let clock = TestClock()
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Action> { state, action in
        switch action {
        case .start:
          return .send(.response(1), after: .seconds(1))
        case .child:
          return .run { send in
            try await Task.never()
            await send(.response(2))
          }
        case .response(let value):
          state.append(value)
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    let child = store.scope(state: { $0 }, action: { (value: Int) in Action.child(value) })
    let parentTask = store.send(.start)
    let childTask = child.send(0)
    await childTask.cancel()
    #expect(!childTask.isRunning)
    #expect(parentTask.isRunning)
    await clock.advance(by: .seconds(1))
    await parentTask.finish()
    #expect(store.state == [1])
  }
  // TCA EffectCancellationTests.testCancelIDHash: ids of two different empty types (which hash
  // alike) are different ids: cancelling one leaves the other's effect running.
  @Test(.hangLimit)
  func idsOfDifferentTypesThatHashAlikeAreDifferentIds() async {
    struct FirstID: Hashable, Sendable {}
    struct SecondID: Hashable, Sendable {}
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        switch action {
        case .child(1): return .run { _ in try await Task.never() }.cancellable(id: FirstID())
        case .child: return .run { _ in try await Task.never() }.cancellable(id: SecondID())
        case .stop: return .cancel(id: FirstID())
        default: return .none
        }
      })
    let first = store.send(.child(1))
    let second = store.send(.child(2))
    store.send(.stop)
    await first.finish()
    #expect(second.isRunning)
    await second.cancel()
    #expect(store.effectScheduler.counts.running == 0)
  }

  // TCA EffectCancellationTests.testAsyncConcurrentCancels: many tasks at once start effects
  // under a few ids and cancel them, each hopping to the store's actor on its own; once every id
  // is cancelled, every effect has ended.
  @Test(.hangLimit)
  func effectsStartedAndCancelledFromManyTasksAtOnceAllEnd() async {
    let store = Self.effectsUnderTenIds()
    let tasks = await withTaskGroup(of: StoreTask?.self, returning: [StoreTask].self) { group in
      for index in 0..<500 {
        group.addTask { await store.send(.child(index)) }
        group.addTask {
          await store.send(.value(index % 10))
          return nil
        }
      }
      var tasks: [StoreTask] = []
      for await task in group {
        if let task { tasks.append(task) }
      }
      return tasks
    }
    for id in 0..<10 { store.send(.value(id)) }
    for task in tasks { await task.finish() }
    #expect(tasks.count == 500)
    #expect(store.effectScheduler.counts.running == 0)
  }

  // TCA StoreLifetimeTests.testStoreDeinit: a store that started no effect is freed as soon as
  // the last reference goes, observed or not.
  @Test func aStoreIsFreedWithItsLastReference() {
    var store: Store<Int, Action>? = Store(initialState: 0, reducer: Reduce<Int, Action> { _, _ in .none })
    weak let released = store
    var seen: [Int] = []
    var token: ObservationToken? = store!.observe(\.self) { seen.append($0) }
    store = nil
    #expect(released != nil, "the token keeps its store")
    token = nil
    #expect(released == nil)
    #expect(seen == [0])
    _ = token
  }
}
