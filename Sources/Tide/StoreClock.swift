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

  init(_ clock: any Clock<Duration>) {
    self = Self.make(clock)
  }

  private init(
    now: @escaping @Sendable () -> Duration,
    sleepUntil: @escaping @Sendable (Duration) async throws -> Void,
    virtual: (clock: VirtualClock, origin: VirtualClock.Instant)?,
    runsTimersOnMainQueue: Bool
  ) {
    self.readNow = now
    self.sleepUntil = sleepUntil
    self.virtual = virtual
    self.runsTimersOnMainQueue = runsTimersOnMainQueue
  }

  private static func make<C: Clock<Duration>>(_ clock: C) -> StoreClock {
    let origin = clock.now
    let virtual = (clock as? VirtualClock).map { (clock: $0, origin: $0.now) }
    return StoreClock(
      now: { origin.duration(to: clock.now) },
      sleepUntil: { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) },
      virtual: virtual,
      // A real clock's sleeps end in the global pool, which then has to wake the main
      // actor's thread for the tick; a timer's task on the main queue skips that hop.
      runsTimersOnMainQueue: clock is ContinuousClock || clock is SuspendingClock
    )
  }

  /// The time elapsed on the clock since the store was created.
  var now: Duration { readNow() }

  /// Sleeps until the clock reads `deadline` (an offset from the store's creation).
  func sleep(until deadline: Duration) async throws {
    try await sleepUntil(deadline)
  }
}
