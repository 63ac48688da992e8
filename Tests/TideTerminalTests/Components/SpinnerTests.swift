import Testing
import Tide
import TideTerminal
import TideTestSupport
import TideTesting

@MainActor
@Suite("Spinner")
struct SpinnerTests {
  @Test func framesAdvanceOnTheIntervalOnlyWhileSpinning() async {
    let clock = VirtualClock()
    let store = TestStore(
      initialState: Spinner.State(frames: Spinner.line, interval: .milliseconds(100)), reducer: Spinner(), clock: clock)
    #expect(store.state.currentFrame == "|")
    await store.send(.start) { $0.isSpinning = true }
    await store.receive(.tick, timeout: .milliseconds(100)) { $0.frame = 1 }
    await store.receive(.tick, timeout: .milliseconds(100)) { $0.frame = 2 }
    await store.receive(.tick, timeout: .milliseconds(100)) { $0.frame = 3 }
    await store.receive(.tick, timeout: .milliseconds(100)) { $0.frame = 0 }
    // Starting again while spinning starts no second timer.
    await store.send(.start)
    await store.send(.stop) { $0.isSpinning = false }
    // The timer was cancelled: its task ends, and time brings no tick.
    await expectEffectsEnded(store)
    clock.advance(by: .seconds(10))
    await store.finish()
    #expect(store.state.frame == 0)
  }

  @Test func aTickAfterStoppingChangesNothing() async {
    let store = TestStore(initialState: Spinner.State(), reducer: Spinner())
    await store.send(.tick)
    await store.send(.stop)
    await store.finish()
  }

  @Test func drawsTheCurrentFrame() {
    var state = Spinner.State(frames: Spinner.dots)
    state.frame = 2
    var canvas = Canvas(columns: 4, rows: 1)
    Spinner.draw(state, in: canvas.bounds, on: &canvas)
    #expect(canvas.text() == "⠹")
  }
}
