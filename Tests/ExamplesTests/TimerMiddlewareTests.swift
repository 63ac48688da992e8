import Clocks
import Synchronization
import Testing
import Tide
import TideTesting

@testable import TimerMiddleware

/// What OneWayKit's README promises of its timer, tracer and global state.
@MainActor
@Suite("Seed example: OneWayKit timer, middleware and tracer")
struct TimerMiddlewareTests {
  @Test func theToggleStartsTicksAndStopsTheTimer() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: TimerFeature.State(), reducer: TimerFeature.updater, clock: clock,
      middleware: [TimerFeature.middleware])
    await store.send(.tapToggleButton)
    await store.receive(.start)
    await store.receive(.toggleStart) { $0.isStarted = true }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.add) { $0.currentTime = 0.1 }
    await clock.advance(by: .milliseconds(100))
    await store.receive(.add) { $0.currentTime = 0.2 }
    await store.send(.tapToggleButton)
    await store.receive(.toggleStart) { $0.isStarted = false }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func theTracerReportsContextActionAndStateChange() {
    let events = Mutex<[TraceEvent]>([])
    let tracer = Tracer { event in events.withLock { $0.append(event) } }
    let store = Store(
      initialState: TimerFeature.State(),
      reducer: TimerFeature.updater.traced("TimerScreen", to: tracer))
    store.send(.toggleStart)
    store.send(.start)
    let traced = events.withLock { $0 }
    #expect(traced.map(\.label) == ["TimerScreen", "TimerScreen"])
    #expect(traced.map(\.action) == ["TimerFeature.Action.toggleStart", "TimerFeature.Action.start"])
    #expect(traced[0].diff?.contains("+   isStarted: true") == true)
    #expect(traced[1].diff == nil)
  }

  @Test func aGlobalStoreIsSharedByEveryObserver() {
    let registry = StoreRegistry()
    registry[.appearance] = Store(initialState: Appearance.State(), reducer: Appearance.reducer)
    var title: [String] = []
    var header: [String] = []
    let tokens = [
      registry[.appearance]?.observe(\.backgroundColor) { title.append($0) },
      registry[.appearance]?.observe(\.backgroundColor) { header.append($0) },
    ]
    registry[.appearance]?.send(.setBackgroundColor("teal"))
    #expect(title == ["white", "teal"])
    #expect(header == ["white", "teal"])
    for token in tokens { token?.cancel() }
  }
}
