import DequeModule
import Synchronization

/// A store's one effect object: the running effects by id, the sleeps of its effects on the
/// store's clock, and the one definition of "the store is idle" — all behind one lock. The
/// store makes it at its first effect, so a store that starts none pays nothing for it; the
/// interpreter of ``Effect`` (``EffectInterpreter``) runs its primitives on it.
///
/// **Idle** means: no effect is being cancelled, and every running effect task is either
/// parked on the store's clock until a time still to come, or waits on child tasks of its own
/// that have not all ended. A task whose sleep was woken, or whose last child ended, counts as
/// runnable from that instant — before it has resumed — so idle is never reported while a
/// `.concatenate` is between two steps or a timer between its wake and its send. It is what
/// `TestStore`, the replay player and the runtime all await — never a guess made with sleeps,
/// yields or a ticker.
///
/// An effect in transit — handed to its executor and waiting for a thread there, which under
/// load takes any time — is runnable like any other step. A test store, whose waits end after a
/// quiet period without progress, also asks for the hand-overs to be counted
/// (``countInTransit()``): a quiet period never runs out while an effect waits for a thread,
/// since it waits on nothing the test controls. Nothing else pays for that count.
///
/// **Sleeps.** Every sleep of an effect on the store's clock is registered here once, as a
/// sleeper with its deadline (an offset from the store's start): timers, intervals, debounce,
/// throttle, `.send(after:)`, `send.sleep(for:)` — each an entry of the clock's timer queue
/// (``TimerEntry``) — and, on a ``VirtualClock``, a `.run` body sleeping on that clock
/// directly, which the clock reports here. A virtual clock says when it wakes a sleeper;
/// whatever the clock, a sleeper counts as woken once the clock reads its deadline, since its
/// queue fires it then — even on a clock moved by hand that took the sleep only after it had
/// moved to exactly its deadline (the sleeping thread preempted, as on a loaded machine), which
/// the queue finds as it takes the sleep, or the store's next wait for idle finds for a clock
/// that takes it later still (``TimerQueue``). So idle is never reported while
/// anything is due by the clock's reading: a move of a test clock that the store's actor has
/// not caught up with yet is waited for, not mistaken for quiet.
///
/// **Effects by id.** Tasks register and unregister themselves from any thread, so the table
/// lives behind the lock rather than on the store's actor: a finishing task must not need a hop
/// to be forgotten. A finished task leaves the table and every ``EffectGroup`` it joined, so a
/// long-lived effect that starts many short ones keeps memory flat. A time effect is an entry of
/// its clock's timer queue (``TimerEntry``), registered here like a task but with no task.
@usableFromInline
package final class EffectEngine: Sendable {
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
    /// wakes a sleeper; see ``EffectEngine``).
    package var sleeping = 0
    /// Their deadlines, as offsets from the store's start, earliest first.
    package var sleepDeadlines: [Duration] = []
    /// Increases on every change.
    package var version: UInt64 = 0
  }

  private struct ChildWait {
    var pending: Int
    /// The parent, once it waits: resumed when the last child ends.
    var parent: CheckedContinuation<Void, Never>?
  }

  /// A running effect: a task, or a timer entry waiting in its clock's queue.
  private struct RunningEffect {
    /// `nil` while the task runs its first part, synchronously inside ``spawn``, and for a
    /// timer entry.
    var task: Task<Void, Never>?
    /// The time effect waiting in the clock's timer queue, when the effect is one (no task).
    var timer: TimerEntry?
    let ids: [EffectID]
    let lifetime: EffectLifetime
    /// By identity; almost always one, kept inline.
    var groups: SmallDictionary<ObjectIdentifier, EffectGroup>
    /// The wait of the parent task this one is a child of, if it is one.
    let childOf: UInt64?
    /// Cancelled before its task existed: the task is cancelled as soon as it does.
    var isCancelRequested = false
  }

  /// The throttle of one id: when its effect last ran, and the effect waiting for the
  /// interval to pass with the task that will start it.
  private struct ThrottleGate {
    var lastRun: Duration?
    var pending: (any Sendable & AnyObject)?
    var scheduledKey: UInt64?
  }

  /// What to do with an effect throttled under an id.
  enum ThrottleDecision {
    /// The interval has passed: run it now.
    case runNow
    /// Keep it; no run is scheduled yet, so schedule one at `due`.
    case schedule(due: Duration)
    /// Kept in place of the one waiting (`replaced`, if one was); the task `scheduled` will
    /// start it.
    case kept(scheduled: UInt64, replaced: (any Sendable & AnyObject)?)
    /// An older effect waits and the oldest wins: drop this one.
    case dropped
  }

  private struct Storage {
    var counts = Counts()
    /// A change the waiters must see was made in the current lock section (``withStorage(_:)``).
    var hasChanged = false
    var waiters: [CheckedContinuation<Void, Never>] = []

    // The sleeps.
    /// The registered sleeps: their deadlines, as offsets from the store's start.
    var sleepers = SmallDictionary<UInt64, Duration>()
    var nextSleeper: UInt64 = 0
    var childWaits: [UInt64: ChildWait] = [:]
    var nextChildWait: UInt64 = 0
    /// The store's actor, held while any effect task or timer entry runs (see ``home``).
    var heldHome: (any Actor)?
    /// Timer entries whose time came, handed over from off the store's actor and waiting to
    /// fire there in the order they came due (see ``queueDue(_:dueAt:)``); with their deadlines
    /// on a clock Tide does not drive in real time, where they are kept in deadline order.
    var dueEntries = Deque<(entry: TimerEntry, deadline: Duration?)>()
    /// Whether a job on the store's actor is firing ``dueEntries``.
    var firingDue = false

    // The effects by id.
    var nextKey: UInt64 = 0
    var effects = SmallDictionary<UInt64, RunningEffect>()
    var keysByID = SmallDictionary<EffectID, SmallDictionary<UInt64, Void>>()
    var cancelledKeys: Set<UInt64> = []
    var background: [Task<Void, Never>] = []
    var onClose: [UInt64: @Sendable () -> Void] = [:]
    var isClosed = false
    /// Where new effect tasks run; `nil`: the global concurrent executor.
    var executorPreference: (any TaskExecutor)?
    var throttles: [EffectID: ThrottleGate] = [:]

    /// Records a change of the counters: the waiters are woken when the lock is let go.
    mutating func changed() {
      hasChanged = true
    }

    /// Forgets the throttle of `id`. Hashing an id is most of the cost of restarting a
    /// timeout with `cancelInFlight`, and almost no store throttles: the empty table is not
    /// searched.
    mutating func forgetThrottle(_ id: EffectID) {
      if !throttles.isEmpty { throttles[id] = nil }
    }

    /// The sleeper `key` is runnable again.
    mutating func unpark(_ key: UInt64) {
      if sleepers.removeValue(forKey: key) != nil { counts.sleeping -= 1 }
      changed()
    }

    /// Counts an effect task (or timer entry) as started: the first takes hold of `home`.
    mutating func started(home: @autoclosure () -> (any Actor)?) {
      if counts.running == 0 { heldHome = home() }
      counts.running += 1
      changed()
    }

    /// Registers an effect under `key` and its ids.
    mutating func register(_ effect: RunningEffect, key: UInt64) {
      effects[key] = effect
      for id in effect.ids { keysByID[id, default: SmallDictionary()][key] = () }
    }
  }

  /// The engine whose effect task is running, on a virtual clock: how a sleep made directly on
  /// that clock is registered with its store.
  @TaskLocal static var current: EffectEngine?

  private let storage = Mutex(Storage())
  @usableFromInline let clock: StoreClock
  /// Whether effects in transit are counted (``countInTransit()``): only a test store's quiet
  /// period needs them, so a store outside tests pays one load a send, not two locked updates.
  private let countsInTransit = Atomic<Bool>(false)

  /// Whether the clock keeps real time (``StoreClock/isRealTime``): read at every arm of a
  /// timer entry, so kept here rather than asked of the clock.
  let clockIsRealTime: Bool
  /// Whether the clock is a ``VirtualClock``, which parks the store's timer entries itself.
  let clockIsVirtual: Bool
  /// Whether the clock is moved by hand and says nothing of its sleepers (swift-clocks'
  /// `TestClock`): neither virtual nor real time. Its queue may need waking by the store's
  /// waits (``wakeOverdueTimers()``).
  private let clockIsMovedByHand: Bool

  @usableFromInline
  init(clock: StoreClock) {
    self.clock = clock
    clockIsRealTime = clock.isRealTime
    clockIsVirtual = clock.isVirtual
    clockIsMovedByHand = !clockIsVirtual && !clockIsRealTime
  }

  /// The one lock section of the engine, counted (``EngineLockSections``): applies `body` and,
  /// if it changed the counters (``Storage/changed()``), moves the version on and wakes every
  /// waiter once the lock is let go.
  @discardableResult
  private func withStorage<Result: Sendable>(_ body: (inout Storage) -> Result) -> Result {
    EngineLockSections.count()
    let (result, waiters) = storage.withLock { storage -> (Result, [CheckedContinuation<Void, Never>]) in
      let result = body(&storage)
      guard storage.hasChanged else { return (result, []) }
      storage.hasChanged = false
      storage.counts.version &+= 1
      defer { storage.waiters.removeAll() }
      return (result, storage.waiters)
    }
    for waiter in waiters { waiter.resume() }
    return result
  }

  /// The groups of a new effect: `group`, if any.
  private static func groups(_ group: EffectGroup?) -> SmallDictionary<ObjectIdentifier, EffectGroup> {
    var groups = SmallDictionary<ObjectIdentifier, EffectGroup>()
    if let group { groups[ObjectIdentifier(group)] = group }
    return groups
  }

  /// The current counters.
  package var counts: Counts {
    withStorage { storage in
      var counts = storage.counts
      counts.sleepDeadlines = storage.sleepers.values.sorted()
      return counts
    }
  }

  // MARK: - Idle

  /// Whether the store's effects are idle now: the one definition (see ``EffectEngine``).
  package var isIdle: Bool {
    let horizon = dueHorizon
    return withStorage { Self.isIdle($0, dueBy: horizon) }
  }

  /// The reading by which a parked sleeper is due, on its way to running: the clock's. None on
  /// a virtual clock, whose sleepers wake only when whoever moves it wakes them — a replay
  /// wakes one at a time and waits for idle in between, with the next one due at the same
  /// instant still parked — so a parked sleeper there is idle whatever its deadline.
  private var dueHorizon: Duration? {
    clockIsVirtual ? nil : clock.reading
  }

  /// Parked sleepers count as idle only while their deadline is still ahead of `horizon`.
  private static func isIdle(_ storage: Storage, dueBy horizon: Duration?) -> Bool {
    let counts = storage.counts
    guard counts.cancelling == 0 else { return false }
    let parked = horizon.map { now in storage.sleepers.values.count { $0 > now } } ?? counts.sleeping
    return counts.running == counts.waitingOnChildren + parked
  }

  /// ``isIdle`` and the version it was read at, in one lock.
  private func idleAndVersion() -> (idle: Bool, version: UInt64) {
    let horizon = dueHorizon
    return withStorage { (Self.isIdle($0, dueBy: horizon), $0.counts.version) }
  }

  /// Whether nothing is due: no sleeper the clock's reading has reached, no timer entry
  /// whose time came waiting to fire. What a test store awaits before it sends, so that a
  /// send after a move of the clock comes after every firing the move made due.
  package var nothingIsDue: Bool {
    let now = clock.reading
    return withStorage { storage in
      storage.dueEntries.isEmpty && !storage.firingDue && !storage.sleepers.values.contains { $0 <= now }
    }
  }

  /// The earliest deadline a parked sleeper waits for, as an offset from the store's start:
  /// where a test moving the clock stops next.
  package var nextWake: Duration? {
    let horizon = dueHorizon
    return withStorage { storage in
      storage.sleepers.values.filter { deadline in horizon.map { deadline > $0 } ?? true }.min()
    }
  }

  /// The one wait of tests, replays and the runtime: returns when the effects are idle
  /// (``isIdle``), when `done` holds, or — given — when `limit` of real time has passed or
  /// the effects made no `progress` for `quietPeriod`. Woken by every change of the counters;
  /// the real-time bounds arm one alarm at the next bound, never a ticker.
  ///
  /// - Returns: Whether the effects are idle at the end.
  @discardableResult
  package func settle(
    isolation: isolated (any Actor)? = #isolation,
    until done: () -> Bool = { false },
    stopsWhenIdle: Bool = true,
    limit: Duration? = nil,
    quietPeriod: Duration? = nil,
    progress: () -> Int = { 0 }
  ) async -> Bool {
    wakeOverdueTimers()
    let (idle, version) = idleAndVersion()
    if done() || (stopsWhenIdle && idle) { return idle }
    guard limit != nil || quietPeriod != nil else {
      // The wait of replays and the runtime: one lock a pass, nothing copied or sorted.
      var version = version
      while true {
        await waitForChange(after: version)
        wakeOverdueTimers()
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
  private func settle(
    isolation: isolated (any Actor)? = #isolation,
    until done: () -> Bool, stopsWhenIdle: Bool, limit: Duration?, quietPeriod: Duration?,
    progress: () -> Int, after firstVersion: UInt64
  ) async -> Bool {
    var alarm: (deadline: ContinuousClock.Instant, task: Task<Void, Never>)?
    defer { alarm?.task.cancel() }
    var bounds = RealTimeBounds(start: .now, limit: limit, quietPeriod: quietPeriod)
    var initial = counts
    initial.version = 0
    var lastProgress = (initial, progress())
    var version = firstVersion
    while true {
      wakeOverdueTimers()
      let now = ContinuousClock.now
      var counts = self.counts
      let idle = isIdle
      counts.version = 0
      let current = progress()
      if counts != lastProgress.0 || current != lastProgress.1 {
        lastProgress = (counts, current)
        bounds.progressed(at: now)
      }
      // A sleeper whose time came is in transit too, until it runs again and leaves the
      // sleepers; so is a timer entry whose time came, until it has fired.
      let horizon = dueHorizon
      let woken = horizon.map { now in counts.sleepDeadlines.contains { $0 <= now } } ?? false || hasDueEntries
      switch bounds.next(at: now, quiet: counts.inTransit == 0 && !woken) {
      case .met:
        return idle
      case .waitForChange:
        break
      case .waitUntil(let bound):
        if alarm?.deadline != bound {
          alarm?.task.cancel()
          alarm = (bound, Task { [self] in
            try? await Task.sleep(until: bound, clock: .continuous)
            signal()
          })
        }
      }
      await waitForChange(after: version)
      let nowIdle: Bool
      (nowIdle, version) = idleAndVersion()
      if done() || (stopsWhenIdle && nowIdle) { return nowIdle }
    }
  }

  // MARK: - Sleeping

  /// Sleeps until the store's clock reads `deadline` (an offset from the store's start): an
  /// entry of the clock's timer queue like every time effect (``TaskSleep``), parked meanwhile.
  func sleep(until deadline: Duration) async throws {
    // A deadline already reached returns at once: some clocks (swift-clocks' TestClock) would
    // otherwise park a sleep "until now" until the clock next moves.
    if deadline <= clock.reading {
      try Task.checkCancellation()
      return
    }
    try await TaskSleep(engine: self).sleep(until: deadline)
  }

  /// On a clock moved by hand, drains the clock's queue if the clock passed its wake before it
  /// took the queue's sleep — a clock of the app's that hands the sleep on late — which the
  /// clock would keep asleep until its next move (see ``TimerQueue``).
  private func wakeOverdueTimers() {
    // Held while it wakes the queue: the store's actor, alive while any effect runs.
    guard clockIsMovedByHand, let home else { return }
    withExtendedLifetime(home) { clock.wakeIfOverdue() }
  }

  /// Registers a sleeper until `deadline`; returns its key for ``unpark(_:)``.
  func park(deadline: Duration) -> UInt64 {
    withStorage { storage in
      storage.nextSleeper += 1
      storage.sleepers[storage.nextSleeper] = deadline
      storage.counts.sleeping += 1
      storage.changed()
      return storage.nextSleeper
    }
  }

  /// A virtual clock parks a sleeper of this store's: `deadline` is an instant on `clock`.
  func park(on clock: VirtualClock, deadline: VirtualClock.Instant) -> UInt64? {
    guard clockIsVirtual, self.clock.is(clock) else { return nil }
    return park(deadline: self.clock.offset(ofQueueTime: deadline.offset))
  }

  /// The sleeper `key` was woken (or cancelled): it is runnable again.
  func unpark(_ key: UInt64) {
    withStorage { $0.unpark(key) }
  }

  /// Moves the sleeper `key`, which its timer entry kept through the firing, to `deadline`;
  /// `false` if it is no longer parked (the entry was cancelled meanwhile).
  func repark(_ key: UInt64, deadline: Duration) -> Bool {
    withStorage { storage in
      guard storage.sleepers[key] != nil else { return false }
      storage.sleepers[key] = deadline
      storage.changed()
      return true
    }
  }

  /// The tick of `ticks` a repeating timer delivers after tick `tick`, on the store's clock
  /// (see ``TickSchedule/tick(after:realTimeNow:)``).
  func nextTick(after tick: Int, of ticks: TickSchedule) -> Int {
    ticks.tick(after: tick, realTimeNow: clockIsRealTime ? clock.now : nil)
  }

  // MARK: - Timer entries due

  /// The store's actor while any of its effects runs, else `nil`: what an effect task or a
  /// timer entry hops to in order to hand an action back.
  ///
  /// A store does not hold its actor (see ``StoreClock/home``): the actor holds the store. Its
  /// running effects do, from the first started to the last ended — as a task of the actor's
  /// own would hold it — so an actor that keeps its own store is freed once it is released and
  /// nothing of its store runs, and stays until then. Read here, under the lock that counts
  /// the effects, a hop never reaches an actor already freed.
  var home: (any Actor)? {
    withStorage { $0.heldHome }
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
  func queueDue(_ entry: TimerEntry, dueAt deadline: Duration?) -> (any Actor)? {
    let home = withStorage { storage -> (any Actor)? in
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
  func fireQueuedDue() {
    while let (entry, deadline) = withStorage({ storage -> (TimerEntry, Duration?)? in
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
  private var hasDueEntries: Bool {
    withStorage { !$0.dueEntries.isEmpty || $0.firingDue }
  }

  // MARK: - Effects by id

  /// Starts `body` as a task registered under `ids`, counted as running until it returns, and
  /// tracked by `group` while it runs.
  ///
  /// The task starts immediately: its body runs on the caller's thread up to its first
  /// suspension before this returns, so effects start in the order they were produced and a
  /// timer's first sleep is on the clock when `send` returns (TCA's order). It is registered
  /// before it starts, and gets its handle once it has suspended (or ended).
  ///
  /// Counting the first effect takes hold of ``home``, so the first is started on the store's
  /// actor, where the actor is alive. (Later ones may start inside a running effect, which
  /// holds it already.)
  @discardableResult
  func spawn(
    ids: [EffectID], lifetime: EffectLifetime, group: EffectGroup?, priority: TaskPriority?,
    childOf wait: UInt64? = nil, _ body: @escaping @Sendable () async -> Void
  ) -> (key: UInt64, task: Task<Void, Never>) {
    let (key, preference, isClosed) = withStorage { storage in
      storage.started(home: clock.home)
      storage.nextKey += 1
      let key = storage.nextKey
      storage.register(
        RunningEffect(task: nil, timer: nil, ids: ids, lifetime: lifetime, groups: Self.groups(group), childOf: wait),
        key: key)
      if storage.isClosed { lifetime.cancel() }
      return (key, storage.executorPreference, storage.isClosed)
    }
    // On a virtual clock, a `.run` body sleeping on the clock directly is registered with this
    // engine through the task-local.
    let run: @Sendable () async -> Void
    if !clockIsVirtual {
      run = body
    } else {
      run = { [self] in
        await EffectEngine.$current.withValue(self) {
          await body()
        }
      }
    }
    let task: Task<Void, Never>
    if isClosed {
      // The store is gone: the body starts cancelled, later, and sends nothing.
      task = Task(executorPreference: preference, priority: priority) { [self] in
        await run()
        self.finish(key)
      }
      task.cancel()
    } else {
      task = Task.immediate(priority: priority, executorPreference: preference) { [self] in
        await run()
        self.finish(key)
      }
    }
    let cancelNow = withStorage { storage -> Bool in
      // Gone: the body ended before its first suspension.
      guard var effect = storage.effects[key] else { return false }
      effect.task = task
      storage.effects[key] = effect
      // Joined under the lock, so `finish` (which takes it) cannot leave the group first.
      let groupIsCancelled = group?.add(key: key, task: task, lifetime: lifetime, engine: self) ?? false
      return effect.isCancelRequested || groupIsCancelled
    }
    if cancelNow { task.cancel() }
    return (key, task)
  }

  /// Registers a time effect that waits as an entry of the clock's timer queue (no task) under
  /// `ids`, counted as running until ``finishTimer(_:unparking:)`` and tracked by `group` meanwhile.
  /// `makeEntry` makes the entry from its key; the caller arms it. Returns `nil` when the
  /// store is gone: the effect never runs. Given `wait`, it is a child of the task that opened
  /// it, which waits for it with ``awaitTimer(_:of:)``.
  @usableFromInline
  func registerTimer<Entry: TimerEntry>(
    ids: [EffectID], lifetime: EffectLifetime, group: EffectGroup?, childOf wait: UInt64? = nil,
    _ makeEntry: (UInt64) -> Entry
  ) -> Entry? {
    let registered = withStorage { storage -> Entry? in
      if storage.isClosed {
        // Never started, so never ended: its parent has nothing to wait for.
        if let wait { storage.childWaits[wait] = nil }
        return nil
      }
      storage.nextKey += 1
      let key = storage.nextKey
      let timer = makeEntry(key)
      storage.register(
        RunningEffect(task: nil, timer: timer, ids: ids, lifetime: lifetime, groups: Self.groups(group), childOf: wait),
        key: key)
      storage.started(home: clock.home)
      return timer
    }
    guard let registered else { return nil }
    // Outside the lock: a cancelled group cancels the entry through this engine. The entry
    // is not armed yet, so it cannot end (and leave the group) first.
    if group?.add(key: registered.key, task: nil, lifetime: lifetime, engine: self) == true {
      cancel(tasks: [registered.key])
      return nil
    }
    return registered
  }

  /// The timer entry `key` has run its course (or found its store gone): it is no longer
  /// running, nor parked as `sleeper` (0: none). Does nothing if it already ended (cancelled
  /// meanwhile) but leave its sleeper.
  func finishTimer(_ key: UInt64, unparking sleeper: UInt64) {
    finish(key, unparking: sleeper)
  }

  /// Runs the tasks spawned from now on on `executor` (`nil`: the global concurrent executor).
  func preferExecutor(_ executor: (any TaskExecutor)?) {
    withStorage { $0.executorPreference = executor }
  }

  /// Makes `group` wait for the task `key` too, if it is still running.
  func join(key: UInt64, group: EffectGroup) {
    let cancelled = withStorage { storage -> (task: Task<Void, Never>?, isTimer: Bool)? in
      guard var effect = storage.effects[key], effect.task != nil || effect.timer != nil else { return nil }
      guard effect.groups[ObjectIdentifier(group)] == nil else { return nil }
      effect.groups[ObjectIdentifier(group)] = group
      storage.effects[key] = effect
      guard group.add(key: key, task: effect.task, lifetime: effect.lifetime, engine: self) else { return nil }
      return (effect.task, effect.task == nil)
    }
    // The group was cancelled: what joined it is, outside the lock.
    cancelled?.task?.cancel()
    if cancelled?.isTimer == true { cancel(tasks: [key]) }
  }

  /// Stops `group` waiting for the task `key`: what it waited for is no longer its own.
  func leave(key: UInt64, group: EffectGroup) {
    withStorage { storage in
      _ = storage.effects[key]?.groups.removeValue(forKey: ObjectIdentifier(group))
    }
    group.remove(key: key)
  }

  /// Counts the effect `key` as ended, in the lock section that forgets it: cancelled by id if
  /// it was, one of the children its parent waits for if it is one (the last child of a
  /// waiting parent makes the parent runnable in the same step).
  private func finish(_ key: UInt64, unparking sleeper: UInt64 = 0) {
    let ended = withStorage {
      storage -> (released: (any Actor)?, groups: [EffectGroup], parent: CheckedContinuation<Void, Never>?)? in
      if sleeper != 0 { storage.unpark(sleeper) }
      guard let effect = storage.effects.removeValue(forKey: key) else { return nil }
      // One lookup of the id (two while others share it): each is an `EffectID` comparison.
      for id in effect.ids {
        guard var keys = storage.keysByID.removeValue(forKey: id) else { continue }
        keys.removeValue(forKey: key)
        if !keys.isEmpty { storage.keysByID[id] = keys }
      }
      storage.counts.running -= 1
      if storage.cancelledKeys.remove(key) != nil { storage.counts.cancelling -= 1 }
      storage.changed()
      // The last effect lets go of the actor, outside the lock: it may be the actor's last
      // reference, and freeing it frees its stores.
      var released: (any Actor)?
      if storage.counts.running == 0 { swap(&released, &storage.heldHome) }
      var parent: CheckedContinuation<Void, Never>?
      if let wait = effect.childOf, var children = storage.childWaits[wait] {
        children.pending -= 1
        if children.pending > 0 {
          storage.childWaits[wait] = children
        } else {
          storage.childWaits[wait] = nil
          parent = children.parent
          if parent != nil { storage.counts.waitingOnChildren -= 1 }
        }
      }
      return (released, effect.groups.values, parent)
    }
    guard let ended else { return }
    withExtendedLifetime(ended.released) {}
    // Counted as ended before it leaves its groups: once a group's wait returns, the counters
    // no longer show its tasks.
    for group in ended.groups { group.remove(key: key) }
    // The parent goes on once its last child has left everything it was part of.
    ended.parent?.resume()
  }

  /// Cancels the tasks with `keys`, counting each as cancelling until it ends.
  private func cancel(keys: (inout Storage) -> [UInt64]) {
    let effects = withStorage { storage in
      var effects: [RunningEffect] = []
      for key in keys(&storage) {
        guard let effect = storage.effects[key] else { continue }
        // Set under the lock, on the caller's thread: once `cancel` returns, no send of
        // these effects gets through.
        effect.lifetime.cancel()
        if effect.task == nil { storage.effects[key]?.isCancelRequested = true }
        effects.append(effect)
        if storage.cancelledKeys.insert(key).inserted {
          storage.counts.cancelling += 1
          storage.changed()
        }
      }
      return effects
    }
    for effect in effects { effect.task?.cancel() }
    endTimers(of: effects)
  }

  /// Takes the cancelled timer entries among `effects` out of their queue; they end at once,
  /// having no task to wind down.
  private func endTimers(of effects: some Sequence<RunningEffect>) {
    for effect in effects {
      guard let timer = effect.timer else { continue }
      timer.disarm()
      finish(timer.key)
    }
  }

  /// The tasks registered under `id` now, which an effect started with `cancelInFlight`
  /// replaces; forgets the throttle of `id`, as ``cancel(id:)`` does.
  ///
  /// The replacement registers before these are cancelled (``cancel(tasks:)``): cancelled
  /// first, one could end on another thread while no task is registered under `id`, and a
  /// `finishEffects(id:)` would return before the replacement ran.
  @usableFromInline
  func inFlight(replacing id: EffectID) -> [UInt64] {
    withStorage { storage in
      storage.forgetThrottle(id)
      return storage.keysByID[id]?.keys ?? []
    }
  }

  /// Cancels the tasks with `keys` that are still running.
  @usableFromInline
  func cancel(tasks keys: [UInt64]) {
    if keys.isEmpty { return }
    cancel { _ in keys }
  }

  /// Cancels every task registered under `id`, and forgets its throttle.
  @usableFromInline
  func cancel(id: EffectID) {
    cancel { storage in
      storage.forgetThrottle(id)
      return storage.keysByID[id]?.keys ?? []
    }
  }

  /// Whether an effect is registered under `id` now.
  private func isRunning(id: EffectID) -> Bool {
    withStorage { $0.keysByID[id] != nil }
  }

  /// Waits until no effect is registered under `id`, including effects registered while it
  /// waits: woken by each change of the counters, which every end of an effect is.
  func finish(id: EffectID, isolation: isolated (any Actor)? = #isolation) async {
    await settle(until: { !isRunning(id: id) }, stopsWhenIdle: false)
  }

  /// The keys of the tasks running now.
  package var runningKeys: Set<UInt64> {
    withStorage { Set($0.effects.keys) }
  }

  /// Cancels every running effect task; the store stays usable.
  package func cancelAll() {
    cancel { Array($0.effects.keys) }
  }

  // MARK: - Children and transit

  /// Opens a wait for `count` child tasks about to be started; returns its key, which each
  /// child is started with.
  func expectChildren(_ count: Int) -> UInt64 {
    withStorage { storage in
      storage.nextChildWait += 1
      storage.childWaits[storage.nextChildWait] = ChildWait(pending: count)
      storage.changed()
      return storage.nextChildWait
    }
  }

  /// Awaits the child tasks of `wait`, counted as waiting (not runnable) while any is running,
  /// and passes cancellation down to them.
  func awaitChildren(_ children: [Task<Void, Never>], of wait: UInt64) async {
    await awaitChildren(of: wait) {
      for child in children { child.cancel() }
    }
  }

  /// Awaits the timer entry `key`, a child of `wait` (``registerTimer(ids:lifetime:group:childOf:_:)``):
  /// a timer inside an effect task, which the task waits for as for a child task. Cancelling
  /// the task cancels the timer.
  func awaitTimer(_ key: UInt64, of wait: UInt64) async {
    await awaitChildren(of: wait) { [self] in cancel(tasks: [key]) }
  }

  /// The one wait for children, whatever they are: counted as waiting (not runnable) while any
  /// runs, resumed by the last one's ``finish(_:unparking:)``; `cancelChildren` on cancellation.
  private func awaitChildren(of wait: UInt64, cancelChildren: @escaping @Sendable () -> Void) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (parent: CheckedContinuation<Void, Never>) in
        let ended = withStorage { storage -> Bool in
          storage.changed()
          // Every child may have ended already: then there is nothing to wait for.
          guard storage.childWaits[wait] != nil else { return true }
          storage.childWaits[wait]?.parent = parent
          storage.counts.waitingOnChildren += 1
          return false
        }
        if ended { parent.resume() }
      }
    } onCancel: {
      cancelChildren()
    }
  }

  /// From now on, counts each effect in transit (``Counts/inTransit``): for a test store, whose
  /// quiet period must not run out while an effect waits for a thread.
  package func countInTransit() {
    countsInTransit.store(true, ordering: .relaxed)
  }

  /// An effect hands itself over to another executor (the store's actor, to send an action) and
  /// will come back to its own; returns whether ``endTransit()`` must be called when it is back.
  ///
  /// The hand-over there is not counted: the store's actor is the test's, free while the test
  /// waits. The way back is: the effect's own executor (the global pool) may be busy.
  func beginTransit() -> Bool {
    let counted = countsInTransit.load(ordering: .relaxed)
    if counted {
      withStorage { storage in
        storage.counts.inTransit += 1
        storage.changed()
      }
    }
    return counted
  }

  /// The effect that ``beginTransit()`` counted runs on its own executor again.
  func endTransit() {
    withStorage { storage in
      storage.counts.inTransit -= 1
      storage.changed()
    }
  }

  // MARK: - Throttles

  /// Decides, at `now` on the store's clock, what becomes of an effect throttled under `id`:
  /// at most one start per `interval`, the newest (`latest`) or oldest of those returned
  /// meanwhile running when the interval has passed. `pending` is kept if it is to run later.
  func throttle(
    id: EffectID, now: Duration, interval: Duration, latest: Bool, pending: any Sendable & AnyObject
  ) -> ThrottleDecision {
    withStorage { storage in
      var gate = storage.throttles[id] ?? ThrottleGate()
      defer { storage.throttles[id] = gate }
      // The run waiting for the interval was cancelled without its id (by its send's
      // `StoreTask` or an id around the throttle): forget it, or every later effect of the
      // window would be kept for, or dropped in favour of, a run that never comes.
      if let scheduled = gate.scheduledKey, storage.effects[scheduled]?.lifetime.isCancelled ?? true {
        gate.scheduledKey = nil
        gate.pending = nil
      }
      // While a run still waits to start — its time came, but it has not reached the main
      // actor yet — an effect joins its window: running this one now would start two in one
      // interval, the newer first.
      guard let lastRun = gate.lastRun, gate.scheduledKey != nil || now - lastRun < interval else {
        gate.lastRun = now
        return .runNow
      }
      let keep = latest || gate.pending == nil
      let replaced = keep ? gate.pending : nil
      if keep { gate.pending = pending }
      if let scheduled = gate.scheduledKey {
        return keep ? .kept(scheduled: scheduled, replaced: replaced) : .dropped
      }
      return .schedule(due: lastRun + interval)
    }
  }

  /// Records the task that will start the effect throttled under `id`.
  func setThrottleTask(id: EffectID, key: UInt64) {
    withStorage { $0.throttles[id]?.scheduledKey = key }
  }

  /// The effect throttled under `id` whose time came at `due`, now counted as its last run.
  func fireThrottle(id: EffectID, at due: Duration) -> (any Sendable & AnyObject)? {
    withStorage { storage in
      guard var gate = storage.throttles[id], let pending = gate.pending else { return nil }
      gate.pending = nil
      gate.scheduledKey = nil
      gate.lastRun = due
      storage.throttles[id] = gate
      return pending
    }
  }

  // MARK: - The store's lifetime

  /// Keeps a long-lived task (an epic) that is cancelled with the store but not counted as a
  /// running effect.
  func adopt(_ task: Task<Void, Never>) {
    let closed = withStorage { storage in
      storage.background.append(task)
      return storage.isClosed
    }
    if closed { task.cancel() }
  }

  /// Calls `handler` when the store is released (at once if it already was); returns the key
  /// that ``forgetWhenClosed(_:)`` takes once the handler is no longer needed.
  @discardableResult
  func whenClosed(_ handler: @escaping @Sendable () -> Void) -> UInt64 {
    let (key, closed) = withStorage { storage in
      storage.nextKey += 1
      if !storage.isClosed { storage.onClose[storage.nextKey] = handler }
      return (storage.nextKey, storage.isClosed)
    }
    if closed { handler() }
    return key
  }

  /// Drops the handler `whenClosed` registered under `key`.
  func forgetWhenClosed(_ key: UInt64) {
    _ = withStorage { $0.onClose.removeValue(forKey: key) }
  }

  /// Cancels every task and every task started from now on: the store is gone.
  func close() {
    let (effects, background, handlers) = withStorage { storage in
      storage.isClosed = true
      defer { storage.onClose.removeAll() }
      for (key, effect) in storage.effects where effect.task == nil {
        storage.effects[key]?.isCancelRequested = true
      }
      return (Array(storage.effects.values), storage.background, Array(storage.onClose.values))
    }
    for effect in effects {
      effect.lifetime.cancel()
      effect.task?.cancel()
    }
    endTimers(of: effects)
    for task in background { task.cancel() }
    for handler in handlers { handler() }
  }

  // MARK: - Changes

  /// Wakes every waiter without changing a counter: for outside sources of change.
  package func signal() {
    withStorage { $0.changed() }
  }

  /// Returns once the version has moved past `version`; stays on the caller's actor, so a
  /// wait from the main actor costs no hop to another executor and back.
  package func waitForChange(isolation: isolated (any Actor)? = #isolation, after version: UInt64) async {
    await withCheckedContinuation(isolation: isolation) { continuation in
      let changed = withStorage { storage in
        if storage.counts.version != version { return true }
        storage.waiters.append(continuation)
        return false
      }
      if changed { continuation.resume() }
    }
  }
}
