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
    TestStore(initialState: StopwatchFeature.State(), reducer: StopwatchFeature(clock: clock), clock: clock)
  }

  @Test func startAdvanceTwoAndAHalfSecondsStop() async {
    let clock = TestClock()
    let store = makeStore(clock)
    await store.send(.toggle) {
      $0.startedAt = .zero
      $0.lastReading = .zero
    }
    #expect(store.state.isRunning)
    // Every tick arrives at its exact instant, 50 ms apart, and only re-reads the clock.
    for tick in 1...50 {
      await store.receive(.tick, timeout: .milliseconds(50)) { $0.lastReading = .milliseconds(50 * tick) }
    }
    #expect(store.store.clockOffset == .milliseconds(2500))
    #expect(store.state.elapsed.stopwatchText == "00:02.50")
    await store.send(.toggle) {
      $0.accumulated = .milliseconds(2500)
      $0.startedAt = nil
    }
    #expect(!store.state.isRunning)
    #expect(store.state.elapsed.stopwatchText == "00:02.50")
    // The interval was cancelled on stop: its task ends, and time brings no tick.
    await expectEffectsEnded(store)
    await clock.advance(by: .seconds(5))
    #expect(store.state.elapsed.stopwatchText == "00:02.50")
    await store.finish()
  }

  @Test func elapsedTimeComesFromTheClockNotFromCountingTicks() async {
    let clock = TestClock()
    let store = makeStore(clock)
    store.exhaustivity = .off
    await store.send(.toggle)
    // One big jump: however many ticks the interval managed to send, the reading is the clock's.
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
    await store.send(.toggle) {
      $0.startedAt = .zero
      $0.lastReading = .zero
    }
    await store.receive(.tick, timeout: .milliseconds(50)) { $0.lastReading = .milliseconds(50) }
    await store.send(.toggle) {
      $0.accumulated = .milliseconds(50)
      $0.startedAt = nil
    }
    await clock.advance(by: .seconds(1))
    // Exhaustive: fails if a tick arrived after the stop or the interval still runs.
    await store.finish()
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
    #expect(store.state.laps.count == 2)
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
