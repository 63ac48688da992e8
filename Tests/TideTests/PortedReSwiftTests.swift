import Testing
import Tide

/// Behaviours of ReSwift's `StoreSubscriberTests`, `StoreSubscriptionTests` and
/// `StoreDispatchTests` that a user moving to Tide relies on, restated for Tide's API: a
/// subscription is an observation token, `dispatch` is `send`. Each comment names ReSwift's test.
@MainActor
@Suite("Ported from ReSwift: subscribers and dispatch")
struct PortedReSwiftTests {
  struct AppState: Equatable, Sendable {
    var testValue: Int?
    var otherState = OtherState()
  }

  struct OtherState: Equatable, Sendable {
    var name: String?
    var age: Int?
  }

  enum AppAction: Equatable, Sendable {
    case setValue(Int)
    case setName(String)
    case unrelated
  }

  private static let reducer = Reduce<AppState, AppAction> { state, action in
    switch action {
    case .setValue(let value): state.testValue = value
    case .setName(let name): state.otherState.name = name
    case .unrelated: break
    }
    return .none
  }

  private func makeStore(_ state: AppState = AppState()) -> Store<AppState, AppAction> {
    Store(initialState: state, reducer: Self.reducer)
  }

  // StoreSubscriberTests.testAllowsSelectorClosure
  @Test func aSelectorClosureSelectsTheSubstate() {
    let store = makeStore()
    var seen: [Int?] = []
    let token = store.observe({ $0.testValue }) { seen.append($0) }
    store.send(.setValue(3))
    #expect(seen == [nil, 3])
    token.cancel()
  }

  // StoreSubscriberTests.testAllowsSelectorKeyPath
  @Test func aKeyPathSelectsTheSubstate() {
    let store = makeStore()
    var seen: [Int?] = []
    let token = store.observe(\.testValue) { seen.append($0) }
    store.send(.setValue(3))
    #expect(seen == [nil, 3])
    token.cancel()
  }

  // StoreSubscriberTests.testComplexStateSelector: a selector may combine several fields.
  @Test func aSelectorMayCombineSeveralFields() {
    struct Pair: Equatable { var name: String?; var value: Int? }
    let store = makeStore()
    var seen: [Pair] = []
    let token = store.observe({ Pair(name: $0.otherState.name, value: $0.testValue) }) { seen.append($0) }
    store.send(.setName("Ada"))
    store.send(.setValue(3))
    #expect(seen == [Pair(), Pair(name: "Ada"), Pair(name: "Ada", value: 3)])
    token.cancel()
  }

  // StoreSubscriberTests.testUnchangedStateDefaultSkipRepeatsWithRegularSubstateSelection /
  // ...WithKeyPath / testSkipsStateUpdatesForEquatableSubStateByDefault*: an Equatable
  // substate is passed only when it changed.
  @Test func anEquatableSubstateIsPassedOnlyWhenItChanged() {
    let store = makeStore(AppState(testValue: 3))
    var byClosure: [Int?] = []
    var byKeyPath: [OtherState] = []
    let closureToken = store.observe({ $0.testValue }) { byClosure.append($0) }
    let keyPathToken = store.observe(\.otherState) { byKeyPath.append($0) }
    store.send(.setValue(3))
    store.send(.unrelated)
    #expect(byClosure == [3])
    #expect(byKeyPath == [OtherState()])
    store.send(.setName("Ada"))
    #expect(byClosure == [3])
    #expect(byKeyPath == [OtherState(), OtherState(name: "Ada")])
    closureToken.cancel()
    keyPathToken.cancel()
  }

  // StoreSubscriberTests.testPassesOnDuplicateSubstateUpdatesByDefault*: a substate that is not
  // Equatable cannot be told from a repeat, so it is passed after every action.
  @Test func aSubstateThatIsNotEquatableIsPassedEveryRound() {
    struct Opaque { var value: Int? }
    let store = makeStore()
    var seen: [Int?] = []
    let token = store.observe({ Opaque(value: $0.testValue) }) { seen.append($0.value) }
    store.send(.unrelated)
    store.send(.unrelated)
    #expect(seen == [nil, nil, nil])
    token.cancel()
  }

  // StoreSubscriberTests.testSkipsStateUpdatesForEquatableStateByDefault
  @Test func anEquatableWholeStateIsPassedOnlyWhenItChanged() {
    let store = makeStore()
    var seen: [AppState] = []
    let token = store.observe { seen.append($0) }
    store.send(.unrelated)
    store.send(.setValue(1))
    store.send(.setValue(1))
    #expect(seen == [AppState(), AppState(testValue: 1)])
    token.cancel()
  }

