import Synchronization

/// The running effect tasks of one store, by cancellation id.
///
/// Tasks register and unregister themselves from any thread, so the table lives behind a
/// mutex rather than on the main actor: a finishing task must not need a hop to be forgotten.
/// A finished task leaves the table and every ``EffectGroup`` it joined, so a long-lived effect
/// that starts many short ones keeps memory flat.
///
/// The second layer of a store's one effect object (see ``EffectScheduler``).
@usableFromInline
package class EffectRegistry: EffectScheduler, @unchecked Sendable {
  private struct Entry {
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

  private struct Storage {
    var nextKey: UInt64 = 0
    var entries = SmallDictionary<UInt64, Entry>()
    var keysByID = SmallDictionary<EffectID, SmallDictionary<UInt64, Void>>()
    var cancelledKeys: Set<UInt64> = []
    var background: [Task<Void, Never>] = []
    var onClose: [UInt64: @Sendable () -> Void] = [:]
    var isClosed = false
    /// Where new effect tasks run; `nil`: the global concurrent executor.
    var executorPreference: (any TaskExecutor)?
    var throttles: [EffectID: ThrottleGate] = [:]

    /// Forgets the throttle of `id`. Hashing an id is most of the cost of restarting a
    /// timeout with `cancelInFlight`, and almost no store throttles: the empty table is not
    /// searched.
    mutating func forgetThrottle(_ id: EffectID) {
      if !throttles.isEmpty { throttles[id] = nil }
    }
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

  private let registryStorage = Mutex(Storage())

  /// The groups of a new entry: `group`, if any.
  private static func groups(_ group: EffectGroup?) -> SmallDictionary<ObjectIdentifier, EffectGroup> {
    var groups = SmallDictionary<ObjectIdentifier, EffectGroup>()
    if let group { groups[ObjectIdentifier(group)] = group }
    return groups
  }

  /// The registry of this store's effects: this object itself.
  @usableFromInline final var registry: EffectRegistry { self }

  /// Starts `body` as a task registered under `ids`, counted as running until it returns, and
  /// tracked by `group` while it runs.
  ///
  /// The task starts immediately: its body runs on the caller's thread up to its first
  /// suspension before this returns, so effects start in the order they were produced and a
  /// timer's first sleep is on the clock when `send` returns (TCA's order). It is registered
  /// before it starts, and gets its handle once it has suspended (or ended).
  @discardableResult
  final func spawn(
    ids: [EffectID], lifetime: EffectLifetime, group: EffectGroup?, priority: TaskPriority?,
    onMainThread: Bool = false, childOf wait: UInt64? = nil, _ body: @escaping @Sendable () async -> Void
  ) -> (key: UInt64, task: Task<Void, Never>) {
    scheduler.taskStarted()
    let (key, preference, isClosed) = registryStorage.withLock { storage in
      storage.nextKey += 1
      let key = storage.nextKey
      storage.entries[key] = Entry(
        task: nil, timer: nil, ids: ids, lifetime: lifetime, groups: Self.groups(group), childOf: wait)
      for id in ids { storage.keysByID[id, default: SmallDictionary()][key] = () }
      if storage.isClosed { lifetime.cancel() }
      return (key, storage.executorPreference ?? (onMainThread ? MainQueueTaskExecutor.shared : nil), storage.isClosed)
    }
    // On a virtual clock, a `.run` body sleeping on the clock directly is registered with this
    // store's scheduler through the task-local.
    let scheduler = self.scheduler
    let run: @Sendable () async -> Void
    if scheduler.clock.virtual == nil {
      run = body
    } else {
      run = {
        await EffectScheduler.$current.withValue(scheduler) {
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
    let cancelNow = registryStorage.withLock { storage -> Bool in
      // Gone: the body ended before its first suspension.
      guard var entry = storage.entries[key] else { return false }
      entry.task = task
      storage.entries[key] = entry
      // Joined under the lock, so `finish` (which takes it) cannot leave the group first.
      group?.add(key: key, task: task, lifetime: lifetime, registry: self)
      return entry.isCancelRequested
    }
    if cancelNow { task.cancel() }
    return (key, task)
  }

  /// Registers a time effect that waits as an entry of the clock's timer queue (no task) under
  /// `ids`, counted as running until ``finishTimer(_:)`` and tracked by `group` meanwhile.
  /// `makeEntry` makes the entry from its key; the caller arms it. Returns `nil` when the
  /// store is gone: the effect never runs.
  @usableFromInline
  final func registerTimer<Entry: TimerEntry>(
    ids: [EffectID], lifetime: EffectLifetime, group: EffectGroup?, _ makeEntry: (UInt64) -> Entry
  ) -> Entry? {
    let registered = registryStorage.withLock { storage -> Entry? in
      if storage.isClosed { return nil }
      storage.nextKey += 1
      let key = storage.nextKey
      let timer = makeEntry(key)
      storage.entries[key] = Self.Entry(
        task: nil, timer: timer, ids: ids, lifetime: lifetime, groups: Self.groups(group), childOf: nil)
      for id in ids { storage.keysByID[id, default: SmallDictionary()][key] = () }
      return timer
    }
    guard let registered else { return nil }
    scheduler.taskStarted()
    // Outside the lock: a cancelled group cancels the entry through this registry. The entry
    // is not armed yet, so it cannot end (and leave the group) first.
    if group?.add(key: registered.key, task: nil, lifetime: lifetime, registry: self) == true {
      cancel(tasks: [registered.key])
      return nil
    }
    return registered
  }

  /// The timer entry `key` has run its course (or found its store gone): it is no longer
  /// running. Does nothing if it already ended (cancelled meanwhile).
  final func finishTimer(_ key: UInt64) {
    finish(key)
  }

  /// Runs the tasks spawned from now on on `executor` (`nil`: the global concurrent executor).
  final func preferExecutor(_ executor: (any TaskExecutor)?) {
    registryStorage.withLock { $0.executorPreference = executor }
  }

  /// Makes `group` wait for the task `key` too, if it is still running.
  final func join(key: UInt64, group: EffectGroup) {
    let cancelTimer = registryStorage.withLock { storage -> Bool in
      guard var entry = storage.entries[key], entry.task != nil || entry.timer != nil else { return false }
      guard entry.groups[ObjectIdentifier(group)] == nil else { return false }
      entry.groups[ObjectIdentifier(group)] = group
      storage.entries[key] = entry
      return group.add(key: key, task: entry.task, lifetime: entry.lifetime, registry: self) && entry.task == nil
    }
    if cancelTimer { cancel(tasks: [key]) }
  }

  /// Stops `group` waiting for the task `key`: what it waited for is no longer its own.
  final func leave(key: UInt64, group: EffectGroup) {
    registryStorage.withLock { storage in
      _ = storage.entries[key]?.groups.removeValue(forKey: ObjectIdentifier(group))
    }
    group.remove(key: key)
  }

  private final func finish(_ key: UInt64) {
    let ended = registryStorage.withLock { storage -> (Bool, [EffectGroup], UInt64?)? in
      guard let entry = storage.entries.removeValue(forKey: key) else { return nil }
      // One lookup of the id (two while others share it): each is an `EffectID` comparison.
      for id in entry.ids {
        guard var keys = storage.keysByID.removeValue(forKey: id) else { continue }
        keys.removeValue(forKey: key)
        if !keys.isEmpty { storage.keysByID[id] = keys }
      }
      return (storage.cancelledKeys.remove(key) != nil, entry.groups.values, entry.childOf)
    }
    guard let (wasCancelled, groups, wait) = ended else { return }
    // Counted as ended before it leaves its groups: once a group's wait returns, the counters
    // no longer show its tasks.
    scheduler.taskEnded(wasCancelled: wasCancelled, childOf: wait)
    for group in groups { group.remove(key: key) }
  }

  /// Cancels the tasks with `keys`, counting each as cancelling until it ends.
  private final func cancel(keys: (inout Storage) -> [UInt64]) {
    let (entries, newlyCancelled) = registryStorage.withLock { storage in
      var entries: [Entry] = []
      var newlyCancelled = 0
      for key in keys(&storage) {
        guard let entry = storage.entries[key] else { continue }
        // Set under the lock, on the caller's thread: once `cancel` returns, no send of
        // these effects gets through.
        entry.lifetime.cancel()
        if entry.task == nil { storage.entries[key]?.isCancelRequested = true }
        entries.append(entry)
        if storage.cancelledKeys.insert(key).inserted { newlyCancelled += 1 }
      }
      return (entries, newlyCancelled)
    }
    if newlyCancelled > 0 { scheduler.tasksCancelled(newlyCancelled) }
    for entry in entries { entry.task?.cancel() }
    endTimers(of: entries)
  }

  /// Takes the cancelled timer entries among `entries` out of their queue; they end at once,
  /// having no task to wind down.
  private final func endTimers(of entries: some Sequence<Entry>) {
    for entry in entries {
      guard let timer = entry.timer else { continue }
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
  final func inFlight(replacing id: EffectID) -> [UInt64] {
    registryStorage.withLock { storage in
      storage.forgetThrottle(id)
      return storage.keysByID[id]?.keys ?? []
    }
  }

  /// Cancels the tasks with `keys` that are still running.
  @usableFromInline
  final func cancel(tasks keys: [UInt64]) {
    if keys.isEmpty { return }
    cancel { _ in keys }
  }

  /// Cancels every task registered under `id`, and forgets its throttle.
  @usableFromInline
  final func cancel(id: EffectID) {
    cancel { storage in
      storage.forgetThrottle(id)
      return storage.keysByID[id]?.keys ?? []
    }
  }

  /// Decides, at `now` on the store's clock, what becomes of an effect throttled under `id`:
  /// at most one start per `interval`, the newest (`latest`) or oldest of those returned
  /// meanwhile running when the interval has passed. `pending` is kept if it is to run later.
  final func throttle(
    id: EffectID, now: Duration, interval: Duration, latest: Bool, pending: any Sendable & AnyObject
  ) -> ThrottleDecision {
    registryStorage.withLock { storage in
      var gate = storage.throttles[id] ?? ThrottleGate()
      defer { storage.throttles[id] = gate }
      // The run waiting for the interval was cancelled without its id (by its send's
      // `StoreTask` or an id around the throttle): forget it, or every later effect of the
      // window would be kept for, or dropped in favour of, a run that never comes.
      if let scheduled = gate.scheduledKey, storage.entries[scheduled]?.lifetime.isCancelled ?? true {
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
  final func setThrottleTask(id: EffectID, key: UInt64) {
    registryStorage.withLock { $0.throttles[id]?.scheduledKey = key }
  }

  /// The effect throttled under `id` whose time came at `due`, now counted as its last run.
  final func fireThrottle(id: EffectID, at due: Duration) -> (any Sendable & AnyObject)? {
    registryStorage.withLock { storage in
      guard var gate = storage.throttles[id], let pending = gate.pending else { return nil }
      gate.pending = nil
      gate.scheduledKey = nil
      gate.lastRun = due
      storage.throttles[id] = gate
      return pending
    }
  }

  /// Whether an effect is registered under `id` now.
  private final func isRunning(id: EffectID) -> Bool {
    registryStorage.withLock { $0.keysByID[id] != nil }
  }

  /// Waits until no effect is registered under `id`, including effects registered while it
  /// waits: woken by each change of the scheduler's counters, which every end of an effect is.
  final func finish(id: EffectID, isolation: isolated (any Actor)? = #isolation) async {
    await scheduler.settle(until: { !isRunning(id: id) }, stopsWhenIdle: false)
  }

  /// The keys of the tasks running now.
  package final var runningKeys: Set<UInt64> {
    registryStorage.withLock { Set($0.entries.keys) }
  }

  /// Cancels every running effect task; the store stays usable.
  package final func cancelAll() {
    cancel { Array($0.entries.keys) }
  }

  /// Keeps a long-lived task (an epic) that is cancelled with the store but not counted as a
  /// running effect.
  final func adopt(_ task: Task<Void, Never>) {
    let closed = registryStorage.withLock { storage in
      storage.background.append(task)
      return storage.isClosed
    }
    if closed { task.cancel() }
  }

  /// Calls `handler` when the store is released (at once if it already was); returns the key
  /// that ``forgetWhenClosed(_:)`` takes once the handler is no longer needed.
  @discardableResult
  final func whenClosed(_ handler: @escaping @Sendable () -> Void) -> UInt64 {
    let (key, closed) = registryStorage.withLock { storage in
      storage.nextKey += 1
      if !storage.isClosed { storage.onClose[storage.nextKey] = handler }
      return (storage.nextKey, storage.isClosed)
    }
    if closed { handler() }
    return key
  }

  /// Drops the handler `whenClosed` registered under `key`.
  final func forgetWhenClosed(_ key: UInt64) {
    _ = registryStorage.withLock { $0.onClose.removeValue(forKey: key) }
  }

  /// Cancels every task and every task started from now on: the store is gone.
  final func close() {
    let (entries, background, handlers) = registryStorage.withLock { storage in
      storage.isClosed = true
      defer { storage.onClose.removeAll() }
      for (key, entry) in storage.entries where entry.task == nil {
        storage.entries[key]?.isCancelRequested = true
      }
      return (Array(storage.entries.values), storage.background, Array(storage.onClose.values))
    }
    for entry in entries {
      entry.lifetime.cancel()
      entry.task?.cancel()
    }
    endTimers(of: entries)
    for task in background { task.cancel() }
    for handler in handlers { handler() }
  }
}
