import Synchronization

/// The shared timer queues, by clock and actor: where a store finds the ``TimerQueue`` its
/// timer entries wait in.
///
/// Queues are held weakly: a queue lives as long as a store using it, so a test's clock and its
/// queue go away with the test. A queue holds its clock, so that identifier cannot be reused
/// while its queue is alive; it holds its actor unowned (the actor holds the stores), so the
/// key names the actor's type as well as its address.
///
/// A server creates stores on many actors — one per session — and so one queue per actor.
/// Released queues are dropped from the table once it has doubled since the last time: each
/// new queue costs amortised O(1), where a scan of the table at every new queue made creating
/// 10,000 sessions quadratic under this one lock.
package final class TimerQueueTable: Sendable {
  private struct Key: Hashable {
    let clock: ObjectIdentifier
    let home: ObjectIdentifier
    /// The actor's type too: a queue holds its actor unowned, so a queue kept past its actor
    /// (by a leaked send holding a store's engine) must never be handed to another actor
    /// made at the same address — of another type, whose witnesses the queue would misuse.
    let homeType: ObjectIdentifier
  }

  private final class WeakQueue: @unchecked Sendable {
    // @unchecked: `queue` is read and written only under the table's mutex.
    /// Held as the existential a store keeps, so a store finding it hands it on as it is: no
    /// cast to the queue's generic type, whose metadata and conformance were looked up at run
    /// time for every store made (issue 27).
    weak var queue: (any TimerScheduling)?
    init(_ queue: any TimerScheduling) { self.queue = queue }
  }

  private struct Storage {
    var byKey: [Key: WeakQueue] = [:]
    /// The size at which the table next drops its released queues.
    var pruneAt = TimerQueueTable.smallestPrune
    /// Entries looked at by pruning, ever: what keeps creation linear, counted for its tests.
    var pruneVisits = 0
    /// The queue found last: stores are mostly made one after another on one clock and actor,
    /// and comparing two identifiers costs less than hashing them into the table.
    var last: (key: Key, queue: WeakQueue)?
  }

  private static let smallestPrune = 16

  /// The table every store of the process uses.
  static let process = TimerQueueTable()

  private let storage = Mutex(Storage())

  package init() {}

  /// The queues in the table, released ones not yet dropped included.
  package var count: Int { storage.withLock { $0.byKey.count } }

  /// How many entries pruning has looked at so far.
  package var pruneVisits: Int { storage.withLock { $0.pruneVisits } }

  /// The queue of `clock` and `home`: shared by every store on them when the clock is a class
  /// (one instance, one time) or `ContinuousClock`/`SuspendingClock`; a queue of its own for a
  /// clock value of another type, whose values may each keep their own time.
  package func queue<C: Clock<Duration>>(for clock: C, home: any Actor) -> TimerQueue<C> {
    scheduling(for: clock, home: home) as! TimerQueue<C>
  }

  /// ``queue(for:home:)`` as a store keeps it. The queue found, the common case, is returned
  /// without touching `TimerQueue<C>`: a store's creation pays two identifier comparisons.
  func scheduling<C: Clock<Duration>>(for clock: C, home: any Actor) -> any TimerScheduling {
    let clockIdentity: ObjectIdentifier
    if C.self == ContinuousClock.self || C.self == SuspendingClock.self {
      clockIdentity = ObjectIdentifier(C.self)
    } else if C.self is AnyClass {
      clockIdentity = ObjectIdentifier(clock as AnyObject)
    } else {
      return TimerQueue(clock: clock, home: home)
    }
    let key = Key(clock: clockIdentity, home: ObjectIdentifier(home), homeType: ObjectIdentifier(type(of: home)))
    return storage.withLock { storage in
      if let last = storage.last, last.key == key, let queue = last.queue.queue { return queue }
      if let found = storage.byKey[key], let queue = found.queue {
        storage.last = (key, found)
        return queue
      }
      let queue = TimerQueue(clock: clock, home: home)
      if storage.byKey.count >= storage.pruneAt {
        storage.pruneVisits += storage.byKey.count
        storage.byKey = storage.byKey.filter { $0.value.queue != nil }
        storage.pruneAt = max(Self.smallestPrune, 2 * storage.byKey.count)
      }
      let weakQueue = WeakQueue(queue)
      storage.byKey[key] = weakQueue
      storage.last = (key, weakQueue)
      return queue
    }
  }
}
