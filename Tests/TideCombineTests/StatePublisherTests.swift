#if Combine
import Testing
import Tide
import TideCombine
import TideTestSupport

/// What a Combine user relies on from `Store.publisher`: the value now at once, each change
/// after, no repeats where they can be told apart, and a subscription that lasts until cancelled.
@MainActor
@Suite("TideCombine: the store's state as a publisher")
struct StatePublisherTests {
  struct Counter: Equatable, Sendable {
    var count = 0
    var label = ""
  }

  enum Action: Sendable {
    case increment
    case rename(String)
    case nothing
  }

  /// A state that cannot be compared, so every drained round is published.
  struct Uncomparable: Sendable {
    var count = 0
  }

  static let counter = Reduce<Counter, Action> { state, action in
    switch action {
    case .increment: state.count += 1
    case .rename(let label): state.label = label
    case .nothing: break
    }
    return .none
  }

  @Test func theStateNowIsPublishedAtOnceThenEachChange() {
    let store = Store(initialState: Counter(), reducer: Self.counter)
    var counts: [Int] = []
    let subscription = store.publisher.map(\.count).sink { counts.append($0) }
    #expect(counts == [0])
    store.send(.increment)
    store.send(.increment)
    #expect(counts == [0, 1, 2])
    subscription.cancel()
  }

  @Test func anEquatableStateIsNotPublishedAgainWhenARoundLeavesItEqual() {
    let store = Store(initialState: Counter(), reducer: Self.counter)
    var states: [Counter] = []
    let subscription = store.publisher.sink { states.append($0) }
    store.send(.nothing)
    store.send(.increment)
    store.send(.nothing)
    #expect(states == [Counter(), Counter(count: 1)])
    subscription.cancel()
  }

  @Test func aStateThatCannotBeComparedIsPublishedEveryRound() {
    let store = Store(
      initialState: Uncomparable(),
      reducer: Reduce<Uncomparable, Action> { state, action in
        if case .increment = action { state.count += 1 }
        return .none
      })
    var counts: [Int] = []
    let subscription = store.publisher.sink { counts.append($0.count) }
    store.send(.nothing)
    store.send(.increment)
    #expect(counts == [0, 0, 1])
    subscription.cancel()
  }

  @Test func aSelectedValueIsPublishedOnlyWhenItChanges() {
    let store = Store(initialState: Counter(), reducer: Self.counter)
    var labels: [String] = []
    var isAboveOne: [Bool] = []
    let subscriptions = [
      store.publisher(\.label).sink { labels.append($0) },
      store.publisher { $0.count > 1 }.sink { isAboveOne.append($0) },
    ]
    store.send(.increment)
    store.send(.rename("a"))
    store.send(.increment)
    store.send(.increment)
    store.send(.rename("a"))
    #expect(labels == ["", "a"])
    #expect(isAboveOne == [false, true])
    for subscription in subscriptions { subscription.cancel() }
  }

  @Test func theSubscriptionKeepsTheStoreAliveUntilItIsCancelledThenLetsItGoAtOnce() {
    weak var released: Store<Counter, Action>?
    var counts: [Int] = []
    let subscription: AnyCancellable
    do {
      let store = Store(initialState: Counter(), reducer: Self.counter)
      released = store
      subscription = store.publisher(\.count).sink { counts.append($0) }
    }
    #expect(released != nil, "a view that keeps only its cancellables keeps the store it watches")
    released?.send(.increment)
    #expect(counts == [0, 1])
    subscription.cancel()
    #expect(released == nil, "a cancelled subscription lets the store go at once")
  }

  @Test(.hangLimit)
  func cancelledOffTheMainActorTheSubscriptionLetsTheStoreGoOnTheMainActor() async {
    let storeEnded: AsyncStream<Int>
    let subscription: AnyThread<AnyCancellable>
    do {
      let store = Store(initialState: Counter(), reducer: Self.counter)
      // A stream of values ends when its store is released, and does not keep it.
      storeEnded = store.values(\.count)
      subscription = AnyThread(store.publisher(\.count).sink { _ in })
    }
    await Task.detached { subscription.wrapped.cancel() }.value
    // Waited for, not slept on: the stream ends when the store is let go.
    for await _ in storeEnded {}
  }

