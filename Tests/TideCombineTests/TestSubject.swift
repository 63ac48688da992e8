#if Combine
import Synchronization
import TideCombine

/// A subject a test sends through and a reducer or a service subscribes to, counting the
/// subscriptions made and cancelled.
///
/// `@unchecked Sendable`: its one property that is not Sendable is a `PassthroughSubject`, which
/// guards its subscribers with its own lock (OpenCombine's and Combine's subjects may be sent
/// to and subscribed to from any thread); the counters are atomics.
final class TestSubject<Output>: @unchecked Sendable {
  private let subject = PassthroughSubject<Output, Never>()
  private let cancelled = Atomic(0)
  private let subscribed = Atomic(0)

  /// How many times `publisher()` was subscribed to.
  var subscriptions: Int { subscribed.load(ordering: .acquiring) }

  /// How many subscriptions to `publisher()` were cancelled.
  var cancellations: Int { cancelled.load(ordering: .acquiring) }

  func publisher() -> AnyPublisher<Output, Never> {
    subject
      .handleEvents(
        receiveSubscription: { [self] _ in subscribed.add(1, ordering: .releasing) },
        receiveCancel: { [self] in cancelled.add(1, ordering: .releasing) })
      .eraseToAnyPublisher()
  }

  func send(_ value: Output) { subject.send(value) }
  func finish() { subject.send(completion: .finished) }
}
#endif
