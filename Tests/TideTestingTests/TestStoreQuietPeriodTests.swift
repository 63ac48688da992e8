import Clocks
import Testing
import Tide
import TideTestSupport
import TideTesting

/// `TestStore.send` stops waiting after a quiet period without progress, so a long-living
/// effect never stalls a test — but never while an effect is in transit: handed to its executor
/// and waiting for a thread there, which under load takes any time and depends on nothing the
/// test controls.
@MainActor
@Suite("TestStore: quiet period")
struct TestStoreQuietPeriodTests {
  /// The flake of `aSleepOnTheStoresClockInsideRunCountsAsAsleep` and of the ported
  /// `testSendWithUnreceivedAction` on a loaded machine, made to happen every time: after its
  /// first action is handled, the `.run` body of `.nap` must get a thread of its executor back
  /// to go on to its sleep, and that executor has none for ten quiet periods (it is held, as a
  /// busy global pool holds a task). `send` must return only once the sleep is on the store's
  /// clock, so that the clock moved next wakes it.
  ///
  /// Failed before `Send` counted its hand-over back to the effect's executor as in transit:
  /// `send` returned after the 100 ms quiet period with the body still waiting for its thread,
  /// the clock moved before the sleep was registered, and the sleep, registered after the move,
  /// waited for a later one (`receive(.pong)`: "Effects are idle: only moving the clock could
  /// send it").
  @Test(.hangLimit)
  func sendWaitsForAnEffectWaitingForAThreadBeyondTheQuietPeriod() async {
    enum Action: Equatable, Sendable { case nap, napping, pong }
    let clock = TestClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .nap:
          return .run { send in
            await send(.napping)
            try await send.sleep(for: .seconds(3))
            await send(.pong)
          }
        case .napping:
          state = 1
          return .none
        case .pong:
          state = 2
          return .none
        }
      }, clock: clock)
    store.wallTimeout = Slowdown.sanitized(Slowdown.waitLimit)
    let executor = HeldTaskExecutor()
    store.store.runEffects(on: executor)
    executor.open(after: .seconds(1))
    await store.send(.nap)
    await store.receive(.napping) { $0 = 1 }
    await clock.advance(by: .seconds(3))
    await store.receive(.pong) { $0 = 2 }
    await store.finish()
  }
}