  // StoreSubscriberTests.testPassesOnDuplicateStateUpdatesInCustomizedStore: a state that is
  // not Equatable is passed after every action.
  @Test func aWholeStateThatIsNotEquatableIsPassedEveryRound() {
    struct Plain { var value = 0 }
    let store = Store(initialState: Plain(), reducer: Reduce<Plain, AppAction> { _, _ in .none })
    var calls = 0
    let token = store.observe { (_: Plain) in calls += 1 }
    store.send(.unrelated)
    store.send(.unrelated)
    #expect(calls == 3)
    token.cancel()
  }

  // StoreSubscriptionTests.testDispatchInitialValue / testDispatchStateChanges /
  // testDispatchInitialStateAfterStateChange
  @Test func aSubscriberGetsTheCurrentStateAtOnceThenEveryChange() {
    let store = makeStore(AppState(testValue: 7))
    store.send(.setValue(13))
    var seen: [Int?] = []
    let token = store.observe(\.testValue) { seen.append($0) }
    store.send(.setValue(9))
    #expect(seen == [13, 9])
    token.cancel()
  }

  // StoreSubscriptionTests.testAllowDispatchWithinObserver: an observer may send; the action is
  // handled after the round, and the observer sees its result.
  @Test func anObserverMaySendAndSeesTheResult() {
    let store = makeStore()
    var seen: [Int?] = []
    let token = store.observe(\.testValue) { value in
      seen.append(value)
      if value == 2 { store.send(.setValue(5)) }
    }
    store.send(.setValue(2))
    #expect(store.state.testValue == 5)
    #expect(seen == [nil, 2, 5])
    token.cancel()
  }

  // StoreSubscriptionTests.testDontDispatchToUnsubscribers: nothing reaches a cancelled
  // subscription; subscribing again starts with the current state.
  @Test func aCancelledSubscriptionGetsNothingAndANewOneStartsFromNow() {
    let store = makeStore()
    var seen: [Int?] = []
    store.send(.setValue(5))
    var token = store.observe(\.testValue) { seen.append($0) }
    store.send(.setValue(10))
    token.cancel()
    store.send(.setValue(15))
    store.send(.setValue(25))
    token = store.observe(\.testValue) { seen.append($0) }
    store.send(.setValue(20))
    #expect(seen == [5, 10, 25, 20])
    token.cancel()
  }

  // StoreSubscriptionTests.testNewStateModifyingSubscriptionsDoesNotDiscardNewSubscription: a
  // subscription added from an observer's callback is kept (and told of later changes).
  @Test func aSubscriptionAddedFromAnObserverIsKept() {
    let store = makeStore()
    var inner: ObservationToken?
    var innerSeen: [Int?] = []
    let outer = store.observe(\.testValue) { value in
      guard value == 1, inner == nil else { return }
      inner = store.observe(\.testValue) { innerSeen.append($0) }
      store.send(.setValue(2))
    }
    store.send(.setValue(1))
    #expect(innerSeen == [1, 2])
    store.send(.setValue(3))
    #expect(innerSeen == [1, 2, 3])
    outer.cancel()
    inner?.cancel()
  }

  // StoreSubscriptionTests.testDoesNotCaptureStrongly / testRetainCycle_*: a subscription holds
  // its observer only while the token lives, and releasing the token releases the observer.
  @Test func releasingTheTokenReleasesTheObserver() {
    final class Subscriber {}
    let store = makeStore()
    weak var weakSubscriber: Subscriber?
    var token: ObservationToken?
    do {
      let subscriber = Subscriber()
      weakSubscriber = subscriber
      token = store.observe(\.testValue) { _ in _ = subscriber }
    }
    #expect(weakSubscriber != nil)
    token = nil
    #expect(weakSubscriber == nil)
    _ = token
  }

  // StoreDispatchTests.testThrowsExceptionWhenReducersDispatch: in Tide a reducer cannot reach
  // the store; an action it wants next is an effect, handled after it, never nested.
  @Test func anActionAReducerReturnsIsHandledAfterItNotInsideIt() {
    let log = Recorded<String>()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        log.append("begin \(action)")
        defer { log.append("end \(action)") }
        state = action
        return action == 1 ? .send(2) : .none
      })
    store.send(1)
    #expect(log.all == ["begin 1", "end 1", "begin 2", "end 2"])
    #expect(store.state == 2)
  }

  // StoreDispatchTests.testAcceptsAsyncActionCreators / testCallsCallbackOnce: work that ends
  // in an action is an effect; `send`'s task reports its end exactly once.
  @Test func anAsyncActionCreatorIsAnEffectWhoseTaskEndsOnce() async {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        state = action
        return action == 1 ? .run { send in await send(5) } : .none
      })
    let task = store.send(1)
    await task.finish()
    #expect(store.state == 5)
    #expect(!task.isRunning)
    await task.finish()
    #expect(store.state == 5)
  }
}
