import Synchronization

/// A queue from the main actor to the trace writer: sending appends under a lock and never
/// waits; the writer takes everything queued at once, so a burst of actions costs one wake-up.
final class TraceChannel<Element: Sendable>: Sendable {
  private struct Queue {
    var items: [Element] = []
    var waiter: CheckedContinuation<[Element]?, Never>?
    var isClosed = false
  }

  private let queue = Mutex(Queue())
  /// The room made for queued elements at once.
  private static var burst: Int { 64 }

  /// Queues `element`; after ``close()`` it is dropped.
  func send(_ element: Element) {
    let wake: (CheckedContinuation<[Element]?, Never>, [Element])? = queue.withLock { queue in
      guard !queue.isClosed else { return nil }
      // Room for a burst at once: growing an array of states by doubling copies them over and over.
      if queue.items.capacity == 0 { queue.items.reserveCapacity(Self.burst) }
      queue.items.append(element)
      guard let waiter = queue.waiter else { return nil }
      queue.waiter = nil
      defer { queue.items = [] }
      return (waiter, queue.items)
    }
    if let (waiter, items) = wake { waiter.resume(returning: items) }
  }

  /// No more elements: the writer gets what is queued, then `nil`.
  func close() {
    let waiter = queue.withLock { queue in
      queue.isClosed = true
      defer { queue.waiter = nil }
      return queue.waiter
    }
    waiter?.resume(returning: nil)
  }

  /// Everything queued since the last call, waiting for at least one; `nil` once closed and
  /// drained. One reader only.
  func next() async -> [Element]? {
    await withCheckedContinuation { continuation in
      let ready: [Element]?? = queue.withLock { queue in
        if !queue.items.isEmpty {
          defer { queue.items = [] }
          return .some(queue.items)
        }
        if queue.isClosed { return .some(nil) }
        queue.waiter = continuation
        return nil
      }
      if let ready { continuation.resume(returning: ready) }
    }
  }
}
