#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

/// A bounded queue from the main actor to the trace writer's thread.
///
/// Sending appends under a lock into room made once (``capacity`` elements), so the main actor
/// neither allocates nor copies what is queued; the writer takes everything queued at once,
/// handing back its emptied room, so a burst costs one wake-up. When the writer falls
/// ``capacity`` elements behind, a send waits for it: memory stays bounded (a replay queued
/// every state of a million actions, 786 MB) and a faster producer is held to the writer's pace.
/// A live app never gets that far ahead, so its keys never wait.
@usableFromInline
final class TraceChannel<Element: Sendable>: Sendable {
  @usableFromInline struct Queue {
    @usableFromInline var items: [Element] = []
    @usableFromInline var isClosed = false
    /// The writer sleeps on ``TraceChannel/ready`` until a send or close wakes it.
    @usableFromInline var isReceiverWaiting = false
    /// Senders sleeping on ``TraceChannel/room`` until the writer takes what is queued.
    @usableFromInline var waitingSenders = 0

    init() {}
  }

  @usableFromInline let queue = Mutex(Queue())
  /// Whether ``Queue/items`` may hold something, read without the lock while the receiver
  /// waits for the next element: looking under the lock would make the sender wait for it.
  @usableFromInline let mayHaveItems = Atomic<Bool>(false)
  /// Signalled when something is queued for a waiting receiver, or the channel closed.
  @usableFromInline let ready = DispatchSemaphore(value: 0)
  /// Signalled when the receiver took what a waiting sender could not add to.
  @usableFromInline let room = DispatchSemaphore(value: 0)
  /// How many elements may wait for the writer.
  @usableFromInline let capacity: Int

  init(capacity: Int = 2048) {
    self.capacity = max(1, capacity)
    queue.withLock { $0.items.reserveCapacity(self.capacity) }
  }

  /// Queues `element`, waiting while ``capacity`` elements are queued; after ``close()`` it is
  /// dropped. Inlinable, as ``TraceRecorder/reduced(_:state:)`` is.
  @inlinable
  func send(_ element: consuming Element) {
    // Moved into the queue, not copied, once there is room.
    var element = Optional(element)
    while true {
      let outcome: SendOutcome = queue.withLock { queue in
        guard !queue.isClosed else { return .dropped }
        guard queue.items.count < capacity else {
          queue.waitingSenders += 1
          return .full
        }
        queue.items.append(element.take()!)
        mayHaveItems.store(true, ordering: .releasing)
        guard queue.isReceiverWaiting else { return .queued }
        queue.isReceiverWaiting = false
        return .wakeReceiver
      }
      switch outcome {
      case .dropped, .queued: return
      case .wakeReceiver:
        ready.signal()
        return
      case .full:
        room.wait()
      }
    }
  }

  @usableFromInline enum SendOutcome { case dropped, queued, wakeReceiver, full }

  /// No more elements: the receiver gets what is queued, then `nil`.
  func close() {
    let wake = queue.withLock { queue in
      queue.isClosed = true
      mayHaveItems.store(true, ordering: .releasing)
      defer { queue.isReceiverWaiting = false }
      return queue.isReceiverWaiting
    }
    if wake { ready.signal() }
  }

  /// Everything queued since the last call, in `batch` (whose elements are removed first, its
  /// room kept and handed to the senders), waiting for at least one; `false` once closed and
  /// drained. One receiver only, on a thread of its own: it blocks.
  func receive(into batch: inout [Element]) -> Bool {
    batch.removeAll(keepingCapacity: true)
    if batch.capacity < capacity { batch.reserveCapacity(capacity) }
    // A few tries before sleeping: in a replay the next action comes within microseconds, and
    // catching it costs less than a wake-up per action.
    var spins = 0
    while true {
      if spins > 0, spins < Self.spinLimit, !mayHaveItems.load(ordering: .acquiring) {
        spins += 1
        sched_yield()
        continue
      }
      let outcome: ReceiveOutcome = queue.withLock { queue in
        if !queue.items.isEmpty {
          mayHaveItems.store(false, ordering: .relaxed)
          swap(&queue.items, &batch)
          defer { queue.waitingSenders = 0 }
          return .received(wakingSenders: queue.waitingSenders)
        }
        if queue.isClosed { return .closed }
        if spins < Self.spinLimit { return .empty }
        queue.isReceiverWaiting = true
        return .sleep
      }
      switch outcome {
      case .received(let senders):
        for _ in 0..<senders { room.signal() }
        return true
      case .closed: return false
      case .empty:
        spins += 1
        sched_yield()
      case .sleep:
        ready.wait()
        spins = 0
      }
    }
  }

  private enum ReceiveOutcome { case received(wakingSenders: Int), closed, empty, sleep }

  /// How many times ``receive(into:)`` looks again before sleeping.
  private static var spinLimit: Int { 64 }
}
