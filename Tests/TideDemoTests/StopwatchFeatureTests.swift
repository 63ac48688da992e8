import Clocks
import Testing
import TideTestSupport
import Tide
import TideTerminal
import TideTesting

@testable import TideDemo

@MainActor
@Suite("Stopwatch")
struct StopwatchFeatureTests {
  typealias Lap = StopwatchFeature.Lap

  func makeStore(_ clock: TestClock<Duration>) -> TestStore<StopwatchFeature.State, StopwatchFeature.Action> {
    TestStore(initialState: StopwatchFeature.State(), reducer: StopwatchFeature(), clock: clock)
  }

  @Test func startAdvanceTwoAndAHalfSecondsStop() async {
    let clock = TestClock()
    let store = makeStore(clock)
    // The press reads its instant from the store's clock at once: it shows with the key.
    await store.send(.toggle) {
      $0.startedAt = .zero
      $0.lastReading = .zero
    }
    #expect(store.state.isRunning)
    // Every tick arrives at its exact instant, on the whole nanosecond nearest a multiple of
    // the interval, and carries it.
    let interval = StopwatchFeature.tickInterval
    let ticks = Int((Duration.milliseconds(2500) / interval).rounded())
    for tick in 1...ticks {
      await store.receive(.tick(at: tickInstant(tick)), timeout: interval) {
        $0.lastReading = tickInstant(tick)
      }
    }
    #expect(store.store.clockOffset == tickInstant(ticks))
    #expect(store.state.elapsed.stopwatchText == "00:02.50")
    await store.send(.toggle) {
      $0.accumulated = tickInstant(ticks)
      $0.startedAt = nil
    }
    #expect(!store.state.isRunning)
    #expect(store.state.elapsed.stopwatchText == "00:02.50")
    // The timer was cancelled on stop: its task ends, and time brings no tick.
    await expectEffectsEnded(store)
    await clock.advance(by: .seconds(5))
    #expect(store.state.elapsed.stopwatchText == "00:02.50")
    await store.finish()
  }

  @Test func elapsedTimeIsTheTickInstantsOnTheStoresClock() async {
    let clock = TestClock()
    let store = makeStore(clock)
    // Time before the start does not count; the instants are the store's, from its creation.
    await clock.advance(by: .seconds(7))
    await store.send(.toggle) {
      $0.startedAt = .seconds(7)
      $0.lastReading = .seconds(7)
    }
    let interval = StopwatchFeature.tickInterval
    for tick in 1...4 {
      let instant = Duration.seconds(7) + tickInstant(tick)
      await store.receive(.tick(at: instant), timeout: interval) { $0.lastReading = instant }
      // The tick's instant is the clock's reading when it was due, and elapsed time is taken
      // from it alone.
      #expect(store.store.clockOffset == instant)
      #expect(store.state.elapsed == instant - .seconds(7))
    }
    // A press between ticks reads its own instant: 10 ms after the last tick is 10 ms more,
    // not the tick's time.
    await clock.advance(by: .milliseconds(10))
    let lapInstant = Duration.seconds(7) + tickInstant(4) + .milliseconds(10)
    await store.send(.lap) {
      $0.lastReading = lapInstant
      $0.laps = [Lap(number: 1, total: lapInstant - .seconds(7), split: lapInstant - .seconds(7))]
    }
    // The ticks keep their rhythm from the start.
    await store.receive(.tick(at: .seconds(7) + tickInstant(5)), timeout: interval) {
      $0.lastReading = .seconds(7) + tickInstant(5)
    }
    await store.send(.toggle) {
      $0.accumulated = tickInstant(5)
      $0.startedAt = nil
    }
    await store.finish()
  }

