import Synchronization

/// A clock that moves only when told to and knows who is asleep on it: the time source of
/// headless replays, where every timer must fire at its exact instant on every run.
///
/// Unlike a clock that resumes all due sleepers at once, it wakes them one at a time, earliest
/// deadline first and in order of arrival for equal deadlines; Tide's replay driver lets each
/// one finish its work before the next wakes. In tests, move it with ``advance(by:isolation:)``:
/// every timer, interval, debounce and throttle firing due within the move fires, in deadline
/// order and each at its own instant — before `advance` returns for the stores on the caller's
/// actor.
public final class VirtualClock: Clock, TimerScheduling, Sendable {
  /// A point on a virtual clock: an offset from its start.
  public struct Instant: InstantProtocol, Sendable {
    /// The time since the clock started.
    public var offset: Duration

    /// Creates an instant at `offset` from the clock's start.
    public init(offset: Duration = .zero) {
      self.offset = offset
    }

    /// The instant `duration` later.
    public func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    /// The time from this instant to `other`.
    public func duration(to other: Self) -> Duration { other.offset - offset }
    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  /// A task asleep on the clock. An object, so a woken sleeper is one reference whichever
  /// kind it is, and a timer's tick moves nothing bigger out of the lock.
  private final class TaskSleeper: Sendable {
    let continuation: CheckedContinuation<Void, any Error>
    /// The store whose effect sleeps here, and its key for the sleep there.
    let parked: (engine: EffectEngine, key: UInt64)?

    init(continuation: CheckedContinuation<Void, any Error>, parked: (engine: EffectEngine, key: UInt64)?) {
      self.continuation = continuation
      self.parked = parked
    }

    /// Tells the store the task is runnable again: called under the clock's lock, as it leaves
    /// the sleepers, so the store never counts it asleep after it was woken.
    func unpark() {
      if let parked { parked.engine.unpark(parked.key) }
    }
  }

  private typealias Observer = (key: UInt64, onChange: @Sendable () -> Void)

  private struct Storage {
    var now = Instant()
    var nextID: UInt64 = 0
    var sleepers = VirtualClockSleepers<TaskSleeper>()
    /// Read under the lock and called after it; an array, so handing it out copies nothing.
    var observers: [Observer] = []
    var nextObserver: UInt64 = 0
    /// How many ``advance(to:isolation:)`` calls are moving the clock now: while one is, an
    /// entry armed due joins the sleepers, for the move to fire in its turn.
    var advancing = 0
  }

  private let storage = Mutex(Storage())

  /// Creates a clock that reads zero.
  public init() {}

  /// The current time.
  public var now: Instant { storage.withLock { $0.now } }

  /// The clock has no resolution limit.
  public var minimumResolution: Duration { .zero }

  /// How many tasks are asleep on the clock.
  package var sleeperCount: Int { storage.withLock { $0.sleepers.count } }

  /// The earliest deadline of a sleeper, if any.
  package var nextDeadline: Instant? {
    storage.withLock { storage in storage.sleepers.earliestDeadline().map(Instant.init(offset:)) }
  }

  /// Calls `onChange` (from any thread) whenever a sleeper arrives or leaves, so a driver can
  /// wait for "everyone is asleep" without polling, until ``removeObserver(_:)`` is called with
  /// the key returned. Several can watch at once (a replay's driver and its idle wait).
  package func addObserver(_ onChange: @escaping @Sendable () -> Void) -> UInt64 {
    storage.withLock { storage in
      storage.nextObserver += 1
      storage.observers.append((storage.nextObserver, onChange))
      return storage.nextObserver
    }
  }

  /// Stops calling the observer that ``addObserver(_:)`` returned `key` for.
  package func removeObserver(_ key: UInt64) {
    storage.withLock { $0.observers.removeAll { $0.key == key } }
  }

