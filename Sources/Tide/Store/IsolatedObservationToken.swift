/// Keeps an observation of an ``IsolatedStore`` or a ``StoreActor`` alive until ``cancel()`` is
/// called or the token is released; it lives on the store's actor, as the store does (it is not
/// `Sendable`), so its release removes the observer there.
public final class IsolatedObservationToken {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  deinit {
    onCancel?()
  }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  /// Whether the observation has been cancelled.
  public var isCancelled: Bool { onCancel == nil }
}
