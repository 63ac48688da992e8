/// The store's clock, reduced to what effects need: the time since the store started and a
/// sleep until such a time. Offsets as `Duration` keep timer arithmetic exact for any clock.
@usableFromInline
struct StoreClock: Sendable {
  private let readNow: @Sendable () -> Duration
  private let sleepUntil: @Sendable (Duration) async throws -> Void

  init(_ clock: any Clock<Duration>) {
    self = Self.make(clock)
  }

  private init(
    now: @escaping @Sendable () -> Duration,
    sleepUntil: @escaping @Sendable (Duration) async throws -> Void
  ) {
    self.readNow = now
    self.sleepUntil = sleepUntil
  }

  private static func make<C: Clock<Duration>>(_ clock: C) -> StoreClock {
    let origin = clock.now
    return StoreClock(
      now: { origin.duration(to: clock.now) },
      sleepUntil: { try await clock.sleep(until: origin.advanced(by: $0), tolerance: nil) }
    )
  }

  /// The time elapsed on the clock since the store was created.
  var now: Duration { readNow() }

  /// Sleeps until the clock reads `deadline` (an offset from the store's creation).
  func sleep(until deadline: Duration) async throws {
    try await sleepUntil(deadline)
  }
}
