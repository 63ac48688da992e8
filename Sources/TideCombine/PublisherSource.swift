#if Combine
import Synchronization

/// The publisher an effect subscribes to once, when it starts, and the subscription that any
/// thread may cancel: a Sendable home for a publisher (Combine's are not marked Sendable).
///
/// `@unchecked Sendable`: its three fields are read and written only while holding `lock`. The
/// publisher is taken out under the lock by the one call that subscribes to it, which runs on
/// the store's actor as the effect starts (an effect's body begins there), where the reducer or
/// middleware that made the publisher ran; from then on only the subscription is touched, and
/// `AnyCancellable.cancel()` may be called from any thread, as Combine documents. What the
/// pipeline's operators do when its upstream publishes is Combine's contract, as anywhere: they
/// run on the thread the upstream publishes on.
final class PublisherSource<Upstream: Publisher>: @unchecked Sendable where Upstream.Failure == Never {
  private let lock = Mutex(())
  private var upstream: Upstream?
  private var subscription: AnyCancellable?
  private var isCancelled = false

  init(_ upstream: Upstream) {
    self.upstream = upstream
  }

  /// Subscribes to the publisher, unless the effect was cancelled first (then this does
  /// nothing and `receiveCompletion` is not called).
  func subscribe(
    receiveValue: @escaping @Sendable (Upstream.Output) -> Void,
    receiveCompletion: @escaping @Sendable () -> Void
  ) {
    guard let upstream = lock.withLock({ _ in self.upstream.take() }) else { return }
    let subscription = upstream.sink(receiveCompletion: { _ in receiveCompletion() }, receiveValue: receiveValue)
    let cancelledMeanwhile = lock.withLock { _ in
      if !isCancelled { self.subscription = subscription }
      return isCancelled
    }
    if cancelledMeanwhile { subscription.cancel() }
  }

  /// Cancels the subscription, or the one about to be made.
  func cancel() {
    let subscription = lock.withLock { _ in
      isCancelled = true
      upstream = nil
      return self.subscription.take()
    }
    subscription?.cancel()
  }
}
#endif
