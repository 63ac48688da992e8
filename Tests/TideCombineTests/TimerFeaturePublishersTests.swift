#if Combine
import Testing
import Tide
import TideCombine
import TideTestSupport
import TideTesting

@testable import TimerMiddleware

/// What OneWayKit's README promises of its timer, written with Combine: the middleware's
/// publishers start and stop the ticking, and a screen bound to the state publisher shows it.
@MainActor
@Suite("Seed example: OneWayKit timer with Combine")
struct TimerFeaturePublishersTests {
  @Test(.hangLimit)
  func theRightButtonStartsTicksAndStopsTheTimer() async {
    let clock = VirtualClock()
    let store = TestStore(
      initialState: TimerFeature.State(), reducer: TimerFeature.updater, clock: clock,
      middleware: [TimerFeature.publisherMiddleware])
    await store.send(.tapToggleButton)
    await store.receive(.start)
    await store.receive(.toggleStart) { $0.isStarted = true }
    clock.advance(by: .milliseconds(100))
    await store.receive(.add) { $0.currentTime = 0.1 }
    clock.advance(by: .milliseconds(100))
    await store.receive(.add) { $0.currentTime = 0.2 }
    await store.send(.tapToggleButton)
    await store.receive(.toggleStart) { $0.isStarted = false }
    clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test(.hangLimit)
  func theScreenShowsTheTimeAndTheButtonAsTheyChange() async {
    let clock = VirtualClock()
    let store = Store(
      initialState: TimerFeature.State(), reducer: TimerFeature.updater, clock: clock,
      middleware: [TimerFeature.publisherMiddleware])
    var shown: [String] = []
    let screen = TimerScreen(store: store) { shown.append("\($0.timeLabel) \($0.buttonTitle)") }
    #expect((screen.timeLabel, screen.buttonTitle) == ("0.0", "Start"))

    store.send(.tapToggleButton)
    // The merged `Just`s arrive from the effect's task: waited for through the store.
    for await isStarted in store.values(\.isStarted) where isStarted { break }
    #expect(screen.buttonTitle == "Stop")
    clock.advance(by: .milliseconds(100))
    #expect(screen.timeLabel == "0.1")
    clock.advance(by: .milliseconds(100))
    #expect(screen.timeLabel == "0.2")

    store.send(.tapToggleButton)
    for await isStarted in store.values(\.isStarted) where !isStarted { break }
    clock.advance(by: .seconds(1))
    #expect((screen.timeLabel, screen.buttonTitle) == ("0.2", "Start"))
    // The label follows the whole state, as OneWayKit's `.map` without `removeDuplicates()`
    // does, so it is set again when only the button's state changed; the button only flips.
    #expect(shown == [
      "0.0 ", "0.0 Start", "0.0 Start", "0.0 Stop", "0.1 Stop", "0.2 Stop", "0.2 Stop", "0.2 Start",
    ])
  }

  @Test func everySubscriberOfAGlobalStoreSeesItsChanges() {
    let registry = StoreRegistry()
    registry[.appearance] = Store(initialState: Appearance.State(), reducer: Appearance.reducer)
    var title: [String] = []
    var header: [String] = []
    let subscriptions = [
      registry[.appearance]?.publisher(\.backgroundColor).sink { title.append($0) },
      registry[.appearance]?.publisher(\.backgroundColor).sink { header.append($0) },
    ]
    registry[.appearance]?.send(.setBackgroundColor("teal"))
    #expect(title == ["white", "teal"])
    #expect(header == ["white", "teal"])
    for subscription in subscriptions { subscription?.cancel() }
  }
}
#endif
