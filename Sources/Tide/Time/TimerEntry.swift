import Synchronization

/// A declarative time effect (`.send(after:)`, a timer or interval tick, debounce, a throttled
/// or delayed start) waiting for its deadline: an entry in its clock's timer queue, not a task.
///
/// Arming one is an insert into the queue of the store's clock and actor (a ``TimerQueue``, or
/// the ``VirtualClock`` itself); while it waits it is parked with the store's
/// ``EffectEngine``, so it counts as an effect asleep until a time still to come. When its
/// deadline comes it is unparked first — runnable from that instant, so idle is never reported
/// between the wake and the action — and then ``fire()`` runs on the store's actor.
///
/// Cancelling it (by id, by its send's `StoreTask`, or because the store went away) takes it
/// out of the queue at once: a cancelled time effect holds nothing and never fires.
@usableFromInline
class TimerEntry: @unchecked Sendable {
  // @unchecked: the stored properties are `let`s of sendable types or atomics; subclasses add
  // only `let`s of sendable types (checked by their own `Sendable` requirements on the values
  // they capture), so the class is as sendable as its fields.
  /// The store's engine, where the entry is registered under its cancellation ids.
  let engine: EffectEngine
  /// Its key in ``engine``.
  @usableFromInline let key: UInt64
  /// The key of its parked sleep with ``engine`` (0: not parked).
  let parkKey = Atomic<UInt64>(0)
  /// The sequence number of its live item in a ``TimerQueue`` (0: not armed there).
  let queueSequence = Atomic<UInt64>(0)

  init(engine: EffectEngine, key: UInt64) {
    self.engine = engine
    self.key = key
  }

  /// Runs the effect whose time came, on the store's actor (its clock's `home`). Overridden by each kind of entry.
  func fire() {}

  /// Arms the entry for `deadline` (an offset on the store's clock): parked with the store's
  /// engine and inserted into its clock's queue.
  ///
  /// On a real clock, a deadline already reached fires from a task on ``home`` after the work
  /// under way, as a sleep that ends at once did. On a clock Tide does not drive in real time
  /// it goes into the queue like any other, which fires every entry due in deadline order —
  /// an entry armed late (a tick re-armed after its clock was moved on) keeps its place.
  ///
  /// An entry re-armed as it fires (a timer's next tick) is still parked, at the deadline that
  /// came: its sleeper is moved to the new deadline, in one lock section of the engine.
  @usableFromInline
  func arm(at deadline: Duration) {
    let clock = engine.clock
    if engine.clockIsRealTime, deadline <= clock.now {
      dispatch(dueAt: nil, firingHereOn: nil)
      return
    }
    let parked = parkKey.load(ordering: .relaxed)
    if parked == 0 || !engine.repark(parked, deadline: deadline) {
      parkKey.store(engine.park(deadline: deadline), ordering: .relaxed)
    }
    clock.arm(self, at: deadline)
  }

  /// The entry has run its course (or found its store gone): it is no longer running, nor
  /// parked if it still was (fired without leaving its sleeper, see ``TimerQueue``). One lock
  /// section of the engine. Does nothing if it already ended (cancelled meanwhile).
  func finish() {
    engine.finishTimer(key, unparking: parkKey.exchange(0, ordering: .relaxed))
  }

  /// Takes the entry out of its queue and the store's sleepers: it was cancelled.
  func disarm() {
    engine.clock.disarm(self)
    unpark()
  }

  /// Its deadline came: it is runnable from now on.
  func unpark() {
    let key = parkKey.exchange(0, ordering: .relaxed)
    if key != 0 { engine.unpark(key) }
  }

  /// Whether the entry's store lives on `actor`, where ``fire()`` may then run.
  func livesOn(_ actor: any Actor) -> Bool {
    ObjectIdentifier(actor) == engine.clock.homeIdentity
  }

  /// Runs ``fire()``, on the store's actor; at `deadline` (on the scale of the clock's queue)
  /// when given — on a clock Tide does not drive in real time — which the store's time then
  /// reads (``FiringInstant``), whatever the clock reads by now.
  func fire(dueAt deadline: Duration?) {
    guard let deadline else {
      fire()
      return
    }
    engine.clock.firing(at: deadline) { fire() }
  }

  /// Runs ``fire()`` on the store's actor, from a task that waits for it: how a queue shared
  /// by many store actors hands each its entries. Through the store's queue of due entries, as
  /// ``dispatch(dueAt:firingHereOn:)`` does, so a store's entries fire in the order they came
  /// due whichever way they came.
  func fireOnItsStore(dueAt deadline: Duration?) async {
    // No actor: the entry joined a job under way, or was cancelled with the store's last effect.
    guard let home = engine.queueDue(self, dueAt: deadline) else { return }
    await home.fireQueuedDue(of: engine)
  }

  /// Runs ``fire()`` on the store's actor, at `deadline` when given (see ``fire(dueAt:)``):
  /// right here when `caller` (the actor the caller is isolated to) is that actor — a virtual
  /// clock moved by the store's own actor, where a replay fires one entry at a time — else as a
  /// job queued there.
  ///
  /// The direct call is what makes a replay's `wait` cost the firings it covers: a task per
  /// firing (even an immediate one) cost as much as the store's work on it.
  func dispatch(dueAt deadline: Duration?, firingHereOn caller: (any Actor)?) {
    if let caller, livesOn(caller) {
      // `caller` is the actor the calling code is isolated to, so this runs on the store's
      // actor, where `fire()` must run.
      fire(dueAt: deadline)
      return
    }
    // On a real clock, a task isolated to the main actor is queued there at once, in the order
    // made. (On a clock moved by hand, entries due together go through the store's queue of
    // due entries below, which fires them in deadline order.)
    if deadline == nil, engine.clock.homeIdentity == ObjectIdentifier(MainActor.shared) {
      // Held while the entry is registered; none held, the entry was cancelled meanwhile and
      // with it the store's last effect: there is nothing to fire.
      guard engine.home != nil else { return }
      Task { @MainActor in self.fire() }
      return
    }
    // A task hopping to another actor from the pool may overtake the one made before it: the
    // entries due go through the store's queue, fired in order by one job.
    let engine = self.engine
    if let home = engine.queueDue(self, dueAt: deadline) {
      Task { await home.fireQueuedDue(of: engine) }
    }
  }
}

extension Actor {
  /// Fires the due timer entries of `engine`'s store, which lives here, in their order.
  fileprivate func fireQueuedDue(of engine: EffectEngine) {
    engine.fireQueuedDue()
  }
}

/// What arms timer entries and tells the time: a clock's queue of deadlines (``TimerQueue``
/// for a real or test clock, the ``VirtualClock`` itself). Times are on the queue's own scale;
/// ``StoreClock`` converts a store's offsets to it.
protocol TimerScheduling: AnyObject, Sendable {
  func arm(_ entry: TimerEntry, at deadline: Duration)
  func disarm(_ entry: TimerEntry)
  /// The time now as a store reads it, on the queue's scale: the clock's reading — or, while
  /// an entry of this queue fires on this thread on a clock Tide does not drive in real time,
  /// that entry's deadline (``FiringInstant``).
  var timeNow: Duration { get }
  /// The clock's reading, on the queue's scale, whatever fires: what is due is due by it.
  var clockReading: Duration { get }
  /// Sleeps on the clock until it reads `deadline`, on the queue's scale.
  func sleep(untilTime deadline: Duration) async throws
  /// Whether the clock keeps real time (continuous or suspending): it resumes every sleeper
  /// once its deadline has passed, and a main-actor store runs its timers on the main queue.
  var isRealTime: Bool { get }
}
