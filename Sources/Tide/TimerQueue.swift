import Synchronization

/// The pending time effects of every store that shares one clock and one actor: a heap of
/// (deadline, sequence, entry), earliest first, and one driver task that sleeps on the clock
/// until the earliest deadline and fires what is due, in deadline order, on the actor.
///
/// A pending timer costs an entry here (tens of bytes), not a task; arming one is an insert, and
/// while all wait the only thing asleep is the driver. An entry armed earlier than the driver's
/// wake replaces the driver; one armed later (the common case: a timeout restarted on every
/// change) wakes nothing. Cancelled entries are left in the heap as dead items and skipped, and
/// the heap is rebuilt once more than half of it is dead, so cancelling is O(1) and memory stays
/// proportional to the live entries.
///
/// Queues are shared through ``shared(for:home:)``, keyed by the clock (its instance, or its
/// type for `ContinuousClock` and `SuspendingClock`, whose values all read one time) and the
/// actor the stores run on. Deadlines are offsets from the queue's ``origin``.
final class TimerQueue<C: Clock<Duration>>: TimerScheduling, @unchecked Sendable {
  // @unchecked: `clock` is read only through `Clock`'s methods, which a clock used by several
  // stores' tasks must allow from any thread (the store shares it with its effects the same
  // way); every mutable field is in `storage`, behind the mutex.
  private struct Item {
    let deadline: Duration
    let sequence: UInt64
    let entry: TimerEntry

    static func < (lhs: Item, rhs: Item) -> Bool {
      (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
    }

    var isLive: Bool { entry.queueSequence.load(ordering: .relaxed) == sequence }
  }

  private struct Storage {
    var heap: [Item] = []
    var nextSequence: UInt64 = 0
    var deadItems = 0
    /// The running driver, and the deadline it wakes at (`nil` while it fires).
    var driver: Task<Void, Never>?
    /// Whether a driver runs; each new driver, and each end of one, moves the generation on.
    var isDriving = false
    var driverGeneration: UInt64 = 0
    var driverWake: Duration?
  }

  let clock: C
  let origin: C.Instant
  let home: any Actor
  private let storage = Mutex(Storage())

  fileprivate init(clock: C, home: any Actor) {
    self.clock = clock
    self.origin = clock.now
    self.home = home
  }

  /// The time on the queue's scale now.
  var now: Duration { origin.duration(to: clock.now) }

  func arm(_ entry: TimerEntry, at deadline: Duration) {
    let generation = storage.withLock { storage -> UInt64? in
      storage.nextSequence += 1
      entry.queueSequence.store(storage.nextSequence, ordering: .relaxed)
      Self.push(Item(deadline: deadline, sequence: storage.nextSequence, entry: entry), into: &storage.heap)
      // A driver that wakes by then (or is firing now, and reads the heap again after) will
      // see it.
      if storage.isDriving, storage.driverWake.map({ $0 <= deadline }) ?? true { return nil }
      storage.isDriving = true
      storage.driverGeneration += 1
      storage.driverWake = deadline
      return storage.driverGeneration
    }
    guard let generation else { return }
    // Started outside the lock, and at once when armed on the main actor: the driver is asleep
    // on the clock when `send` returns, as a timer's own task was, so a test clock moved right
    // after finds it there.
    let driver: Task<Void, Never>
    if home === MainActor.shared {
      driver = Task.immediate { @MainActor [self] in await self.drive(generation: generation, isolation: MainActor.shared) }
    } else {
      let home = self.home
      driver = Task { [self] in await self.drive(generation: generation, isolation: home) }
    }
    let replaced = storage.withLock { storage -> Task<Void, Never>? in
      guard storage.driverGeneration == generation else { return driver }
      defer { storage.driver = driver }
      return storage.driver
    }
    replaced?.cancel()
  }

  func disarm(_ entry: TimerEntry) {
    storage.withLock { storage in
      guard entry.queueSequence.exchange(0, ordering: .relaxed) != 0 else { return }
      storage.deadItems += 1
      if storage.deadItems > 64, storage.deadItems * 2 > storage.heap.count {
        storage.heap.removeAll { !$0.isLive }
        storage.deadItems = 0
        Self.heapify(&storage.heap)
      }
    }
  }

