#if Combine
import Foundation

/// The publisher an effect subscribes to once, when it starts, and the subscription that any
/// thread may cancel: a Sendable home for a publisher (Combine's are not marked Sendable).
///
/// `@unchecked Sendable`: its three fields are read and written only while holding `lock`. The
/// publisher is taken out under the lock by the one call that subscribes to it, which runs on
/// the store's actor as the effect starts (an effect's body begins there), where the reducer or
/// middleware that made the publisher ran; from then on only the subscription is touched, and
/// `AnyCancellable.cancel()` may be called from any thread, as Combine documents.
final class PublisherSource<Upstream: Publisher>: @unchecked Sendable where Upstream.Failure == Never {
  private let lock = NSLock()
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
    lock.lock()
    let upstream = self.upstream.take()
    lock.unlock()
    guard let upstream else { return }
    let subscription = upstream.sink(receiveCompletion: { _ in receiveCompletion() }, receiveValue: receiveValue)
    lock.lock()
    let cancelledMeanwhile = isCancelled
    if !cancelledMeanwhile { self.subscription = subscription }
    lock.unlock()
    if cancelledMeanwhile { subscription.cancel() }
  }

  /// Cancels the subscription, or the one about to be made.
  func cancel() {
    lock.lock()
    isCancelled = true
    upstream = nil
    let subscription = self.subscription.take()
    lock.unlock()
    subscription?.cancel()
  }
}
#endif