  @Test func elapsedTimeComesFromTheClockNotFromCountingTicks() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.toggle)
    // One big jump: however many ticks the timer managed to send, the stop reads the clock.
    await clock.advance(by: .milliseconds(1234))
    await store.skipReceivedActions()
    await store.send(.toggle) {
      $0.accumulated = .milliseconds(1234)
      $0.startedAt = nil
      $0.lastReading = .milliseconds(1234)
    }
    #expect(store.state.elapsed.stopwatchText == "00:01.23")
    // Stopped time does not count; a second run adds to the first.
    await clock.advance(by: .seconds(10))
    store.exhaustivity = .on
    await store.send(.toggle) {
      $0.startedAt = .milliseconds(11234)
      $0.lastReading = .milliseconds(11234)
    }
    store.exhaustivity = .off
    await clock.advance(by: .milliseconds(766))
    await store.skipReceivedActions()
    store.exhaustivity = .on
    await store.send(.toggle) {
      $0.accumulated = .seconds(2)
      $0.startedAt = nil
      $0.lastReading = .seconds(12)
    }
    #expect(store.state.elapsed.stopwatchText == "00:02.00")
    await store.finish()
  }

  @Test func ticksStopWhenStoppedSoFinishSeesNoRunningEffect() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.toggle) { $0.startedAt = .zero }
    let interval = StopwatchFeature.tickInterval
    await store.receive(.tick(at: tickInstant(1)), timeout: interval) {
      $0.lastReading = tickInstant(1)
    }
    await store.send(.toggle) {
      $0.accumulated = tickInstant(1)
      $0.startedAt = nil
    }
    await clock.advance(by: .seconds(1))
    // Exhaustive: fails if a tick arrived after the stop or the timer still runs.
    await store.finish()
  }

  @Test func startStopAndLapShowWhenSendReturnsWithTheirOwnInstant() async {
    let clock = VirtualClock()
    let store = Store(initialState: StopwatchFeature.State(), reducer: StopwatchFeature(), clock: clock)
    clock.advance(by: .milliseconds(120))
    // No effect round trip: the state a frame drawn right after the key shows is the new one.
    store.send(.toggle)
    #expect(store.state.startedAt == .milliseconds(120))
    clock.advance(by: .milliseconds(75))
    store.send(.lap)
    #expect(store.state.laps == [Lap(number: 1, total: .milliseconds(75), split: .milliseconds(75))])
    store.send(.toggle)
    #expect(store.state.accumulated == .milliseconds(75))
    #expect(!store.state.isRunning)
    await store.waitUntilIdle()
  }

  @Test func pressesInOneBatchShareTheirInstantInOrder() async {
    let clock = VirtualClock()
    let store = Store(initialState: StopwatchFeature.State(), reducer: StopwatchFeature(), clock: clock)
    // One batch — start, lap, stop, reset — all at instant zero: a lap of zero, then stopped,
    // then back to zero, each shown as soon as the batch is reduced.
    store.send(contentsOf: [.toggle, .lap, .toggle, .reset])
    #expect(store.state == StopwatchFeature.State())
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 0, "no timer runs: the ticks were started and cancelled")
  }

  @Test func lapsAreNewestFirstWithSplits() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.lap)  // not running: nothing
    #expect(store.state.laps.isEmpty)
    await store.send(.toggle)
    await clock.advance(by: .milliseconds(1200))
    await store.skipReceivedActions()
    await store.send(.lap) {
      $0.lastReading = .milliseconds(1200)
      $0.laps = [Lap(number: 1, total: .milliseconds(1200), split: .milliseconds(1200))]
    }
    await clock.advance(by: .milliseconds(800))
    await store.skipReceivedActions()
    await store.send(.lap) {
      $0.lastReading = .seconds(2)
      $0.laps = [
        Lap(number: 2, total: .seconds(2), split: .milliseconds(800)),
        Lap(number: 1, total: .milliseconds(1200), split: .milliseconds(1200)),
      ]
    }
    await store.send(.toggle)
    await store.send(.lap)  // stopped: nothing
    #expect(store.store.state.laps.count == 2)
    await expectEffectsEnded(store)
    await store.finish()
  }

  @Test func resetOnlyWhileStopped() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.toggle)
    await clock.advance(by: .seconds(3))
    await store.skipReceivedActions()
    await store.send(.lap)
    store.exhaustivity = .on
    await store.send(.reset)  // running: ignored, no change
    #expect(store.state.isRunning)
    #expect(store.state.laps.count == 1)
    store.exhaustivity = .off
    await store.send(.toggle)
    store.exhaustivity = .on
    await store.send(.reset) { $0 = StopwatchFeature.State() }
    #expect(store.state.elapsed == .zero)
    await store.finish()
  }

  @Test func startingAgainAfterResetMeasuresFromTheNewStart() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.toggle)
    await clock.advance(by: .seconds(1))
    await store.send(.toggle)
    await store.send(.reset)
    await clock.advance(by: .seconds(4))
    await store.send(.toggle)
    await clock.advance(by: .milliseconds(250))
    await store.skipReceivedActions()
    await store.send(.toggle)
    #expect(store.state.elapsed == .milliseconds(250))
    await expectEffectsEnded(store)
    await store.finish()
  }

  @Test(arguments: [
    (Duration.zero, "00:00.00"),
    (.milliseconds(2500), "00:02.50"),
    (.milliseconds(9), "00:00.00"),
    (.milliseconds(59_999), "00:59.99"),
    (.seconds(61) + .milliseconds(70), "01:01.07"),
    (.seconds(3599) + .milliseconds(999), "59:59.99"),
    (.seconds(3600), "1:00:00.00"),
    (.seconds(3600 + 62) + .milliseconds(50), "1:01:02.05"),
    (.seconds(36_000), "10:00:00.00"),
    (.seconds(-5), "00:00.00"),
  ])
  func stopwatchText(duration: Duration, text: String) {
    #expect(duration.stopwatchText == text)
  }

  @Test func theScreenShowsHoursFromOneHour() {
    var state = AppFeature.State(screen: .stopwatch)
    state.stopwatch.accumulated = .seconds(3600 + 61) + .milliseconds(230)
    state.stopwatch.laps = [Lap(number: 1, total: .seconds(3601), split: .seconds(3601))]
    var canvas = Canvas(columns: 80, rows: 24)
    AppFeature.draw(state, on: &canvas)
    let text = canvas.text()
    #expect(text.contains("1:01:01.23"))
    #expect(text.contains("Stopped"))
    #expect(text.contains("Lap 1  1:00:01.00  +1:00:01.00"))
  }

  @Test func keysMapToActions() {
    let state = AppFeature.State(screen: .stopwatch)
    #expect(AppFeature.action(for: .character(" "), in: state) == .stopwatch(.toggle))
    #expect(AppFeature.action(for: .character("s"), in: state) == .stopwatch(.toggle))
    #expect(AppFeature.action(for: .character("l"), in: state) == .stopwatch(.lap))
    #expect(AppFeature.action(for: .character("r"), in: state) == .stopwatch(.reset))
    #expect(AppFeature.action(for: .character("+"), in: state) == nil)
  }
}

/// When the stopwatch's tick `tick` is due after its start: the nearest whole nanosecond to
/// `tick` intervals (a sixtieth of a second is not a whole number of them).
func tickInstant(_ tick: Int) -> Duration {
  (StopwatchFeature.tickInterval * tick).roundedToNanosecond
}
