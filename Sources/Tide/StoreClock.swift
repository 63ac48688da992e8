/// The store's clock, reduced to what effects need: the time since the store started and a
/// sleep until such a time. Offsets as `Duration` keep timer arithmetic exact for any clock.
@usableFromInline
struct StoreClock: Sendable {
  private let readNow: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration) async throws -> Void
  /// The clock when it is a ``VirtualClock``: the one kind that can tell who sleeps on it.
  let virtual: (clock: VirtualClock, origin: VirtualClock.Instant)?
  /// Whether Tide's timers run on the main queue (a real clock's); test clocks keep them on
  /// the global pool.
  let runsTimersOnMainQueue: Bool
  /// The queue the store's timer entries wait in: shared by every store on this clock and
  /// actor (the ``VirtualClock`` itself when the clock is one).
  private let timers: any TimerScheduling
  /// The store's start on the queue's scale: a store's offset plus this is the queue's.
  private let timerShift: Duration
  /// The actor the store's effects hand their actions to, where its timer entries fire.
  let home: any Actor

  /// The clock `clock`, for a store whose effects run on `home`.
  init(_ clock: any Clock<Duration>, home: any Actor = MainActor.shared) {
    self = Self.make(clock, home: home)
  }

  private init(
    now: @escaping @Sendable () -> Duration,
    sleepUntil: @escaping @Sendable (Duration) async throws -> Void,
    virtual: (clock: VirtualClock, origin: VirtualClock.Instant)?,
    runsTimersOnMainQueue: Bool,
    timers: any TimerScheduling,
    timerShift: Duration,
    home: any Actor
  ) {
    self.home = home
    self.readNow = now
    self.sleepUntil = sleepUntil
    self.virtual = virtual
    self.runsTimersOnMainQueue = runsTimersOnMainQueue
    self.timers = timers
    self.timerShift = timerShift
  }

  private static func make<C: Clock<Duration>>(_ clock: C, home: any Actor) -> StoreClock {
    let origin = clock.now
    let virtual = (clock as? VirtualClock).map { (clock: $0, origin: $0.now) }
    let timers: any TimerScheduling
    let timerShift: Duration
    if let virtual {
      timers = virtual.clock
      timerShift = virtual.origin.offset
    } else {
      let queue = TimerQueueTable.process.queue(for: clock, home: home)
      timers = queue
      timerShift = queue.origin.duration(to: origin)
    }
    return StoreClock(
      now: { origin.duration(to: clock.now) },
      sleepUntil: { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) },
      virtual: virtual,
      // A real clock's sleeps end in the global pool, which then has to wake the main
      // actor's thread for the tick; a timer's task on the main queue skips that hop.
      runsTimersOnMainQueue: clock is ContinuousClock || clock is SuspendingClock,
      timers: timers,
      timerShift: timerShift,
      home: home
    )
  }

  /// Puts `entry` in the clock's timer queue, due at `deadline` (an offset from the store's
  /// creation).
  func arm(_ entry: TimerEntry, at deadline: Duration) {
    timers.arm(entry, at: deadline + timerShift)
  }

  /// Takes `entry` out of the clock's timer queue, if it is still there.
  func disarm(_ entry: TimerEntry) {
    timers.disarm(entry)
  }

  /// The time elapsed on the clock since the store was created.
  var now: Duration { readNow() }

  /// Sleeps until the clock reads `deadline` (an offset from the store's creation).
  func sleep(until deadline: Duration) async throws {
    try await sleepUntil(deadline)
  }
}
