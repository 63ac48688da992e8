import Testing
import Tide

/// A test store's wait for its effects fails at its real-time bounds, but not for time the
/// process spent stalled: under a sanitizer, or beside tests that hold the pool's threads, a
/// wait woken long after its bound would otherwise report effects "still busy" that never had a
/// turn to run (`PortedSkipInFlightTests` failed so in every `make test-tsan` run before).
@Suite("Real-time bounds of a test's wait")
struct RealTimeBoundsTests {
  let start = ContinuousClock.now

  @Test func aLimitNoticedOnTimeEndsTheWait() {
    var bounds = RealTimeBounds(start: start, limit: .seconds(1), quietPeriod: nil)
    #expect(bounds.next(at: start + .milliseconds(500), quiet: false) == .waitUntil(start + .seconds(1)))
    #expect(bounds.next(at: start + .seconds(1), quiet: false) == .met)
    #expect(bounds.next(at: start + .milliseconds(1_100), quiet: false) == .met)
  }

  @Test func aBoundNoticedLateMovesPastNowByTheGraceAndIsThenMetOnTime() {
    var bounds = RealTimeBounds(start: start, limit: .seconds(1), quietPeriod: nil)
    // Woken 2 s after the limit: the effects get a second from now.
    let woken = start + .seconds(3)
    #expect(bounds.next(at: woken, quiet: false) == .waitUntil(woken + RealTimeBounds.stallGrace))
    // An effect that truly hangs is still reported, at the moved bound.
    #expect(bounds.next(at: woken + .milliseconds(500), quiet: false) == .waitUntil(woken + .seconds(1)))
    #expect(bounds.next(at: woken + .milliseconds(1_050), quiet: false) == .met)
  }

  @Test func aQuietPeriodCountsFromTheLastProgressAndOnlyWhileQuiet() {
    var bounds = RealTimeBounds(start: start, limit: nil, quietPeriod: .milliseconds(200))
    // An effect in transit: no bound applies.
    #expect(bounds.next(at: start + .seconds(5), quiet: false) == .waitForChange)
    bounds.progressed(at: start + .seconds(5))
    #expect(bounds.next(at: start + .seconds(5), quiet: true) == .waitUntil(start + .milliseconds(5_200)))
    #expect(bounds.next(at: start + .milliseconds(5_250), quiet: true) == .met)
  }

  @Test func aStallMovesBothBoundsAndTheEarlierStillEndsTheWait() {
    var bounds = RealTimeBounds(start: start, limit: .seconds(10), quietPeriod: .milliseconds(200))
    // The quiet period fell at 0.2 s, noticed at 4.2 s: both bounds move by 4 s and the grace.
    let woken = start + .milliseconds(4_200)
    #expect(bounds.next(at: woken, quiet: true) == .waitUntil(woken + RealTimeBounds.stallGrace))
    // Not quiet any more: the limit, moved too, is the bound.
    #expect(bounds.next(at: woken, quiet: false) == .waitUntil(start + .seconds(15)))
  }
}
