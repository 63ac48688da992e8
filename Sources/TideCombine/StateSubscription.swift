#if Combine
import Synchronization
import Tide

/// One subscriber's observation of a store: forwards the observed values as its demand allows,
/// keeping the newest one it has not asked for yet.
///
/// `@unchecked Sendable`: every stored property is read and written only while holding `lock`,
/// and the subscriber is called only on the main actor (values come from a store's observer,
/// which runs there, and a value held back for lack of demand is delivered there too), so its
/// calls are serialized as Combine requires. `request` and `cancel` may come from any thread.
final class StateSubscription<Value, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Value, Downstream.Failure == Never {
  private let lock = Mutex(())
  private var downstream: Downstream?
  private var demand = Subscribers.Demand.none
  /// The newest value that came while the subscriber asked for none.
  private var pending: Value?
  /// The observation, which keeps the store alive until it is released: the subscription's
  /// only reference to it, so releasing it ends the observation.
  private var token: ObservationToken?

  init(_ downstream: Downstream) {
    self.downstream = downstream
  }

  /// Observes the store; the observation calls back at once with the value now.
  @MainActor
  func start(_ observe: @MainActor (@escaping (Value) -> Void) -> ObservationToken) {
    guard lock.withLock({ _ in downstream != nil }) else { return }
    let token = observe { [weak self] value in self?.deliver(value) }
    let kept = lock.withLock { _ in
      if downstream != nil { self.token = token }
      return downstream != nil
    }
    // Cancelled during the first value: nothing holds the observation.
    if !kept { token.cancel() }
  }

  @MainActor
  private func deliver(_ value: Value) {
    let receiver: Downstream? = lock.withLock { _ in
      guard let downstream else { return nil }
      guard demand > 0 else {
        pending = value
        return nil
      }
      demand -= 1
      pending = nil
      return downstream
    }
    guard let receiver else { return }
    let more = receiver.receive(value)
    lock.withLock { _ in demand += more }
  }

  /// Adds to the demand; a value held back for lack of it is delivered before this returns when
  /// asked on the main actor (a subscriber asking there expects it at once, as from any other
  /// publisher whose value is ready), and on the main actor's next turn when asked elsewhere.
  func request(_ demand: Subscribers.Demand) {
    let hasPending = lock.withLock { _ in
      self.demand += demand
      return pending != nil
    }
    guard hasPending else { return }
    if MainActorCheck.isOnMainActor {
      MainActor.assumeIsolated { deliverPending() }
    } else {
      Task { @MainActor in self.deliverPending() }
    }
  }

  @MainActor
  private func deliverPending() {
    if let held = lock.withLock({ _ in pending.take() }) { deliver(held) }
  }

  /// Ends the subscription and releases its observation, which lets the store go: at once when
  /// cancelled on the main actor, where the observation lives (an `ObservationToken` ends in its
  /// isolated deinit), and on the main actor's next turn when cancelled elsewhere.
  func cancel() {
    let token = lock.withLock { _ in
      downstream = nil
      pending = nil
      return self.token.take()
    }
    // The last reference: the token's isolated deinit ends the observation and releases the
    // store, run here when this is the main actor and scheduled there otherwise.
    _ = consume token
  }
}
#endif
