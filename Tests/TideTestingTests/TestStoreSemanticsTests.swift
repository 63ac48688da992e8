import Clocks
import Testing
import Tide
import TideTestSupport
import TideTesting

/// What TCA users rely on: long-living effects never stall a test, the asserted state is the
/// state, and every mismatch is reported once, where it belongs.
@MainActor
@Suite("TestStore: semantics")
struct TestStoreSemanticsTests {
  /// A wall timeout long enough that waiting for it once would break the time limit below.
  private static let patience: Duration = Slowdown.beyondTheTimeLimit

  @Test(.hangLimit)
  func aLongLivingEffectDoesNotStallSendOrReceiveAndIsReportedOnceAtFinish() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    store.wallTimeout = Self.patience
    await store.send(.listen)
    await store.receive(.connected) { $0.response = "connected" }
    await store.send(.increment) { $0.count = 1 }
    let messages = await failures {
      await store.finish()
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("1 effect(s) are still running") == true)
  }

  @Test(.hangLimit)
  func aSleepOnTheStoresClockInsideRunCountsAsAsleep() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    store.wallTimeout = Self.patience
    await store.send(.nap)
    await clock.advance(by: .seconds(3))
    await store.receive(.pong) { $0.title = "pong" }
    await store.finish()
  }

  /// A `.run` body that sleeps on a virtual clock it captured, not through the store, is asleep
  /// all the same: the test store asks the clock (as a replay does), so `receive` moves the
  /// clock to that sleeper's deadline at once instead of waiting for the wall timeout.
  @Test(.hangLimit)
  func aRunSleepingDirectlyOnAVirtualClockIsAsleepAndWokenAtItsDeadline() async {
    enum Action: Equatable, Sendable { case start, woke(at: Duration) }
    let clock = VirtualClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .start:
          return .run { send in
            try await clock.sleep(for: .seconds(1))
            await send(.woke(at: clock.now.offset))
          }
        case .woke:
          state += 1
          return .none
        }
      }, clock: clock)
    store.wallTimeout = Self.patience
    await store.send(.start)
    await store.receive(.woke(at: .seconds(1)), timeout: .seconds(5)) { $0 = 1 }
    await store.finish()
  }

  @Test func stateIsTheStateAsLastAsserted() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.incrementLater)
    // The effect's `.increment` has been reduced already, but not asserted yet.
    #expect(store.store.state.count == 1)
    #expect(store.state.count == 0)
    await store.receive(.increment) { $0.count = 1 }
    #expect(store.state.count == 1)
    await store.finish()
  }

  @Test func nonExhaustiveReceiveSkipsStaleActions() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    store.exhaustivity = .off
    await store.send(.incrementLater)
    await store.send(.incrementLater)
    // The `.increment` received before the second send is stale: this one leaves count 2.
    await store.receive(.increment) { $0.count = 2 }
    #expect(store.state.count == 2)
    await store.finish()
  }

  @Test func showSkippedAssertionsRecordsWhatWasSkippedAsExpectedIssues() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.loadTwice)
    await store.receive(.loaded("two")) { $0.response = "two" }
    #expect(store.exhaustivity != .off)
    await store.finish()
  }

  @Test func releasingATestStoreWithoutFinishReportsWhatWasLeft() async {
    let messages = await failures {
      await Self.leaveATimerAndAnActionBehind()
    }
    #expect(messages.count == 2)
    #expect(messages.contains { $0.contains("released without finish()") && $0.contains("increment") })
    #expect(messages.contains { $0.contains("released without finish()") && $0.contains("still running") })
  }

  private static func leaveATimerAndAnActionBehind() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.startTimer) { $0.isTimerRunning = true }
    await store.send(.incrementLater)
  }

  @Test func aTrailingClosureThatExpectsAChangeFailsWhenNothingChanged() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let messages = await failures {
      await store.send(.noop) { $0.count = 0 }
    }
    #expect(messages == [messages.first { $0.contains("Expected state to change, but no change occurred") } ?? "missing"])
    await store.finish()
  }

  @Test func receiveWherePredicateMatchesAnActionByItsShape() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.load)
    await store.receive(where: { if case .loaded = $0 { true } else { false } }) {
      $0.response = "hello"
    }
    await store.finish()
  }

  @Test func receiveWherePredicateFailsForAnotherAction() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.incrementLater)
    let messages = await failures {
      await store.receive(where: { if case .loaded = $0 { true } else { false } })
    }
    #expect(messages.first?.contains("unexpected action") == true)
    await store.finish()
  }

  @Test func skipInFlightEffectsStopsAssertingThemWithoutCancellingThem() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.startTimer) { $0.isTimerRunning = true }
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    // Still running: its tick arrives.
    await store.receive(.tick) { $0.ticks = 1 }
    // And finish does not report it.
    await store.finish()
  }

  @Test func aVirtualClockIsMovedByReceiveWithATimeout() async {
    let clock = VirtualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.delayedPong)
    await store.receive(.pong, timeout: .seconds(5)) { $0.title = "pong" }
    #expect(clock.now.offset == .seconds(5))
    await store.finish()
  }
}
