import Synchronization

/// The pending time effects of every store that shares one clock and one actor: a heap of
/// (deadline, sequence, entry), earliest first, and one sleeper task asleep on the clock until
/// the earliest deadline, which then fires what is due, in deadline order, on the actor.
///
/// A pending timer costs an entry here (tens of bytes), not a task; arming one is an insert, and
/// while all wait the only thing asleep is the sleeper. An entry armed earlier than the
/// sleeper's wake replaces the sleeper; one armed later (the common case: a timeout restarted on
/// every change) wakes nothing. Cancelled entries are left in the heap as dead items and
/// skipped, and the heap is rebuilt once more than half of it is dead, so cancelling is O(1) and
/// memory stays proportional to the live entries.
///
/// A sleep is on the clock before the code that caused it goes on: the sleeper is a nonisolated
/// task started with `Task.immediate`, so the clock's `sleep` registers on the caller's thread
/// (at the `send` that armed the entry, or on the actor before the due entries fire) instead of
/// after a hop through the global pool. A test clock moved right after — `TestClock.advance`,
/// which parks a sleep registered late at exactly its time until the clock next moves — always
/// finds it there.
///
/// While a run loop serves the main actor's timers (``MainActorTimers``), the main actor's queue
/// on the continuous clock hands each wake to it instead of starting a sleeper: the loop puts
/// the deadline in its own poll and calls back on the main actor, one wake-up a tick.
///
/// **A clock moved by hand** (swift-clocks' `TestClock`, any clock but the continuous and the
/// suspending one) may be moved past several deadlines before the actor gets to the first: an
/// awaited `TestClock.advance(by:)` does not wait for the stores it wakes, and on a busy machine
/// it has jumped to its target before a timer re-armed its next tick. So there the sleep on the
/// clock is only the signal that the clock moved: once woken, the queue *drains* — it fires the
/// earliest entry due by the clock's reading, then the next, including entries armed meanwhile
/// (a tick re-armed, a delay its reducer started), until none is due; each fires at its own
/// deadline (``FiringInstant``), and only then does the sleeper go back on the clock. Nothing due
/// is ever skipped, fired out of order or at the clock's later reading, whenever the actor gets
/// to it. A sleep the clock took after it had moved to exactly its deadline, which the clock
/// keeps until its next move, is found as it is taken and the entries fired at once.
///
/// Queues are shared through ``TimerQueueTable``, keyed by the clock (its instance, or its
/// type for `ContinuousClock` and `SuspendingClock`, whose values all read one time) and the
/// actor the stores run on. Deadlines are offsets from the queue's ``origin``.
package final class TimerQueue<C: Clock<Duration>>: TimerScheduling, @unchecked Sendable {
  // @unchecked: `clock` is read only through `Clock`'s methods, which a clock used by several
  // stores' tasks must allow from any thread (the store shares it with its effects the same
  // way); every mutable field is in `storage`, behind the mutex.
  let clock: C
  let origin: C.Instant
  /// The actor the queue's entries fire on. Unowned, as a store's clock holds it (see
  /// ``StoreClock/home``): a queue lives as long as a store of that actor keeps it, and is
  /// armed only on the actor; its sleeper holds the actor until it fires or is replaced.
  unowned(unsafe) let home: any Actor
  private let storage = Mutex(TimerQueueStorage())

  /// The queue's origin when a run loop's ``TimerWaker`` may take its wakes: the main actor's
  /// queue on the continuous clock, the one a terminal app's store runs on; else `nil`. Since
  /// the clock's epoch (`sinceEpoch`): each wake adds to it at every tick.
  private let runLoopOrigin: Duration?
  /// ``runLoopOrigin`` when the clock is `ContinuousClock` itself, whose reading ``now`` takes
  /// from the system clock; `nil` for any other, another clock of the same instants included.
  private let systemClockOrigin: Duration?
  /// Whether the clock keeps real time; if not, it is moved by hand and the queue drains.
  let isRealTime: Bool

  init(clock: C, home: any Actor) {
    self.clock = clock
    self.origin = clock.now
    self.home = home
    let onMainActor = ObjectIdentifier(home) == ObjectIdentifier(MainActor.shared)
    runLoopOrigin = onMainActor ? (origin as? ContinuousClock.Instant)?.sinceEpoch : nil
    systemClockOrigin = C.self == ContinuousClock.self ? runLoopOrigin : nil
    isRealTime = C.self == ContinuousClock.self || C.self == SuspendingClock.self
  }

  /// Every lock section of the queue, counted (``EngineLockSections``).
  private func locked<Result: Sendable>(_ body: (inout TimerQueueStorage) -> Result) -> Result {
    EngineLockSections.count()
    return storage.withLock { body(&$0) }
  }

  /// The clock's reading on the queue's scale now.
  var now: Duration {
    // The main actor's continuous-clock queue (the terminal's) reads the system clock itself:
    // the same reading, without a resilient instant and a generic call for each tick.
    if let systemClockOrigin { return ContinuousClock.nowSinceEpoch - systemClockOrigin }
    return origin.duration(to: clock.now)
  }

  var timeNow: Duration {
    if !isRealTime, let deadline = FiringInstant.deadline(on: self) { return deadline }
    return now
  }

  var clockReading: Duration { now }

  func arm(_ entry: TimerEntry, at deadline: Duration) {
    let next = locked { storage -> NextWake? in
      storage.nextSequence += 1
      if entry.queueSequence.exchange(storage.nextSequence, ordering: .relaxed) == 0 {
        storage.liveItems += 1
      } else {
        storage.deadItems += 1
      }
      storage.heap.push(TimerQueueHeap.Item(deadline: deadline, sequence: storage.nextSequence, entry: entry))
      // A drain under way fires it if it is due, or puts the sleeper on the clock for it.
      if storage.draining { return nil }
      if let wake = storage.sleeperWake, wake <= deadline { return nil }
      return wakeNext(at: deadline, in: &storage)
    }
    startSleeper(next)
  }

  func disarm(_ entry: TimerEntry) {
    let idleSleeper = locked { storage -> Task<Void, Never>? in
      guard entry.queueSequence.exchange(0, ordering: .relaxed) != 0 else { return nil }
      storage.liveItems -= 1
      storage.deadItems += 1
      if storage.liveItems == 0 {
        storage.heap.removeAll()
        storage.deadItems = 0
        storage.sleeperGeneration += 1
        storage.sleeperWake = nil
        storage.draining = false
        storage.waker?.wake(at: nil, fire: {})
        storage.waker = nil
        defer { storage.sleeper = nil }
        return storage.sleeper
      }
      if storage.deadItems > 64, storage.deadItems * 2 > storage.heap.count {
        storage.heap.removeDead()
        storage.deadItems = 0
      }
      return nil
    }
    idleSleeper?.cancel()
  }

  private static func nextSleeper(waking wake: Duration, in storage: inout TimerQueueStorage) -> UInt64 {
    storage.sleeperGeneration += 1
    storage.sleeperWake = wake
    return storage.sleeperGeneration
  }

  /// Moves the queue's wake to `wake`, in the caller's lock section: handed to the run loop's
  /// waker right here when one serves this queue (under the lock, so that requests reach it in
  /// generation order, and with no second lock section a tick), else left to a new sleeper task.
  private func wakeNext(at wake: Duration, in storage: inout TimerQueueStorage) -> NextWake {
    let generation = Self.nextSleeper(waking: wake, in: &storage)
    guard let runLoopOrigin, let waker = storage.installedWaker() else {
      return .start(generation: generation, wake: wake)
    }
    storage.waker = waker
    waker.wake(at: ContinuousClock.Instant(sinceEpoch: runLoopOrigin + wake)) { [self] in
      // The main actor's queue holds only main-actor stores: no hop is ever returned.
      for hop in fireDue(generation: generation, isolation: MainActor.shared) { hop.start() }
    }
    defer { storage.sleeper = nil }
    return .handed(replaced: storage.sleeper)
  }

  /// Does what ``wakeNext(at:in:)`` left to do, once the lock is let go.
  private func startSleeper(_ next: NextWake?) {
    switch next {
    case nil: return
    case .handed(let replaced): replaced?.cancel()
    case .start(let generation, let wake): startSleeper(generation: generation, wake: wake, home: home)
    }
  }

  /// Starts the sleeper task of `generation`, asleep on the clock before this returns (unless
  /// `wake` has come already); it replaces (cancels) the one before it. `home` is the queue's
  /// actor, held by the caller.
  private func startSleeper(generation: UInt64, wake: Duration, home: any Actor) {
    // Nonisolated and immediate: runs on this thread up to the clock's suspension, so the sleep
    // is registered now. Its continuation (`fireDue`) is always a job on `home`, never inline,
    // whoever calls — a store on `home`, an effect task arming a sleep, a wait for idle: an
    // immediate task never takes over another actor on the thread that starts it. (A sleep's
    // entry is armed under its own lock, which a firing on this thread would take again.)
    // `home` is held by the sleeper: pending timers keep their actor alive, as a task sleeping
    // for it would.
    let sleeps = wake > now
    let sleeper = Task.immediate { [self] in
      if sleeps {
        do {
          try await clock.sleep(until: origin.advanced(by: wake), tolerance: nil)
        } catch {
          return
        }
      }
      // Entries of stores that live elsewhere (store actors, whose queue is shared) are handed
      // to their stores one after another from here: each hop onto an idle store takes it
      // over on this thread, where a task per entry cost a task's making and scheduling
      // (100,000 store actors' expiries drained in 2.3 s that way).
      if isRealTime {
        for hop in await fireDue(generation: generation, isolation: home) {
          await hop.run()
        }
      } else {
        // One at a time, each fired before the next is taken: what it arms may come due first.
        while let hop = await drainDue(generation: generation, isolation: home) {
          await hop.run()
        }
      }
    }
    let replaced = locked { storage -> Task<Void, Never>? in
      guard storage.sleeperGeneration == generation else { return sleeper }
      storage.waker = nil
      defer { storage.sleeper = sleeper }
      return storage.sleeper
    }
    replaced?.cancel()
    // The sleep is on the clock now, unless the clock takes it later (a clock of the app's
    // that wraps another); read now, a clock short of `wake` will wake it when it passes it.
    if !isRealTime, sleeps { wakeIfOverdue(home: home) }
  }

  /// On a clock moved by hand: drains now if the clock has passed the sleeper's wake. Such a
  /// clock that reached `wake` before it took the sleep keeps it asleep until its next move,
  /// which may never come; a sleeper that does not sleep drains the entries instead (the one
  /// asleep, if the clock does wake it, finds itself replaced). Called once the sleep is taken,
  /// and by each wait of a store for idle (``EffectEngine``), for a clock that took it later
  /// still, whose store keeps the queue's actor alive (see ``TimerScheduling/wakeIfOverdue()``).
  func wakeIfOverdue() {
    wakeIfOverdue(home: home)
  }

  /// ``wakeIfOverdue()`` with the queue's actor, `home`, held by the caller.
  private func wakeIfOverdue(home: any Actor) {
    guard !isRealTime else { return }
    let now = self.now
    let overdue = locked { storage -> (generation: UInt64, wake: Duration)? in
      guard !storage.draining, let wake = storage.sleeperWake, wake <= now else { return nil }
      return (Self.nextSleeper(waking: wake, in: &storage), wake)
    }
    if let overdue { startSleeper(generation: overdue.generation, wake: overdue.wake, home: home) }
  }

  /// The sleeper's wake, on `home`: takes out every entry now due, puts the next sleeper on the
  /// clock for the earliest deadline left, and only then fires the due entries of stores on
  /// `home` in deadline order (queueing those of stores elsewhere with their stores, and
  /// returning the hops that fire them) — so
  /// a test that moves the clock as soon as it sees the first action finds the next sleep
  /// registered. On a real clock; a clock moved by hand drains instead
  /// (``drainDue(generation:isolation:)``).
  ///
  /// One lock section takes them all: an entry cancelled by one fired before it finds its
  /// lifetime cancelled when it fires, and ends without running. An entry fired here stays
  /// parked with its store, at the deadline that came, so it counts as runnable until it
  /// re-arms (which moves its sleeper) or ends (which removes it) — one section of the store's
  /// engine a tick, not two.
  private func fireDue(generation: UInt64, isolation home: isolated any Actor) -> [DueEntriesHop] {
    let now = self.now
    let (due, next) = locked { storage -> ([TimerQueueHeap.Item], NextWake?) in
      guard storage.wakeUp(generation) else { return ([], nil) }
      let due = storage.takeDue(atOrBefore: now)
      guard let first = storage.heap.first else { return (due, nil) }
      return (due, wakeNext(at: first.deadline, in: &storage))
    }
    startSleeper(next)
    var hops: [DueEntriesHop] = []
    for item in due {
      if let hop = item.entry.due(at: nil, firingHereOn: home) { hops.append(hop) }
    }
    return hops
  }

  /// A step of the drain that follows a wake on a clock moved by hand, on `home`: fires the
  /// entries due by the clock's reading, earliest first — each taken only once the one before
  /// has fired, since what that one armed may be due before the rest — at their deadlines.
  /// Returns the hop that fires the first that belongs to a store elsewhere, for the sleeper
  /// to make before it comes back for the next step; `nil` once none is due, with the sleeper
  /// on the clock for the earliest deadline left (or when a newer sleeper took over).
  private func drainDue(generation: UInt64, isolation home: isolated any Actor) -> DueEntriesHop? {
    while true {
      let now = self.now
      let step = locked { storage -> DrainStep in
        guard storage.wakeUp(generation) else { return .over }
        storage.draining = true
        if let item = storage.popDue(atOrBefore: now) {
          // Live (it was popped so), so taken whole here: no cancel can come in between.
          item.entry.queueSequence.store(0, ordering: .relaxed)
          storage.liveItems -= 1
          return .fire(item)
        }
        storage.draining = false
        guard let first = storage.heap.first else { return .over }
        return .sleep(generation: Self.nextSleeper(waking: first.deadline, in: &storage), wake: first.deadline)
      }
      switch step {
      case .over:
        return nil
      case .sleep(let next, let wake):
        startSleeper(generation: next, wake: wake, home: home)
        return nil
      case .fire(let item):
        // An entry of a store elsewhere stays parked, due, until its store's queue of due
        // entries takes it (``EffectEngine/queueDue(_:dueAt:)``): unparked before, it would be
        // neither, and a test store's wait would see nothing due.
        if item.entry.livesOn(home) { item.entry.unpark() }
        if let hop = item.entry.due(at: item.deadline, firingHereOn: home) { return hop }
      }
    }
  }
}

