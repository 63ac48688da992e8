import DequeModule
import Synchronization

/// The one owner of a store's effect time: it registers every sleep of the store's effects and
/// counts what is runnable, so that "the store is idle" is one fact that `TestStore`, the replay
/// player and the runtime all await — never a guess made with sleeps, yields or a ticker.
///
/// **Idle** means: no effect is being cancelled, and every running effect task is either
/// parked on the store's clock until a time still to come, or waits on child tasks of its own
/// that have not all ended. A task whose sleep was woken, or whose last child ended, counts as
/// runnable from that instant — before it has resumed — so idle is never reported while a
/// `.concatenate` is between two steps or a timer between its wake and its send.
///
/// An effect in transit — handed to its executor and waiting for a thread there, which under
/// load takes any time — is runnable like any other step. A test store, whose waits end after a
/// quiet period without progress, also asks for the hand-overs to be counted
/// (``countInTransit()``): a quiet period never runs out while an effect waits for a thread,
/// since it waits on nothing the test controls. Nothing else pays for that count.
///
/// **Sleeps.** Every sleep of an effect on the store's clock is registered here once, as an
/// entry with its deadline (an offset from the store's start): timers, intervals, debounce,
/// throttle, `.send(after:)`, `send.sleep(for:)` — and, on a ``VirtualClock``, a `.run` body
/// sleeping on that clock directly, which the clock reports here. A virtual clock says when it
/// wakes a sleeper; whatever the clock, a sleeper counts as woken once the clock reads its
/// deadline, since the clock resumes it then — or, for a clock moved by hand that took the
/// sleep only after it had moved to exactly its deadline (the sleeping thread preempted, as on a
/// loaded machine), the store's next wait for idle wakes it (``wakeDueSleepers()``), or for a
/// timer entry its queue does (``TimerQueue``). So idle is
/// never reported while anything is due by the clock's reading: a move of a test clock that the
/// store's actor has not caught up with yet is waited for, not mistaken for quiet.
///
/// The entries are the store's timers as data (deadline and identity), which is what a server
/// keeping many stores' timers in one heap of deadlines builds on.
///
/// It is the first layer of a store's one effect object: ``EffectRegistry`` extends it with the
/// running effects by id and ``EffectInterpreter`` with the interpreter of ``Effect``, so a store
/// whose effects started pays for one object, made at its first effect, not three made with it.
// Unchecked only because a class with subclasses cannot be checked: every stored property of
// this class and of its two subclasses is a `let` of a `Sendable` type or lives in a `Mutex`.
@usableFromInline
package class EffectScheduler: @unchecked Sendable {
  /// A snapshot of what the store's effects are doing.
  package struct Counts: Sendable, Equatable {
    /// Effect tasks started and not yet finished.
    package var running = 0
    /// Effect tasks that wait for child tasks of their own, some of which are still running.
    package var waitingOnChildren = 0
    /// Effect tasks cancelled by id (or all at once) that have not ended yet: busy, whatever
    /// they were waiting on, until their cancellation has run its course.
    package var cancelling = 0
    /// Effects in transit, counted once ``countInTransit()`` was called: an effect that sent an
    /// action and has not yet got a thread of its own executor back (the store's actor handed
    /// it over). Such an effect waits on nothing a test controls, so a quiet period never runs
    /// out while one is pending.
    package var inTransit = 0
    /// Sleeps registered and not yet woken (some may be due on a clock that cannot say when it
    /// wakes a sleeper; see ``EffectScheduler``).
    package var sleeping = 0
    /// Their deadlines, as offsets from the store's start, earliest first.
    package var sleepDeadlines: [Duration] = []
    /// Increases on every change.
    package var version: UInt64 = 0
  }

  private struct ChildWait {
    var pending: Int
    var parentWaits = false
  }

  private struct Storage {
    var counts = Counts()
    /// The registered sleeps: their deadlines, as offsets from the store's start.
    var sleepers = SmallDictionary<UInt64, Duration>()
    var nextSleeper: UInt64 = 0
    var childWaits: [UInt64: ChildWait] = [:]
    var nextChildWait: UInt64 = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
    /// Sleepers on a clock moved by hand that the clock has passed: woken by the scheduler
    /// (``wakeDueSleepers()``), `nil` once woken before they began to wait for it.
    var wakes: [UInt64: CheckedContinuation<Void, Never>?] = [:]
    /// The store's actor, held while any effect task or timer entry runs (see ``home``).
    var heldHome: (any Actor)?
    /// Timer entries whose time came, handed over from off the store's actor and waiting to
    /// fire there in the order they came due (see ``queueDue(_:dueAt:)``); with their deadlines
    /// on a clock Tide does not drive in real time, where they are kept in deadline order.
    var dueEntries = Deque<(entry: TimerEntry, deadline: Duration?)>()
    /// Whether a job on the store's actor is firing ``dueEntries``.
    var firingDue = false
  }

  /// The scheduler whose effect task is running, on a virtual clock: how a sleep made
  /// directly on that clock is registered with its store.
  @TaskLocal static var current: EffectScheduler?

  private let storage = Mutex(Storage())
  @usableFromInline let clock: StoreClock
  /// Whether effects in transit are counted (``countInTransit()``): only a test store's quiet
  /// period needs them, so a store outside tests pays one load a send, not two locked updates.
  private let countsInTransit = Atomic<Bool>(false)

  /// Whether the clock is moved by hand and says nothing of its sleepers (swift-clocks'
  /// `TestClock`): neither virtual nor real time. Its sleepers also wait for
  /// ``wakeDueSleepers()``.
  private let clockIsMovedByHand: Bool
  /// Whether the clock keeps real time (``StoreClock/isRealTime``): read at every arm of a
  /// timer entry, so kept here rather than asked of the clock.
  let clockIsRealTime: Bool

  init(clock: StoreClock) {
    self.clock = clock
    clockIsRealTime = clock.isRealTime
    clockIsMovedByHand = clock.virtual == nil && !clockIsRealTime
  }

  /// The scheduler of this store's effects: this object itself.
  final var scheduler: EffectScheduler { self }

  /// The current counters.
  package final var counts: Counts {
    storage.withLock { storage in
      var counts = storage.counts
      counts.sleepDeadlines = storage.sleepers.values.sorted()
      return counts
    }
  }

  // MARK: - Idle

  /// Whether the store's effects are idle now: the one definition (see ``EffectScheduler``).
  package final var isIdle: Bool {
    let horizon = dueHorizon
    return storage.withLock { Self.isIdle($0, dueBy: horizon) }
  }

  /// The reading by which a parked sleeper is due, on its way to running: the clock's. None on
  /// a virtual clock, whose sleepers wake only when whoever moves it wakes them — a replay
  /// wakes one at a time and waits for idle in between, with the next one due at the same
  /// instant still parked — so a parked sleeper there is idle whatever its deadline.
  private final var dueHorizon: Duration? {
    clock.virtual == nil ? clock.reading : nil
  }

  /// Parked sleepers count as idle only while their deadline is still ahead of `horizon`.
  private static func isIdle(_ storage: Storage, dueBy horizon: Duration?) -> Bool {
    let counts = storage.counts
    guard counts.cancelling == 0 else { return false }
    let parked = horizon.map { now in storage.sleepers.values.count { $0 > now } } ?? counts.sleeping
    return counts.running == counts.waitingOnChildren + parked
  }

  /// ``isIdle`` and the version it was read at, in one lock.
  private final func idleAndVersion() -> (idle: Bool, version: UInt64) {
    let horizon = dueHorizon
    return storage.withLock { (Self.isIdle($0, dueBy: horizon), $0.counts.version) }
  }

  /// Whether nothing is due: no sleeper the clock's reading has reached, no timer entry
  /// whose time came waiting to fire. What a test store awaits before it sends, so that a
  /// send after a move of the clock comes after every firing the move made due.
  package final var nothingIsDue: Bool {
    let now = clock.reading
    return storage.withLock { storage in
      storage.dueEntries.isEmpty && !storage.firingDue && !storage.sleepers.values.contains { $0 <= now }
    }
  }

  /// The earliest deadline a parked sleeper waits for, as an offset from the store's start:
  /// where a test moving the clock stops next.
  package final var nextWake: Duration? {
    let horizon = dueHorizon
    return storage.withLock { storage in
      storage.sleepers.values.filter { deadline in horizon.map { deadline > $0 } ?? true }.min()
    }
  }

  /// The tick a repeating timer (first tick at `first`, one every `every`, on the store's
  /// clock) delivers after tick `tick`.
  ///
  /// On a real clock, the first tick still ahead of the clock — floor(elapsed / every) + 1 —
  /// so a tick whose time came while the one before was delivered is skipped, never delivered
  /// late in a burst. On a test or virtual clock, always the next one: every tick the clock
  /// passed is delivered, each at its instant, as a test that moves the clock over several
  /// periods expects (the clock's queue fires them in deadline order).
  final func nextTick(after tick: Int, first: Duration, every: Duration) -> Int {
    guard clockIsRealTime else { return tick + 1 }
    let elapsed = clock.now - first
    let due = elapsed < .zero ? 0 : Int(elapsed.attoseconds / every.attoseconds) + 1
    return max(tick + 1, due)
  }

  /// The one wait of tests, replays and the runtime: returns when the effects are idle
  /// (``isIdle``), when `done` holds, or — given — when `limit` of real time has passed or
  /// the effects made no `progress` for `quietPeriod`. Woken by every change of the counters;
  /// the real-time bounds arm one alarm at the next bound, never a ticker.
  ///
  /// - Returns: Whether the effects are idle at the end.
  @discardableResult
  package final func settle(
    isolation: isolated (any Actor)? = #isolation,
    until done: () -> Bool = { false },
    stopsWhenIdle: Bool = true,
    limit: Duration? = nil,
    quietPeriod: Duration? = nil,
    progress: () -> Int = { 0 }
  ) async -> Bool {
    wakeDueSleepers()
    let (idle, version) = idleAndVersion()
    if done() || (stopsWhenIdle && idle) { return idle }
    guard limit != nil || quietPeriod != nil else {
      // The wait of replays and the runtime: one lock a pass, nothing copied or sorted.
      var version = version
      while true {
        await waitForChange(after: version)
        wakeDueSleepers()
        let idle: Bool
        (idle, version) = idleAndVersion()
        if done() || (stopsWhenIdle && idle) { return idle }
      }
    }
    return await settle(
      until: done, stopsWhenIdle: stopsWhenIdle, limit: limit, quietPeriod: quietPeriod, progress: progress,
      after: version)
  }

  /// ``settle(isolation:until:stopsWhenIdle:limit:quietPeriod:progress:)`` with real-time bounds
  /// (a test's): progress is any change of the counters or deadlines, or of `progress()`.
  private final func settle(
    isolation: isolated (any Actor)? = #isolation,
    until done: () -> Bool, stopsWhenIdle: Bool, limit: Duration?, quietPeriod: Duration?,
    progress: () -> Int, after firstVersion: UInt64
  ) async -> Bool {
    var alarm: (deadline: ContinuousClock.Instant, task: Task<Void, Never>)?
    defer { alarm?.task.cancel() }
    let start = ContinuousClock.now
    var initial = counts
    initial.version = 0
    var lastProgress = (start, initial, progress())
    var version = firstVersion
    while true {
      wakeDueSleepers()
      let now = ContinuousClock.now
      var counts = self.counts
      let idle = isIdle
      counts.version = 0
      let current = progress()
      if counts != lastProgress.1 || current != lastProgress.2 { lastProgress = (now, counts, current) }
      // A sleeper whose time came is in transit too, until it runs again and leaves the
      // sleepers; so is a timer entry whose time came, until it has fired.
      let horizon = dueHorizon
      let woken = horizon.map { now in counts.sleepDeadlines.contains { $0 <= now } } ?? false || hasDueEntries
      let quiet = counts.inTransit == 0 && !woken ? quietPeriod.map { lastProgress.0 + $0 } : nil
      let bounds = [limit.map { start + $0 }, quiet].compactMap { $0 }
      guard let bound = bounds.min() else {
        // Only a quiet period bounds this wait, and an effect is in transit: wait for a change.
        await waitForChange(after: version)
        let nowIdle: Bool
        (nowIdle, version) = idleAndVersion()
        if done() || (stopsWhenIdle && nowIdle) { return nowIdle }
        continue
      }
      if now >= bound { return idle }
      if alarm?.deadline != bound {
        alarm?.task.cancel()
        alarm = (bound, Task { [self] in
          try? await Task.sleep(until: bound, clock: .continuous)
          signal()
        })
      }
      await waitForChange(after: version)
      let nowIdle: Bool
      (nowIdle, version) = idleAndVersion()
      if done() || (stopsWhenIdle && nowIdle) { return nowIdle }
    }
  }

  // MARK: - Sleeping

  /// Sleeps until the store's clock reads `deadline` (an offset from the store's start),
  /// registered as a parked sleeper meanwhile.
  final func sleep(until deadline: Duration) async throws {
    // A deadline already reached returns at once: some clocks (swift-clocks' TestClock) would
    // otherwise park a sleep "until now" until the clock next moves.
    if deadline <= clock.reading {
      try Task.checkCancellation()
      return
    }
    if let virtual = clock.virtual {
      // The clock registers the sleeper here itself, and says when it wakes it.
      try await EffectScheduler.$current.withValue(self) {
        try await virtual.clock.sleep(until: virtual.origin.advanced(by: deadline))
      }
      return
    }
    let id = park(deadline: deadline)
    defer { unpark(id) }
    guard clockIsMovedByHand else {
      try await clock.sleep(until: deadline)
      return
    }
    // A clock moved by hand may take the sleep only after it moved to exactly `deadline` (this
    // thread preempted after `park`, the store meanwhile idle and the clock moved), and keep it
    // asleep until its next move: the store's own waits then wake it (``wakeDueSleepers()``).
    try await withThrowingTaskGroup(of: Void.self) { group in
      group.addTask { try await self.clock.sleep(until: deadline) }
      group.addTask { await self.waitForWake(id) }
      defer { group.cancelAll() }
      try await group.next()
    }
    try Task.checkCancellation()
  }

  /// Returns once ``wakeDueSleepers()`` woke the sleeper `key`, or its task is cancelled.
  private final func waitForWake(_ key: UInt64) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        // Under the lock that `onCancel` takes: a cancellation is either seen here or finds
        // the continuation stored.
        let woken = storage.withLock { storage in
          if let wake = storage.wakes[key], wake == nil { return true }
          if Task.isCancelled { return true }
          storage.wakes[key] = continuation
          return false
        }
        if woken { continuation.resume() }
      }
    } onCancel: {
      let continuation = storage.withLock { storage in storage.wakes.removeValue(forKey: key) ?? nil }
      continuation?.resume()
    }
  }

  /// Wakes the sleepers on a clock moved by hand whose deadline the clock has passed: a wait
  /// for idle calls it, so a sleep the clock took too late to wake still ends. (A timer
  /// entry's sleep never needs it: its queue looks as it takes the sleep, see ``TimerQueue``.)
  private final func wakeDueSleepers() {
    guard clockIsMovedByHand else { return }
    let now = clock.reading
    let woken = storage.withLock { storage -> [CheckedContinuation<Void, Never>] in
      var woken: [CheckedContinuation<Void, Never>] = []
      for (key, deadline) in storage.sleepers where deadline <= now {
        switch storage.wakes[key] {
        case .some(.some(let continuation)): woken.append(continuation)
        case .some(.none): continue
        case .none: break
        }
        storage.wakes[key] = .some(nil)
      }
      return woken
    }
    for continuation in woken { continuation.resume() }
  }

  /// Registers a sleeper until `deadline`; returns its key for ``unpark(_:)``.
  final func park(deadline: Duration) -> UInt64 {
    update { storage in
      storage.nextSleeper += 1
      storage.sleepers[storage.nextSleeper] = deadline
      storage.counts.sleeping += 1
      return storage.nextSleeper
    }
  }

  /// A virtual clock parks a sleeper of this store's: `deadline` is an instant on `clock`.
  final func park(on clock: VirtualClock, deadline: VirtualClock.Instant) -> UInt64? {
    guard let virtual = self.clock.virtual, virtual.clock === clock else { return nil }
    return park(deadline: virtual.origin.duration(to: deadline))
  }

  /// The sleeper `key` was woken (or cancelled): it is runnable again.
  final func unpark(_ key: UInt64) {
    update { storage in
      if storage.sleepers.removeValue(forKey: key) != nil { storage.counts.sleeping -= 1 }
      storage.wakes[key] = nil
    }
  }

  // MARK: - Tasks

  /// The store's actor while any of its effects runs, else `nil`: what an effect task or a
  /// timer entry hops to in order to hand an action back.
  ///
  /// A store does not hold its actor (see ``StoreClock/home``): the actor holds the store. Its
  /// running effects do, from the first started to the last ended — as a task of the actor's
  /// own would hold it — so an actor that keeps its own store is freed once it is released and
  /// nothing of its store runs, and stays until then. Read here, under the lock that counts
  /// the effects, a hop never reaches an actor already freed.
  final var home: (any Actor)? {
    storage.withLock { $0.heldHome }
  }

  /// Queues `entry`, whose time came off the store's actor, to fire there after the entries
  /// queued before it — before those due later, given its `deadline` (on a clock Tide does not
  /// drive in real time: an entry re-armed late can come due before one queued already).
  /// Returns the store's actor when the caller starts the job that fires them (none is under
  /// way); `nil` when the entry joined a job under way, or when no effect holds the actor — the
  /// entry was cancelled meanwhile with the store's last effect, and there is nothing to fire.
  ///
  /// One job for the entries due meanwhile, not one task each: tasks hopping to an actor from
  /// the pool reach it in any order, and a store's timers would fire out of deadline order.
  /// The entry leaves the store's sleepers once it is queued, so it is due all the way.
  final func queueDue(_ entry: TimerEntry, dueAt deadline: Duration?) -> (any Actor)? {
    let home = storage.withLock { storage -> (any Actor)? in
      guard let home = storage.heldHome else { return nil }
      var index = storage.dueEntries.endIndex
      if let deadline {
        while index > storage.dueEntries.startIndex,
          let earlier = storage.dueEntries[index - 1].deadline, earlier > deadline
        {
          index -= 1
        }
      }
      storage.dueEntries.insert((entry, deadline), at: index)
      if storage.firingDue { return nil }
      storage.firingDue = true
      return home
    }
    entry.unpark()
    return home
  }

  /// Fires the entries ``queueDue(_:dueAt:)`` queued, in their order, including those queued
  /// while it runs; on the store's actor.
  final func fireQueuedDue() {
    while let (entry, deadline) = storage.withLock({ storage -> (TimerEntry, Duration?)? in
      guard let first = storage.dueEntries.popFirst() else {
        storage.firingDue = false
        return nil
      }
      return first
    }) {
      entry.fire(dueAt: deadline)
    }
  }

  /// Whether timer entries whose time came wait to fire on the store's actor.
  private final var hasDueEntries: Bool {
    storage.withLock { !$0.dueEntries.isEmpty || $0.firingDue }
  }

  /// Counts an effect task (or timer entry) as started.
  ///
  /// Only on the store's actor when none runs yet: the first takes hold of ``home`` there, where
  /// the actor is alive. (Later ones may start inside a running effect, which holds it already.)
  final func taskStarted() {
    update { storage in
      if storage.counts.running == 0 { storage.heldHome = clock.home }
      storage.counts.running += 1
    }
  }

  /// Counts an effect task as ended: cancelled by id if `wasCancelled`, one of the children
  /// `childOf` waits for if given. The last child of a waiting parent makes the parent
  /// runnable in the same step.
  final func taskEnded(wasCancelled: Bool, childOf wait: UInt64?) {
    let released = update { storage -> (any Actor)? in
      storage.counts.running -= 1
      if wasCancelled { storage.counts.cancelling -= 1 }
      // The last effect lets go of the actor, outside the lock: it may be the actor's last
      // reference, and freeing it frees its stores.
      var released: (any Actor)?
      if storage.counts.running == 0 { swap(&released, &storage.heldHome) }
      guard let wait, var children = storage.childWaits[wait] else { return released }
      children.pending -= 1
      if children.pending > 0 {
        storage.childWaits[wait] = children
        return released
      }
      storage.childWaits[wait] = nil
      if children.parentWaits { storage.counts.waitingOnChildren -= 1 }
      return released
    }
    withExtendedLifetime(released) {}
  }

  /// From now on, counts each effect in transit (``Counts/inTransit``): for a test store, whose
  /// quiet period must not run out while an effect waits for a thread.
  package final func countInTransit() {
    countsInTransit.store(true, ordering: .relaxed)
  }

  /// An effect hands itself over to another executor (the store's actor, to send an action) and
  /// will come back to its own; returns whether ``endTransit()`` must be called when it is back.
  ///
  /// The hand-over there is not counted: the store's actor is the test's, free while the test
  /// waits. The way back is: the effect's own executor (the global pool) may be busy.
  final func beginTransit() -> Bool {
    let counted = countsInTransit.load(ordering: .relaxed)
    if counted { update { $0.counts.inTransit += 1 } }
    return counted
  }

  /// The effect that ``beginTransit()`` counted runs on its own executor again.
  final func endTransit() {
    update { $0.counts.inTransit -= 1 }
  }

  /// Counts `count` tasks as cancelling until they end.
  final func tasksCancelled(_ count: Int) {
    update { $0.counts.cancelling += count }
  }

  /// Opens a wait for `count` child tasks about to be started; returns its key, which each
  /// child is started with.
  final func expectChildren(_ count: Int) -> UInt64 {
    update { storage in
      storage.nextChildWait += 1
      storage.childWaits[storage.nextChildWait] = ChildWait(pending: count)
      return storage.nextChildWait
    }
  }

  /// Awaits the child tasks of `wait`, counted as waiting (not runnable) while any is running,
  /// and passes cancellation down to them.
  final func awaitChildren(_ children: [Task<Void, Never>], of wait: UInt64) async {
    update { storage in
      // Every child may have ended already: then there is nothing to wait for.
      guard storage.childWaits[wait] != nil else { return }
      storage.childWaits[wait]?.parentWaits = true
      storage.counts.waitingOnChildren += 1
    }
    await withTaskCancellationHandler {
      for child in children { await child.value }
    } onCancel: {
      for child in children { child.cancel() }
    }
  }

  // MARK: - Changes

  /// Wakes every waiter without changing a counter: for outside sources of change.
  package final func signal() {
    update { _ in }
  }

  /// Returns once the version has moved past `version`; stays on the caller's actor, so a
  /// wait from the main actor costs no hop to another executor and back.
  package final func waitForChange(isolation: isolated (any Actor)? = #isolation, after version: UInt64) async {
    await withCheckedContinuation(isolation: isolation) { continuation in
      let changed = storage.withLock { storage in
        if storage.counts.version != version { return true }
        storage.waiters.append(continuation)
        return false
      }
      if changed { continuation.resume() }
    }
  }

  /// Applies `change` and wakes every waiter.
  @discardableResult
  private final func update<Result: Sendable>(_ change: (inout Storage) -> Result) -> Result {
    let (result, waiters) = storage.withLock { storage in
      let result = change(&storage)
      storage.counts.version &+= 1
      defer { storage.waiters.removeAll() }
      return (result, storage.waiters)
    }
    for waiter in waiters { waiter.resume() }
    return result
  }
}
