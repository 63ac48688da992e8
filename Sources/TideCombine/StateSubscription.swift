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
///
/// Its code runs generic and unspecialized (Combine's generic `subscribe` calls it), so the
/// subscriber and a held-back value are kept in class boxes behind `AnyObject` references: an
/// optional of those is handled as a pointer, where an optional of a generic value, or of a
/// generic class, has its type metadata looked up at run time at every use. That lookup made a
/// value delivered through `sink` cost 2.8 times what it costs now (docs/Measurements.md).
final class StateSubscription<Value, Downstream: Subscriber>: Subscription, @unchecked Sendable
where Downstream.Input == Value, Downstream.Failure == Never {
  /// `@unchecked Sendable` for the same reason as the subscription: it is handed out of the
  /// lock only on the main actor, and its subscriber is called only there.
  private final class Receiver: @unchecked Sendable {
    let downstream: Downstream
    init(_ downstream: Downstream) { self.downstream = downstream }
  }

  /// `@unchecked Sendable`: made from a value the store observed on the main actor and read
  /// only there, to deliver it.
  private final class Held: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
  }

  private let lock = Mutex(())
  /// The subscriber's `Receiver`, until cancelled.
  private var receiver: (any AnyObject & Sendable)?
  private var demand = Subscribers.Demand.none
  /// The newest value that came while the subscriber asked for none, in a `Held`.
  private var pending: (any AnyObject & Sendable)?
  /// The observation, which keeps the store alive until it is released: the subscription's
  /// only reference to it, so releasing it ends the observation.
  private var token: ObservationToken?

  init(_ downstream: Downstream) {
    self.receiver = Receiver(downstream)
  }

  /// Observes the store; the observation calls back at once with the value now.
  @MainActor
  func start(_ observe: @MainActor (@escaping (Value) -> Void) -> ObservationToken) {
    guard lock.withLock({ _ in receiver != nil }) else { return }
    let token = observe { [weak self] value in self?.deliver(value) }
    let kept = lock.withLock { _ in
      if receiver != nil { self.token = token }
      return receiver != nil
    }
    // Cancelled during the first value: nothing holds the observation.
    if !kept { token.cancel() }
  }

  @MainActor
  private func deliver(_ value: Value) {
    let next = lock.withLock { _ in takeDemand(holding: value) }
    guard let next else { return }
    let more = unsafeDowncast(next, to: Receiver.self).downstream.receive(value)
    if more != .none { lock.withLock { _ in demand += more } }
  }

  /// Under `lock`: the receiver if it asked for a value, using up one of its demand; otherwise
  /// `nil`, holding `value` back if it is still subscribed.
  private func takeDemand(holding value: Value) -> (any AnyObject & Sendable)? {
    guard let current = receiver else { return nil }
    guard demand > 0 else {
      pending = Held(value)
      return nil
    }
    demand -= 1
    if pending != nil { pending = nil }
    return current
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
    if let held = lock.withLock({ _ in pending.take() }) { deliver(unsafeDowncast(held, to: Held.self).value) }
  }

  /// Ends the subscription and releases its observation, which lets the store go: at once when
  /// cancelled on the main actor, where the observation lives (an `ObservationToken` ends in its
  /// isolated deinit), and on the main actor's next turn when cancelled elsewhere.
  func cancel() {
    let token = lock.withLock { _ in
      receiver = nil
      pending = nil
      return self.token.take()
    }
    // The last reference: the token's isolated deinit ends the observation and releases the
    // store, run here when this is the main actor and scheduled there otherwise.
    _ = consume token
  }
}
#endif
