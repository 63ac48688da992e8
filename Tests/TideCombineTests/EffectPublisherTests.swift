#if Combine
import Synchronization
import Testing
import Tide
import TideCombine
import TideTestSupport
import TideTesting

/// What a Combine user relies on from `Effect.publisher`: every action in order, a subscription
/// that ends when the effect is cancelled, and an effect that ends when its publisher does.
@MainActor
@Suite("TideCombine: effects from publishers")
struct EffectPublisherTests {
  struct State: Equatable, Sendable {
    var received: [Int] = []
  }

  enum Action: Equatable, Sendable {
    case loadAll
    case listen
    case stopListening
    case greet
    case value(Int)
    case countUntilCancelled
    case counted(Int)
  }

  private enum CancelID { case listening, counting }

  static func reducer(feed: TestSubject<Action>) -> Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .loadAll:
        return .publisher([1, 2, 3].publisher.map(Action.value))
      case .listen:
        return .publisher(feed.publisher()).cancellable(id: CancelID.listening)
      case .stopListening:
        return .cancel(id: CancelID.listening)
      case .greet:
        return .publisher(Just(.value(0)))
      case .value(let value):
        state.received.append(value)
        return .none
      case .countUntilCancelled:
        return .publisher([1, 2, 3].publisher.map(Action.counted)).cancellable(id: CancelID.counting)
      case .counted(let value):
        state.received.append(value)
        return value == 1 ? .cancel(id: CancelID.counting) : .none
      }
    }
  }

  @Test(.hangLimit)
  func everyPublishedActionIsSentInOrderAndTheEffectFinishesWithThePublisher() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer(feed: TestSubject()))
    await store.send(.loadAll)
    await store.receive(.value(1)) { $0.received = [1] }
    await store.receive(.value(2)) { $0.received = [1, 2] }
    await store.receive(.value(3)) { $0.received = [1, 2, 3] }
    await store.finish()
  }

  @Test(.hangLimit)
  func aPublisherThatSendsOnSubscriptionSendsWhenTheEffectStarts() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer(feed: TestSubject()))
    await store.send(.greet)
    await store.receive(.value(0)) { $0.received = [0] }
    await store.finish()
  }

  @Test(.hangLimit)
  func theEffectRunsUntilThePublisherFinishes() async {
    let feed = TestSubject<Action>()
    let store = TestStore(initialState: State(), reducer: Self.reducer(feed: feed))
    await store.send(.listen)
    #expect(feed.subscriptions == 1, "subscribed when the effect started, inside send")
    feed.send(.value(7))
    await store.receive(.value(7)) { $0.received = [7] }
    feed.send(.value(8))
    await store.receive(.value(8)) { $0.received = [7, 8] }
    feed.finish()
    await store.finish()
    #expect(feed.cancellations == 0, "a publisher that finished is not cancelled")
  }

  @Test(.hangLimit)
  func cancellingTheEffectByItsIDCancelsTheSubscription() async {
    let feed = TestSubject<Action>()
    let store = TestStore(initialState: State(), reducer: Self.reducer(feed: feed))
    await store.send(.listen)
    feed.send(.value(1))
    await store.receive(.value(1)) { $0.received = [1] }
    await store.send(.stopListening)
    #expect(feed.cancellations == 1)
    feed.send(.value(2))
    // Exhaustive: an action sent after the cancellation would fail `finish` as unexpected.
    await store.finish()
  }

  @Test(.hangLimit)
  func actionsAlreadyPublishedAreDroppedWhenTheEffectIsCancelled() async {
    let store = TestStore(initialState: State(), reducer: Self.reducer(feed: TestSubject()))
    await store.send(.countUntilCancelled)
    // The sequence publishes all three while it is subscribed to; the first one cancels.
    await store.receive(.counted(1)) { $0.received = [1] }
    // Exhaustive: `.counted(2)` or `.counted(3)` would fail `finish` as unexpected.
    await store.finish()
  }

  @Test func releasingTheStoreCancelsTheSubscription() {
    let feed = TestSubject<Action>()
    do {
      let store = Store(initialState: State(), reducer: Self.reducer(feed: feed))
      store.send(.listen)
      #expect(feed.subscriptions == 1)
    }
    #expect(feed.cancellations == 1, "the store's effects end with it, and the subscription with them")
  }
}
#endif