/// What a step of a ``TimerQueue``'s drain found under the lock.
private enum DrainStep {
  /// An entry due, taken out of the heap.
  case fire(TimerQueueHeap.Item)
  /// None due: the next sleeper's generation and wake.
  case sleep(generation: UInt64, wake: Duration)
  /// None due and none left, or a newer sleeper took over.
  case over
}

/// The mutable state of a ``TimerQueue``, behind its mutex. Not nested in the generic queue:
/// nested, it was a generic type whose metadata each lock looked up at run time.
private struct TimerQueueStorage {
  var heap = TimerQueueHeap()
  var nextSequence: UInt64 = 0
  var deadItems = 0
  /// The entries armed and not yet fired nor cancelled (those being fired included); when the last is cancelled the sleeper leaves the clock, so a
  /// test clock has no sleep left once every timer stopped.
  var liveItems = 0
  /// The task asleep on the clock until `sleeperWake`; `nil` while none is (the heap is
  /// empty, or the wake came and the due entries are being taken out).
  var sleeper: Task<Void, Never>?
  var sleeperWake: Duration?
  /// Moved on by each new sleeper: a sleeper whose generation is no longer current was
  /// replaced and fires nothing.
  var sleeperGeneration: UInt64 = 0
  /// On a clock moved by hand: a drain is firing the entries due. An arm meanwhile starts no
  /// sleeper; the drain fires it if it is due, or puts the sleeper on the clock when it ends.
  var draining = false
  /// The ``TimerWaker`` the current wake was handed to, instead of a sleeper task.
  var waker: (any TimerWaker)?
  /// The waker the hook held at its install `install` (see ``installedWaker()``).
  var cachedWaker: (install: UInt64, waker: (any TimerWaker)?) = (0, nil)

