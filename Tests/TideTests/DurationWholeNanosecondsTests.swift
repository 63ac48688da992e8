import Testing

@testable import Tide

/// Rounding a time to whole nanoseconds: where ticks fall, how far a test's clock moves, how a
/// trace's times are written back as a script's waits.
@Suite struct DurationWholeNanosecondsTests {
  private static let attosecond = Duration(secondsComponent: 0, attosecondsComponent: 1)

  @Test func aSixtiethOfASecondRoundsToTheNearestNanosecond() {
    // 16,666,666.666… ns: up to …667 to the nearest, …667 at or after.
    #expect((Duration.seconds(1) / 60).roundedToNanosecond == .nanoseconds(16_666_667))
    #expect((Duration.seconds(1) / 60).roundedUpToNanosecond == .nanoseconds(16_666_667))
    // 33,333,333.333… ns: down to the nearest, up at or after.
    #expect((Duration.seconds(1) / 30).roundedToNanosecond == .nanoseconds(33_333_333))
    #expect((Duration.seconds(1) / 30).roundedUpToNanosecond == .nanoseconds(33_333_334))
  }

  @Test func aWholeNanosecondStaysWhereItIs() {
    for time in [Duration.zero, .nanoseconds(1), .milliseconds(120), .seconds(3_600), .nanoseconds(-5)] {
      #expect(time.roundedToNanosecond == time)
      #expect(time.roundedUpToNanosecond == time)
    }
  }

  @Test func aHalfRoundsAwayFromZero() {
    let half = Duration(secondsComponent: 0, attosecondsComponent: 500_000_000)
    #expect((Duration.nanoseconds(2) + half).roundedToNanosecond == .nanoseconds(3))
    #expect((Duration.nanoseconds(-2) - half).roundedToNanosecond == .nanoseconds(-3))
    #expect((Duration.nanoseconds(2) + half - Self.attosecond).roundedToNanosecond == .nanoseconds(2))
  }

  @Test func anAttosecondPastANanosecondReachesTheNext() {
    #expect((Duration.milliseconds(120) + Self.attosecond).roundedUpToNanosecond == .nanoseconds(120_000_001))
    // Toward zero for a time before the start: the first whole nanosecond after it.
    #expect((Duration.nanoseconds(-2) - Self.attosecond).roundedUpToNanosecond == .nanoseconds(-2))
    #expect((Duration.nanoseconds(-2) + Self.attosecond).roundedUpToNanosecond == .nanoseconds(-1))
  }

  @Test func wholeNanosecondsCountsThem() {
    #expect(Duration.seconds(3_600).wholeNanoseconds == 3_600_000_000_000)
    #expect((Duration.seconds(1) / 60).roundedToNanosecond.wholeNanoseconds == 16_666_667)
    #expect(Duration.nanoseconds(-7).wholeNanoseconds == -7)
  }
}
