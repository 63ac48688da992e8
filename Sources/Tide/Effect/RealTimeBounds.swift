/// The real-time bounds of a test's wait for its effects (``EffectEngine``'s `settle`): a
/// limit counted from the start, and a quiet period counted from the last progress. Neither
/// counts time the process spent stalled.
///
/// A bound noticed much later than it fell means the wait did not run meanwhile, nor, most
/// likely, the effects: the process was busy elsewhere (other tests on the same threads, a
/// sanitizer, a loaded machine). Failing then would make a test's pass depend on the pool being
/// free. So both bounds move past now, by the lateness plus ``stallGrace`` for the effects to run
/// now that the wait does, and the wait ends only at a bound it meets on time: an effect that
/// truly hangs is still reported.
package struct RealTimeBounds: Sendable {
  /// How late a bound may be noticed before the wait takes the process to have stalled.
  package static var stallAllowance: Duration { .milliseconds(100) }
  /// The time the effects get to run after a stall before a bound is met again.
  package static var stallGrace: Duration { .seconds(1) }

  /// What the wait does next.
  package enum Next: Equatable, Sendable {
    /// Wait until this instant, or a change of the effects, whichever comes first.
    case waitUntil(ContinuousClock.Instant)
    /// No bound applies yet (only a quiet period bounds the wait, and an effect is in
    /// transit): wait for a change of the effects.
    case waitForChange
    /// A bound was met on time: the wait ends.
    case met
  }

  private var start: ContinuousClock.Instant
  private var lastProgress: ContinuousClock.Instant
  private let limit: Duration?
  private let quietPeriod: Duration?

  package init(start: ContinuousClock.Instant, limit: Duration?, quietPeriod: Duration?) {
    self.start = start
    self.lastProgress = start
    self.limit = limit
    self.quietPeriod = quietPeriod
  }

  /// The effects made progress at `now`: the quiet period counts from there.
  package mutating func progressed(at now: ContinuousClock.Instant) {
    lastProgress = now
  }

  /// Where the wait stands at `now`, when the effects are `quiet` (none in transit, nothing
  /// due) or not; the quiet period only bounds a quiet wait.
  package mutating func next(at now: ContinuousClock.Instant, quiet: Bool) -> Next {
    let quietBound = quiet ? quietPeriod.map { lastProgress + $0 } : nil
    guard let bound = [limit.map { start + $0 }, quietBound].compactMap({ $0 }).min() else {
      return .waitForChange
    }
    guard now >= bound else { return .waitUntil(bound) }
    let lateness = now - bound
    guard lateness > Self.stallAllowance else { return .met }
    start += lateness + Self.stallGrace
    lastProgress += lateness + Self.stallGrace
    return next(at: now, quiet: quiet)
  }
}
