import Clocks
import Testing
import Tide
import TideTesting

/// The same assertions drive the feature in each shape of store: send, receive, finish and the
/// skips pass where the feature behaves, and report the same failures where it does not.
@MainActor
@Suite("TestStore: every store shape")
struct TestStoreShapeTests {
  @Test(arguments: StoreShape.allCases)
  func sendAndReceiveAnEffectsAnswer(shape: StoreShape) async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), shape: shape)
    await store.send(.load)
    await store.receive(.loaded("hello")) { $0.response = "hello" }
    await store.send(.incrementLater)
    await store.receive(.increment) { $0.count = 1 }
    await store.finish()
  }

  @Test(arguments: StoreShape.allCases)
  func aTimerTicksAsTheTestClockMoves(shape: StoreShape) async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock, shape: shape)
    await store.send(.startTimer) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stopTimer) { $0.isTimerRunning = false }
    await store.finish()
  }

  @Test(arguments: StoreShape.allCases)
  func receiveWithATimeoutMovesTheClock(shape: StoreShape) async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), shape: shape)
    await store.send(.delayedPong)
    await store.receive(.pong, timeout: .seconds(5)) { $0.title = "pong" }
    await store.finish()
  }

  @Test(arguments: StoreShape.allCases)
  func skippingReceivedActionsAndInFlightEffects(shape: StoreShape) async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock, shape: shape)
    await store.send(.startTimer) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(3))
    await store.skipReceivedActions()
    #expect(store.state.ticks == 3)
    await store.skipInFlightEffects()
    await store.finish()
  }

  @Test(arguments: StoreShape.allCases)
  func aWrongExpectationIsReportedWithADiff(shape: StoreShape) async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), shape: shape)
    let messages = await failures {
      await store.send(.increment) { $0.count = 2 }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("−   count: 2,") == true, "\(messages)")
    #expect(messages.first?.contains("+   count: 1,") == true, "\(messages)")
    await store.finish()
  }

  @Test(arguments: StoreShape.allCases)
  func anUnreceivedActionAndARunningEffectAreReportedAtFinish(shape: StoreShape) async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock, shape: shape)
    await store.send(.startTimer) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    let messages = await failures {
      await store.finish()
    }
    #expect(messages.count == 2, "\(messages)")
    #expect(messages.contains { $0.contains("received 1 unexpected action") }, "\(messages)")
    #expect(messages.contains { $0.contains("1 effect(s) are still running") }, "\(messages)")
  }

  @Test(arguments: StoreShape.allCases)
  func aMissingActionIsReported(shape: StoreShape) async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), shape: shape)
    let messages = await failures {
      await store.receive(.pong)
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("Expected to receive") == true, "\(messages)")
    await store.finish()
  }

  @Test func onlyAStoreShapedTestStoreHasAStore() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), shape: .store)
    await store.send(.increment) { $0.count = 1 }
    #expect(store.store.state.count == 1)
    await store.finish()
  }
}