  @Test func releasingTheCancellableOfTheWholeStateLetsTheStoreGoAtOnce() {
    weak var released: Store<Counter, Action>?
    var states: [Counter] = []
    var subscription: AnyCancellable?
    do {
      let store = Store(initialState: Counter(), reducer: Self.counter)
      released = store
      subscription = store.publisher.sink { states.append($0) }
    }
    released?.send(.increment)
    #expect(states == [Counter(), Counter(count: 1)])
    subscription = nil
    #expect(released == nil, "a released subscription lets the store go at once")
    _ = subscription
  }

  @Test func releasingTheCancellableEndsTheSubscription() {
    let store = Store(initialState: Counter(), reducer: Self.counter)
    var counts: [Int] = []
    var subscription: AnyCancellable? = store.publisher(\.count).sink { counts.append($0) }
    store.send(.increment)
    subscription = nil
    store.send(.increment)
    #expect(counts == [0, 1])
    _ = subscription
  }

  @Test func aSubscriberCancelledDuringTheFirstValueHearsNothingMore() {
    let store = Store(initialState: Counter(), reducer: Self.counter)
    var counts: [Int] = []
    store.publisher(\.count).prefix(1).sink { counts.append($0) }.cancel()
    store.send(.increment)
    #expect(counts == [0])
  }

  @Test func aSubscriberThatAsksForLessIsGivenTheNewestValueAtOnceWhenItAsksAgain() {
    let store = Store(initialState: Counter(), reducer: Self.counter)
    let subscriber = OneAtATime<Int>()
    store.publisher(\.count).subscribe(subscriber)
    #expect(subscriber.values == [0])
    store.send(.increment)
    store.send(.increment)
    #expect(subscriber.values == [0], "no value is pushed past the demand")
    subscriber.askForOne()
    #expect(subscriber.values == [0, 2], "asked on the main actor, the newest value comes before request returns")
    store.send(.increment)
    #expect(subscriber.values == [0, 2], "the demand was used up")
    subscriber.cancel()
  }

  @Test(.hangLimit)
  func aValueAskedForOffTheMainActorIsDeliveredOnTheMainActor() async {
    let store = Store(initialState: Counter(), reducer: Self.counter)
    let subscriber = OneAtATime<Int>()
    store.publisher(\.count).subscribe(subscriber)
    store.send(.increment)
    let subscription = AnyThread(subscriber.subscription!)
    let delivered = await withCheckedContinuation { continuation in
      subscriber.onValue = { _ in
        MainActor.assertIsolated("a store's values are delivered on the main actor")
        continuation.resume(returning: subscriber.values)
      }
      Task.detached { subscription.wrapped.request(.max(1)) }
    }
    #expect(delivered == [0, 1])
    subscriber.cancel()
  }
}

/// A subscription or a cancellable handed to another thread, to ask for more or cancel there.
///
/// `@unchecked Sendable`: Combine lets a subscription be asked for more, and a subscription or
/// an `AnyCancellable` be cancelled, from any thread (its protocols predate Sendable); nothing
/// else is called on `wrapped` here, and it is never reassigned.
struct AnyThread<Wrapped>: @unchecked Sendable {
  let wrapped: Wrapped
  init(_ wrapped: Wrapped) { self.wrapped = wrapped }
}

/// A subscriber that asks for one value at the start and then only when told.
final class OneAtATime<Value>: Subscriber {
  typealias Input = Value
  typealias Failure = Never

  private(set) var values: [Value] = []
  private(set) var subscription: (any Subscription)?
  /// Called with each value after it is recorded.
  var onValue: (Value) -> Void = { _ in }
  let combineIdentifier = CombineIdentifier()

  func receive(subscription: any Subscription) {
    self.subscription = subscription
    subscription.request(.max(1))
  }

  func receive(_ input: Value) -> Subscribers.Demand {
    values.append(input)
    onValue(input)
    return .none
  }

  func receive(completion: Subscribers.Completion<Never>) {}

  func askForOne() { subscription?.request(.max(1)) }
  func cancel() { subscription?.cancel() }
}
#endif