  /// The sleeper of `generation` woke: whether it is still the current one. If so, it leaves
  /// the clock — no sleeper, wake or waker is pending — while the due entries are taken out.
  mutating func wakeUp(_ generation: UInt64) -> Bool {
    guard sleeperGeneration == generation else { return false }
    sleeper = nil
    sleeperWake = nil
    waker = nil
    return true
  }

  /// Takes out the live items due at `now`, in deadline order, dropping the dead ones; each
  /// leaves the queue whole (a cancel from now on finds it gone, as once it has fired).
  mutating func takeDue(atOrBefore now: Duration) -> [TimerQueueHeap.Item] {
    var deadSkipped = 0
    defer { deadItems -= deadSkipped }
    let due = heap.takeDue(atOrBefore: now, deadSkipped: &deadSkipped)
    for item in due { item.entry.queueSequence.store(0, ordering: .relaxed) }
    liveItems -= due.count
    return due
  }

  /// The run loop's waker installed now (``MainActorTimers``): read from the hook again only
  /// when another was installed since, so a tick's wake takes no lock of the hook's.
  mutating func installedWaker() -> (any TimerWaker)? {
    let install = MainActorTimers.installs.load(ordering: .acquiring)
    if install != cachedWaker.install { cachedWaker = (install, MainActorTimers.waker) }
    return cachedWaker.waker
  }

  /// Takes out the earliest live item due at `now`, if any, dropping the dead ones before it.
  mutating func popDue(atOrBefore now: Duration) -> TimerQueueHeap.Item? {
    var deadSkipped = 0
    defer { deadItems -= deadSkipped }
    return heap.popDue(atOrBefore: now, deadSkipped: &deadSkipped)
  }
}

/// What a lock section that moved a ``TimerQueue``'s wake to a new sleeper leaves to do once the
/// lock is let go: a sleeper task to start, or one replaced to cancel. Outside the generic queue,
/// so that the runtime does not look up its type for each queue's clock at every tick.
private enum NextWake: Sendable {
  /// Start the sleeper task of `generation` for `wake`.
  case start(generation: UInt64, wake: Duration)
  /// The wake went to the run loop's waker; cancel the sleeper task it replaced, if any.
  case handed(replaced: Task<Void, Never>?)
}
