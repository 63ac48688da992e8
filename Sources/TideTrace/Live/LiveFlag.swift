import Synchronization

/// A flag one thread sets and others read, shared by reference with a thread's closure (an
/// `Atomic` itself cannot be captured: it is not copyable).
final class LiveFlag: Sendable {
  private let value = Atomic<Bool>(false)

  var isSet: Bool { value.load(ordering: .acquiring) }

  /// Sets the flag; whether it was set already.
  @discardableResult
  func set() -> Bool { value.exchange(true, ordering: .acquiringAndReleasing) }
}
