import Synchronization

/// A wait on the store's clock for a deadline: an entry in its clock's timer queue, not a task.
/// A declarative time effect (`.send(after:)`, a timer or interval tick, debounce, a throttled
/// or delayed start) is one, and so is an effect task's sleep (``TaskSleep``).
///
/// Arming one is an insert into the queue of the store's clock and actor (a ``TimerQueue``, or
/// the ``VirtualClock`` itself); while it waits it is parked with the store's
/// ``EffectEngine``, so it counts as asleep until a time still to come. When its deadline comes
/// it is unparked — runnable from that instant, so idle is never reported between the wake and
/// what it does — and ``fire()`` runs on the store's actor (``due(at:firingHereOn:)``).
///
/// Cancelling a time effect (by id, by its send's `StoreTask`, or because the store went away)
/// takes it out of the queue at once: a cancelled one holds nothing and never fires. A sleep is
/// cancelled with its task.
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
  /// The sequence number of its live item in its clock's queue, a ``TimerQueue`` or a
  /// ``VirtualClock``'s sleepers (0: not armed). Read and written under that queue's lock.
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
  ///
  /// A ``VirtualClock`` parks the entry itself, under its lock as it takes it: its parked
  /// sleepers count as idle whatever their deadline, and an entry parked before the clock had
  /// it — armed off the store's actor, a task's sleep — could be missed by a driver that moved
  /// the clock in between, seeing the store idle.
  @usableFromInline
  func arm(at deadline: Duration) {
    let clock = engine.clock
    if engine.clockIsRealTime, deadline <= clock.now {
      dispatch(dueAt: nil, firingHereOn: nil)
      return
    }
    if !engine.clockIsVirtual { park(until: deadline) }
    clock.arm(self, at: deadline)
  }

  /// Parks the entry with its store until `deadline` (an offset on the store's clock), or moves
  /// the sleeper it kept through its firing there.
  func park(until deadline: Duration) {
    let parked = parkKey.load(ordering: .relaxed)
    if parked == 0 || !engine.repark(parked, deadline: deadline) {
      parkKey.store(engine.park(deadline: deadline), ordering: .relaxed)
    }
  }

  /// The entry has run its course (or found its store gone): it is no longer running, nor
  /// parked if it still was (fired without leaving its sleeper, see ``TimerQueue``). One lock
  /// section of the engine. Does nothing if it already ended (cancelled meanwhile).
  func finish() {
    engine.finishTimer(key, unparking: parkKey.exchange(0, ordering: .relaxed))
  }

  /// Takes the entry out of its queue and the store's sleepers: it was cancelled.
  @usableFromInline
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

  /// The one route from due to fired, whoever found the entry due — its clock's queue, a
  /// virtual clock's move, an arm whose deadline had passed: fires it right here when `caller`
  /// (the actor the caller is isolated to) is the store's actor — a virtual clock moved by the
  /// store's own actor, where a replay fires one entry at a time, or a queue on that actor —
  /// else queues it with its store, whose due entries fire there in the order they came due, and
  /// returns the hop that fires them: `nil` when one is under way, or when the store's last
  /// effect ended meanwhile and there is nothing to fire.
  ///
  /// The direct call is what makes a replay's `wait` cost the firings it covers: a task per
  /// firing (even an immediate one) cost as much as the store's work on it. Through one queue
  /// a store, since tasks hopping to an actor from the pool may reach it in any order.
  func due(at deadline: Duration?, firingHereOn caller: (any Actor)?) -> DueEntriesHop? {
    if let caller, livesOn(caller) {
      // `caller` is the actor the calling code is isolated to, so this runs on the store's
      // actor, where `fire()` must run.
      fire(dueAt: deadline)
      return nil
    }
    guard let home = engine.queueDue(self, dueAt: deadline) else { return nil }
    return DueEntriesHop(home: home, engine: engine)
  }

  /// ``due(at:firingHereOn:)`` from code that does not wait for the store's actor: the hop, if
  /// one is needed, is a task.
  func dispatch(dueAt deadline: Duration?, firingHereOn caller: (any Actor)?) {
    due(at: deadline, firingHereOn: caller)?.start()
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
  /// On a clock moved by hand, wakes the queue if the clock passed its wake before it took the
  /// queue's sleep (see ``TimerQueue``). The caller keeps the queue's actor alive: it holds a
  /// store whose running effects hold the store's actor, which is the queue's or lives on
  /// `StoreActorTimers`' shared one, which never goes away.
  func wakeIfOverdue()
  /// Whether the clock keeps real time (continuous or suspending): it resumes every sleeper
  /// once its deadline has passed.
  var isRealTime: Bool { get }
}