  /// The driver: sleeps until the earliest deadline, fires every entry then due, and again,
  /// until the heap is empty or a driver with an earlier wake replaced it.
  private func drive(generation: UInt64, isolation home: isolated any Actor) async {
    while true {
      let wake = storage.withLock { storage -> Duration? in
        guard storage.driverGeneration == generation else { return nil }
        guard let first = storage.heap.first else {
          // Idle: the next arm starts a driver.
          storage.driverGeneration += 1
          storage.isDriving = false
          storage.driver = nil
          storage.driverWake = nil
          return nil
        }
        storage.driverWake = first.deadline
        return first.deadline
      }
      guard let wake else { return }
      // A deadline already reached fires at once: some clocks (swift-clocks' TestClock) park a
      // sleep "until now" until the clock next moves.
      if wake > now {
        do {
          try await clock.sleep(until: origin.advanced(by: wake), tolerance: nil)
        } catch {
          return
        }
      }
      let now = self.now
      while let entry = popDue(notAfter: now, generation: generation) {
        entry.unpark()
        entry.fire()
      }
    }
  }

  /// The earliest live entry due by `now`, taken out of the heap; `nil` when none is due or
  /// this driver was replaced. The driver fires between pops, so no wake is reported before
  /// the driver is awake again (`driverWake` is `nil` meanwhile).
  private func popDue(notAfter now: Duration, generation: UInt64) -> TimerEntry? {
    storage.withLock { storage in
      guard storage.driverGeneration == generation else { return nil }
      storage.driverWake = nil
      while let first = storage.heap.first, first.deadline <= now {
        let item = Self.popFirst(&storage.heap)
        if item.isLive {
          item.entry.queueSequence.store(0, ordering: .relaxed)
          return item.entry
        }
        storage.deadItems -= 1
      }
      return nil
    }
  }

  // MARK: - Heap

  private static func push(_ item: Item, into heap: inout [Item]) {
    heap.append(item)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard heap[child] < heap[parent] else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private static func popFirst(_ heap: inout [Item]) -> Item {
    heap.swapAt(0, heap.count - 1)
    let first = heap.removeLast()
    siftDown(from: 0, in: &heap)
    return first
  }

  private static func siftDown(from start: Int, in heap: inout [Item]) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var smallest = left
      if left + 1 < heap.count, heap[left + 1] < heap[left] { smallest = left + 1 }
      guard heap[smallest] < heap[parent] else { return }
      heap.swapAt(parent, smallest)
      parent = smallest
    }
  }

  private static func heapify(_ heap: inout [Item]) {
    guard heap.count > 1 else { return }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index, in: &heap) }
  }
}

/// The shared timer queues, by clock and actor.
enum TimerQueues {
  private struct Key: Hashable {
    let clock: ObjectIdentifier
    let home: ObjectIdentifier
  }

  private final class WeakQueue: @unchecked Sendable {
    // @unchecked: `queue` is read and written only under `queues`' mutex.
    weak var queue: AnyObject?
    init(_ queue: AnyObject) { self.queue = queue }
  }

  /// Held weakly: a queue lives as long as a store using it, so a test's clock and its queue
  /// go away with the test. A queue holds its clock, so a clock's identifier cannot be reused
  /// while its queue is alive.
  private static let queues = Mutex<[Key: WeakQueue]>([:])

  /// The queue of `clock` and `home`: shared by every store on them when the clock is a class
  /// (one instance, one time) or `ContinuousClock`/`SuspendingClock`; a queue of its own for a
  /// clock value of another type, whose values may each keep their own time.
  static func shared<C: Clock<Duration>>(for clock: C, home: any Actor) -> TimerQueue<C> {
    let clockIdentity: ObjectIdentifier
    if C.self is AnyClass {
      clockIdentity = ObjectIdentifier(clock as AnyObject)
    } else if C.self == ContinuousClock.self || C.self == SuspendingClock.self {
      clockIdentity = ObjectIdentifier(C.self)
    } else {
      return TimerQueue(clock: clock, home: home)
    }
    let key = Key(clock: clockIdentity, home: ObjectIdentifier(home))
    return queues.withLock { queues in
      if let queue = queues[key]?.queue as? TimerQueue<C> { return queue }
      let queue = TimerQueue(clock: clock, home: home)
      if queues.count > 16 { queues = queues.filter { $0.value.queue != nil } }
      queues[key] = WeakQueue(queue)
      return queue
    }
  }
}
