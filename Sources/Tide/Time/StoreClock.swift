/// The store's clock, reduced to what effects need: the time since the store started and the
/// queue its time effects wait in. Offsets as `Duration` keep timer arithmetic exact for any
/// clock.
///
/// It holds no clock of its own: the time is read from, and the store's timer entries wait in,
/// the queue its clock and actor share with every other store on them (a ``TimerQueue``, or the
/// ``VirtualClock`` itself), shifted by the store's start. So a store's clock allocates nothing
/// and costs a few words — what a server keeping 100,000 stores pays for each one's time.
@usableFromInline
struct StoreClock: Sendable {
  /// The queue the store's timer entries wait in and its time is read from.
  private let timers: any TimerScheduling
  /// The store's start on the queue's scale: a store's offset plus this is the queue's.
  private let timerShift: Duration
  /// The actor the store's effects hand their actions to, where its timer entries fire.
  ///
  /// Unowned: the store belongs to that actor, which keeps it, and a store holding its actor
  /// back would keep an actor that keeps its own store alive for ever (one per session, in a
  /// server). Read only on that actor — alive there, since the code reading it runs on it —
  /// or through ``EffectEngine/home``, which holds the actor while any effect runs.
  @usableFromInline unowned(unsafe) let home: any Actor
  /// The identity of ``home``, which a check of the caller's actor compares without touching
  /// the actor.
  @usableFromInline let homeIdentity: ObjectIdentifier

  /// The clock `clock`, for a store whose effects run on `home`; its timer entries wait in the
  /// queue of `timerHome` (by default `home` itself), which fires them there or hands them to
  /// `home` (see ``TimerEntry/dispatch(firingHereOn:)``).
  @usableFromInline
  init(_ clock: any Clock<Duration>, home: any Actor = MainActor.shared, timerHome: (any Actor)? = nil) {
    self = Self.make(clock, home: home, timerHome: timerHome ?? home)
  }

  private init(timers: any TimerScheduling, timerShift: Duration, home: any Actor) {
    self.timers = timers
    self.timerShift = timerShift
    self.home = home
    self.homeIdentity = ObjectIdentifier(home)
  }

  private static func make<C: Clock<Duration>>(_ clock: C, home: any Actor, timerHome: any Actor) -> StoreClock {
    // A type comparison, not a cast: a store on a real clock does not pay a dynamic cast.
    let timers: any TimerScheduling =
      C.self == VirtualClock.self
      ? unsafeDowncast(clock as AnyObject, to: VirtualClock.self)
      : TimerQueueTable.process.scheduling(for: clock, home: timerHome)
    return StoreClock(timers: timers, timerShift: timers.timeNow, home: home)
  }

  /// Whether the clock is a ``VirtualClock``, the one kind that can tell who sleeps on it.
  var isVirtual: Bool { timers is VirtualClock }

  /// Whether the clock is `clock`.
  func `is`(_ clock: VirtualClock) -> Bool { timers === clock }

  /// Whether the clock is real time (continuous or suspending): the clock resumes every sleeper
  /// once its deadline has passed, where a test clock moved by hand (swift-clocks' `TestClock`)
  /// may keep a sleep that reached it at exactly its current time asleep until its next move.
  ///
  /// On a clock that is not, Tide fires every timer entry the clock's reading made due, in
  /// deadline order, each at its deadline (``FiringInstant``): a repeating timer never skips a
  /// tick there, however far one move of the clock took it.
  var isRealTime: Bool { timers.isRealTime }

  /// Puts `entry` in the clock's timer queue, due at `deadline` (an offset from the store's
  /// creation).
  func arm(_ entry: TimerEntry, at deadline: Duration) {
    timers.arm(entry, at: deadline + timerShift)
  }

  /// On a clock moved by hand, wakes the queue if the clock passed its wake before it took
  /// the queue's sleep (see ``TimerQueue``), while the caller holds the store's actor.
  func wakeIfOverdue() {
    timers.wakeIfOverdue()
  }

  /// `time`, on the scale of the clock's queue, as an offset from the store's creation.
  func offset(ofQueueTime time: Duration) -> Duration {
    time - timerShift
  }

  /// Takes `entry` out of the clock's timer queue, if it is still there.
  func disarm(_ entry: TimerEntry) {
    timers.disarm(entry)
  }

  /// The time elapsed on the clock since the store was created, as the store reads it: while
  /// one of its timer entries fires on a clock Tide does not drive in real time, the entry's
  /// deadline (``FiringInstant``).
  @usableFromInline var now: Duration { timers.timeNow - timerShift }

  /// The clock's reading since the store was created, whatever fires: what a sleeper's
  /// deadline is due by.
  var reading: Duration { timers.clockReading - timerShift }

  /// Runs `body`, a timer entry firing at `deadline` on the scale of the clock's queue, with
  /// the store's time reading that deadline (see ``now``).
  func firing(at deadline: Duration, _ body: () -> Void) {
    FiringInstant.during(deadline, on: timers, body)
  }
}
