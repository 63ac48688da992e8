#if Combine
import Tide

/// A store's state, or a value read from it, as a Combine publisher: the value now, then each
/// change. Made by `store.publisher` and `store.publisher(_:)`.
///
/// It never fails, and never finishes: a subscription keeps its store alive, as every Combine
/// subscription keeps its upstream and as an `ObservationToken` does, so the store cannot go
/// away under it, and a view that keeps only its cancellables keeps the store it watches.
/// Cancel the subscription (or release its `AnyCancellable`) to end it: on the main actor the
/// store is let go before `cancel()` returns; cancelled elsewhere, on the main actor's next turn.
///
/// Subscribe on the main actor, where the store runs: the value now is delivered during the
/// subscription, and each change on the main actor when the store has drained its actions.
/// A subscriber that asks for fewer values than come (not `sink` or `assign`, which take all)
/// is given the newest value when it asks again, before `request` returns when it asks on the
/// main actor; the values in between are skipped.
public struct StatePublisher<Value>: Publisher {
  /// The state, or the value read from it.
  public typealias Output = Value
  /// A store's state cannot fail to be read.
  public typealias Failure = Never

  /// Starts an observation of the store that calls its argument with each value.
  let observe: @MainActor (@escaping (Value) -> Void) -> ObservationToken

  init(observe: @escaping @MainActor (@escaping (Value) -> Void) -> ObservationToken) {
    self.observe = observe
  }

  /// Starts observing the store for `subscriber`, which receives the value now before this
  /// returns. Call it on the main actor (Combine's `subscribe`, `sink` and `assign` call it).
  public func receive<Downstream: Subscriber>(subscriber: Downstream)
  where Downstream.Input == Value, Downstream.Failure == Never {
    precondition(
      MainActorCheck.isOnMainActor,
      "Subscribe to a store's publisher on the main actor, where the store runs: use receive(on:) after it, not subscribe(on:).")
    let subscription = StateSubscription(subscriber)
    subscriber.receive(subscription: subscription)
    let observe = observe
    MainActor.assumeIsolated { subscription.start(observe) }
  }
}
#endif
