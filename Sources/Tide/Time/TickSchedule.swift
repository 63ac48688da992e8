/// When a repeating timer's ticks are due: tick *n* at first + *n* × every on the store's clock,
/// and which tick comes after one was delivered — the one formula of a timer entry and of a
/// timer inside an effect task.
///
/// Ticks fall on whole nanoseconds, the finest a clock reads or a script's `wait` says: each
/// instant is first + *n* × every rounded to the nearest, so none drifts. A timer every
/// sixtieth of a second (16,666,666.67 ns) ticks at 16,666,667, 33,333,333 and 50,000,000 ns
/// after its start: every third tick exactly on a twentieth of a second, and every tick's time
/// exact in a trace or an encoding to the nanosecond.
@usableFromInline
struct TickSchedule: Sendable {
  @usableFromInline let first: Duration
  @usableFromInline let every: Duration

  @usableFromInline
  init(first: Duration, every: Duration) {
    self.first = first
    self.every = every
  }

  /// When tick `tick` is due: first + tick × every, in attoseconds (`Duration * Int` goes
  /// through the standard library's unspecialised generic code, a tenth of a replayed tick),
  /// rounded to the nearest nanosecond.
  @usableFromInline
  func instant(of tick: Int) -> Duration {
    Duration(attoseconds: first.attoseconds + every.attoseconds * Int128(tick)).roundedToNanosecond
  }

  /// The tick delivered after tick `tick`, `now` being the reading of a real clock (`nil` on a
  /// test or virtual clock).
  ///
  /// On a real clock, the first tick still ahead of the clock — floor(elapsed / every) + 1 —
  /// so a tick whose time came while the one before was delivered is skipped, never delivered
  /// late in a burst. On a test or virtual clock, always the next one: every tick the clock
  /// passed is delivered, each at its instant, as a test that moves the clock over several
  /// periods expects (the clock's queue fires them in deadline order).
  func tick(after tick: Int, realTimeNow now: Duration?) -> Int {
    guard let now else { return tick + 1 }
    let elapsed = now - first
    let due = elapsed < .zero ? 0 : Int(elapsed.attoseconds / every.attoseconds) + 1
    return max(tick + 1, due)
  }
}