  /// Suspends until the clock reaches `deadline`; returns at once if it already has.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = storage.withLock { storage -> UInt64 in
      storage.nextID += 1
      return storage.nextID
    }
    let engine = EffectEngine.current
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let outcome = storage.withLock { storage -> (Result<Void, any Error>?, [Observer]) in
          if Task.isCancelled { return (.failure(CancellationError()), []) }
          if deadline <= storage.now { return (.success(()), []) }
          // Registered with the store under the lock, before any wake can see the sleeper.
          let parked = engine.flatMap { engine in
            engine.park(on: self, deadline: deadline).map { (engine, $0) }
          }
          storage.sleepers.insert(
            task: TaskSleeper(continuation: continuation, parked: parked), id: id, deadline: deadline.offset)
          return (nil, storage.observers)
        }
        if let result = outcome.0 { continuation.resume(with: result) }
        for observer in outcome.1 { observer.onChange() }
      }
    } onCancel: {
      let removed = storage.withLock { storage -> (TaskSleeper?, [Observer]) in
        guard let sleeper = storage.sleepers.remove(taskID: id) else { return (nil, []) }
        sleeper.unpark()
        return (sleeper, storage.observers)
      }
      removed.0?.continuation.resume(throwing: CancellationError())
      for observer in removed.1 { observer.onChange() }
    }
  }

  /// Moves the clock to the earliest sleeper's deadline, if it is not after `limit`, and wakes
  /// that one sleeper. Returns whether a sleeper was woken.
  ///
  /// A store's timer entry fires right here, before this returns, when the caller is isolated
  /// to the store's actor (a replay, which waits for the store to be idle after each wake
  /// anyway); else it is queued on the store's actor.
  @discardableResult
  package func wakeNext(notAfter limit: Instant, isolation: isolated (any Actor)? = #isolation) -> Bool {
    wake(notAfter: limit, firingHereOn: isolation)
  }

  /// Wakes the earliest sleeper due by `limit`: resumes the task, or fires the entry on its
  /// store's actor at its deadline — right here when `caller` (the actor the caller is isolated
  /// to) is that actor, a replay waking one sleeper at a time or a test moving the clock; else
  /// as a job queued there, as a resumed task would run.
  private func wake(notAfter limit: Instant, firingHereOn caller: (any Actor)?) -> Bool {
    let due = storage.withLock { storage -> (deadline: Duration, woken: VirtualClockSleepers<TaskSleeper>.Woken)? in
      guard let due = storage.sleepers.removeEarliest(notAfter: limit.offset) else { return nil }
      // Unparked under the lock, as the sleeper leaves, so its store never counts it asleep
      // after it was woken.
      switch due.woken {
      case .task(let task): task.unpark()
      case .entry(let entry): entry.unpark()
      }
      if storage.now.offset < due.deadline { storage.now = Instant(offset: due.deadline) }
      return due
    }
    guard let due else { return false }
    switch due.woken {
    case .task(let task): task.continuation.resume()
    case .entry(let entry): entry.dispatch(dueAt: due.deadline, firingHereOn: caller)
    }
    return true
  }

  /// Adds a timer entry due at `deadline` (an offset from the clock's start). One the clock
  /// has reached already — `.send(after: .zero)`, a tick re-armed by a store that got to its
  /// last one after the clock moved on — is due at once: a move under way fires it in its turn
  /// (see ``advance(to:isolation:)``); else it is queued on its store's actor, which fires its
  /// due entries in deadline order.
  func arm(_ entry: TimerEntry, at deadline: Duration) {
    let observers = storage.withLock { storage -> [Observer]? in
      if deadline <= storage.now.offset, storage.advancing == 0 { return nil }
      // Parked under the lock, before any wake or driver can see the clock without it.
      entry.park(until: entry.engine.clock.offset(ofQueueTime: deadline))
      storage.nextID += 1
      storage.sleepers.insert(entry: entry, id: storage.nextID, deadline: deadline)
      return storage.observers
    }
    guard let observers else {
      entry.dispatch(dueAt: deadline, firingHereOn: nil)
      return
    }
    for observer in observers { observer.onChange() }
  }

  var timeNow: Duration {
    if let deadline = FiringInstant.deadline(on: self) { return deadline }
    return now.offset
  }

  var clockReading: Duration { now.offset }

  var isRealTime: Bool { false }

  /// Never needed: the clock wakes its sleepers itself, as it moves.
  func wakeIfOverdue() {}

  /// Removes a timer entry that was cancelled before its deadline.
  func disarm(_ entry: TimerEntry) {
    let observers = storage.withLock { storage -> [Observer] in
      guard storage.sleepers.remove(entry: entry) else { return [] }
      return storage.observers
    }
    for observer in observers { observer.onChange() }
  }

  /// Moves the clock forward to `instant`, waking every sleeper due by then in deadline order,
  /// the clock reading each one's deadline as it wakes.
  ///
  /// A timer entry of a store on the caller's actor (`isolation`, the caller's by default —
  /// the main actor in a `@MainActor` test) fires right here: every timer tick, debounce and
  /// throttle firing due within the move — those it arms on the way included, a timer's next
  /// tick for one — is delivered before this returns, in deadline order, each at its instant.
  /// Those of stores on other actors are queued there in the same order, and fire each at its
  /// instant (``StoreTime/now`` reads it) when their actor gets to them.
  public func advance(to instant: Instant, isolation: isolated (any Actor)? = #isolation) {
    storage.withLock { $0.advancing += 1 }
    while wake(notAfter: instant, firingHereOn: isolation) {}
    storage.withLock { storage in
      if storage.now < instant { storage.now = instant }
    }
    // A sleeper that arrived after the last wake but before the clock moved is already due,
    // and nothing else would ever wake it; one arriving from now on sees the new time.
    while wake(notAfter: instant, firingHereOn: isolation) {}
    storage.withLock { $0.advancing -= 1 }
    // An entry armed due after the last wake but before the move ended joined the sleepers;
    // one armed from now on is queued on its store's actor.
    while wake(notAfter: instant, firingHereOn: isolation) {}
  }

  /// Moves the clock forward by `duration`; see ``advance(to:isolation:)``.
  public func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) {
    advance(to: now.advanced(by: duration), isolation: isolation)
  }
}
