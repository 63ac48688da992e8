#if Combine
import Testing
import Tide
import TideCombine
import TideTestSupport
import TideTesting

@testable import TimerPublisher

/// What OneWayKit's README promises of its timer, written with Combine: the middleware's
/// publishers start and stop the ticking, and a screen bound to the state publisher shows it.
@MainActor
@Suite("Seed example: OneWayKit timer with Combine")
struct TimerPublisherTests {
  @Test(.timeLimit(minutes: 1))
  func theRightButtonStartsTicksAndStopsTheTimer() async {
    let clock = VirtualClock()
    let store = TestStore(
      initialState: TimerFeature.State(), reducer: TimerFeature.updater, clock: clock,
      middleware: [TimerFeature.middleware])
    await store.send(.tapRightButton)
    await store.receive(.start)
    await store.receive(.toggleStart) { $0.isStarted = true }
    clock.advance(by: .milliseconds(100))
    await store.receive(.add) { $0.currentTime = 0.1 }
    clock.advance(by: .milliseconds(100))
    await store.receive(.add) { $0.currentTime = 0.2 }
    await store.send(.tapRightButton)
    await store.receive(.toggleStart) { $0.isStarted = false }
    clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test(.timeLimit(minutes: 1))
  func theScreenShowsTheTimeAndTheButtonAsTheyChange() async {
    let clock = VirtualClock()
    let store = Store(
      initialState: TimerFeature.State(), reducer: TimerFeature.updater, clock: clock,
      middleware: [TimerFeature.middleware])
    var shown: [String] = []
    let screen = TimerScreen(store: store) { shown.append("\($0.timeLabel) \($0.rightButtonTitle)") }
    #expect((screen.timeLabel, screen.rightButtonTitle) == ("0.0", "Start"))

    store.send(.tapRightButton)
    // The merged `Just`s arrive from the effect's task: waited for through the store.
    for await isStarted in store.values(\.isStarted) where isStarted { break }
    #expect(screen.rightButtonTitle == "Stop")
    clock.advance(by: .milliseconds(100))
    #expect(screen.timeLabel == "0.1")
    clock.advance(by: .milliseconds(100))
    #expect(screen.timeLabel == "0.2")

    store.send(.tapRightButton)
    for await isStarted in store.values(\.isStarted) where !isStarted { break }
    clock.advance(by: .seconds(1))
    #expect((screen.timeLabel, screen.rightButtonTitle) == ("0.2", "Start"))
    // The label follows the whole state, as OneWayKit's `.map` without `removeDuplicates()`
    // does, so it is set again when only the button's state changed; the button only flips.
    #expect(shown == [
      "0.0 ", "0.0 Start", "0.0 Start", "0.0 Stop", "0.1 Stop", "0.2 Stop", "0.2 Stop", "0.2 Start",
    ])
  }

  @Test func everySubscriberOfAGlobalStoreSeesItsChanges() {
    let registry = StoreRegistry()
    registry[.global] = Store(initialState: GlobalFeature.State(), reducer: GlobalFeature.reducer)
    var title: [String] = []
    var header: [String] = []
    let subscriptions = [
      registry[.global]?.publisher(\.backgroundColor).sink { title.append($0) },
      registry[.global]?.publisher(\.backgroundColor).sink { header.append($0) },
    ]
    registry[.global]?.send(.setBackgroundColor("teal"))
    #expect(title == ["white", "teal"])
    #expect(header == ["white", "teal"])
    for subscription in subscriptions { subscription?.cancel() }
  }
}
#endif
