import Clocks
import Tide
import TideTesting
import XCTest

/// TestStore under XCTest: the same store, assertions and clock handling as under Swift Testing.
/// (XCTest on Linux has no `XCTExpectFailure`, so its failure paths are covered by the Swift
/// Testing suite, through the same swift-issue-reporting calls.)
final class TestStoreXCTests: XCTestCase {
  @MainActor
  func testSendReceiveAndTimersUnderXCTest() async {
    let clock = TestClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.load)
    await store.receive(.loaded("hello")) { $0.response = "hello" }
    await store.send(.startTimer) { $0.isTimerRunning = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick, timeout: .seconds(1)) { $0.ticks = 2 }
    await store.send(.stopTimer) { $0.isTimerRunning = false }
    await store.finish()
    XCTAssertEqual(store.state.ticks, 2)
  }
}
