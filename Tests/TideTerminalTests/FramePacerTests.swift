import Testing

@testable import TideTerminal

@Suite struct FramePacerTests {
  /// Draws a frame each time `want` asks for one at its time, as the runtime does: at once when
  /// the slot has come, else at the slot (one more wake-up). Returns the frame times and how many
  /// frames needed a wake-up of their own.
  private func run(_ wants: [Duration], framesPerSecond: Int = 60) -> (frames: [Duration], extraWakeUps: Int) {
    var pacer = FramePacer(framesPerSecond: framesPerSecond)
    var frames: [Duration] = []
    var extra = 0
    for want in wants {
      // A frame still waiting for its slot takes this change too.
      if let last = frames.last, last >= want { continue }
      let slot = pacer.slot(at: want)
      if slot > want {
        extra += 1
        pacer.holdFrame(wantedAt: want)
      }
      pacer.recordFrame(at: slot)
      frames.append(slot)
    }
    return (frames, extra)
  }

  @Test func ticksAtTheFrameRateAreDrawnWhenTheyArriveWhateverTheirDelay() {
    // Ticks due every 1/60 s, each delivered 0.2 to 3 ms late in no order: the pacer of one
    // interval since the last frame made a tick less late than the one before it wait again
    // (half of them here).
    let interval = Duration.seconds(1) / 60
    let delays: [Duration] = (0..<120).map { .microseconds(200 + ($0 * 7919) % 2800) }
    let ticks = delays.enumerated().map { interval * $0.offset + $0.element }
    let (frames, extra) = run(ticks)
    #expect(extra == 0)
    #expect(frames == ticks)
  }

  @Test func ticksAtTheFrameRateAfterOneVeryLateTickAreStillDrawnWhenTheyArrive() {
    // Ticks due every 1/60 s, delivered 0.5 ms late, but the 10th 6 ms late (a busy machine):
    // the frame slots must not move to after the punctual ticks that follow it. Before, every
    // tick after the late one waited for its slot: a second wake-up each frame, for good.
    let interval = Duration.seconds(1) / 60
    let ticks = (0..<60).map { interval * $0 + ($0 == 10 ? .milliseconds(6) : .microseconds(500)) }
    let (frames, extra) = run(ticks)
    #expect(extra == 0)
    #expect(frames == ticks)
  }

  @Test(arguments: [10, 14, 30])
  func ticksAtTheFrameRateAfterATickLateByMoreThanHalfAnIntervalAreSoonDrawnWhenTheyArrive(lateMilliseconds: Int) {
    // Ticks due every 1/60 s, delivered 0.5 ms late, but the 10th 10, 14 or 30 ms late (a
    // stalled machine; 30 ms is more than an interval, after which the rhythm starts again). The
    // rhythm moved after that tick used to stay there: every later tick waited for a slot a
    // little after it, a second wake-up each frame for good (all 189 later ticks before).
    let interval = Duration.seconds(1) / 60
    let ticks = (0..<200).map { interval * $0 + ($0 == 10 ? .milliseconds(lateMilliseconds) : .microseconds(500)) }
    let (frames, extra) = run(ticks)
    #expect(extra <= 40)
    #expect(frames.suffix(120) == ticks.suffix(120))
  }

  @Test func aStreamOfChangesJustFasterThanTheRateGetsNoMoreThanTheRate() {
    // Changes every 8 to 16 ms (125 to 62.5 a second), some wanted late in their interval as an
    // animation's tick is: the rhythm's drift back towards held frames must not become a faster
    // rate than 120 intervals in two seconds, plus the first frame and the tolerance's.
    for period in [8, 12, 15, 16] {
      let wants = (0..<(2000 / period)).map { Duration.milliseconds(period * $0) }
      let (frames, _) = run(wants)
      #expect(frames.count <= 122, "a change every \(period) ms")
    }
  }

  @Test func aBurstOfChangesGetsNoMoreFramesThanTheRate() {
    // A change every millisecond for two seconds.
    let wants = (0..<2000).map { Duration.milliseconds($0) }
    let (frames, _) = run(wants)
    // 120 intervals in two seconds, plus the first frame and the one the tolerance lets come early.
    #expect(frames.count <= 122)
    #expect(frames.count >= 120)
    // Never two frames closer than three quarters of an interval.
    let gaps = zip(frames.dropFirst(), frames).map { $0 - $1 }
    let closest: Duration = Duration.seconds(1) / 60 * 3 / 4
    #expect(gaps.allSatisfy { $0 >= closest })
  }

  @Test func theFirstFrameAndOneAfterAPauseAreDrawnAtOnce() {
    var pacer = FramePacer(framesPerSecond: 60)
    #expect(pacer.slot(at: .seconds(5)) == .seconds(5))
    pacer.recordFrame(at: .seconds(5))
    #expect(pacer.slot(at: .seconds(6)) == .seconds(6))
    pacer.recordFrame(at: .seconds(6))
    // Right after a frame, the next waits until a quarter of an interval before it is due.
    let soonest: Duration = .seconds(6) + pacer.interval - pacer.tolerance
    #expect(pacer.slot(at: .seconds(6) + .milliseconds(1)) == soonest)
  }
}
