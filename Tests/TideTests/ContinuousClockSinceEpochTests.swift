import Testing

@testable import Tide

/// The terminal's loop keeps its deadlines as `Duration`s since the continuous clock's epoch and
/// reads the time from the system itself (`ContinuousClock.nowSinceEpoch`): those must be the
/// continuous clock's instants and readings exactly, or a timer handed to the loop as an instant
/// fires early or late.
@Suite("The continuous clock's instants as times since its epoch")
struct ContinuousClockSinceEpochTests {
  @Test func aReadingFromTheSystemIsTheContinuousClocksReading() {
    for _ in 0..<1_000 {
      let before = ContinuousClock.now
      let reading = ContinuousClock.nowSinceEpoch
      let after = ContinuousClock.now
      #expect(before.sinceEpoch <= reading && reading <= after.sinceEpoch)
    }
  }

  @Test func anInstantAndItsTimeSinceTheEpochAreOne() {
    let instant = ContinuousClock.now
    #expect(ContinuousClock.Instant(sinceEpoch: instant.sinceEpoch) == instant)
    for offset: Duration in [.zero, .nanoseconds(1), .milliseconds(16), .seconds(-3), .seconds(1) / 60] {
      let later = instant.advanced(by: offset)
      #expect(later.sinceEpoch == instant.sinceEpoch + offset)
      #expect(instant.duration(to: later) == later.sinceEpoch - instant.sinceEpoch)
      #expect(ContinuousClock.Instant(sinceEpoch: instant.sinceEpoch + offset) == later)
    }
  }
}
