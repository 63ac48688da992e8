import Clocks
import Dispatch
import Synchronization
import Testing
import Tide
import TideTestSupport
import TideTesting

/// `TestStore.send` stops waiting after a quiet period without progress (a long-living effect
/// would stall it otherwise) — but never while a `.run` body has not begun: such a body waits
/// for a thread of the global pool, not for anything the test controls.
@MainActor
@Suite("TestStore: quiet period")
struct TestStoreQuietPeriodTests {
  enum Action: Equatable, Sendable { case nap, pong }

  final class Flag: Sendable {
    let value = Atomic<Bool>(false)
  }

  /// The pool is held busy for 300 ms (three quiet periods) while `.nap`'s body waits to begin,
  /// as on a loaded machine or under ThreadSanitizer. `send` returns only once the body's sleep
  /// is on the clock, so the clock moved next wakes it. Failed before `.run` bodies were
  /// counted until begun: `send` returned after 100 ms, the sleep was registered after the move,
  /// and `receive` waited its whole timeout.
  @Test(.holdsTheGlobalPool, .timeLimit(.minutes(1)))
  func sendWaitsForARunBodyThatHasNotBegunBeyondTheQuietPeriod() async {
    let clock = TestClock()
    let began = Flag()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .nap:
          return .run { send in
            began.value.store(true, ordering: .releasing)
            try await send.sleep(for: .seconds(3))
            await send(.pong)
          }
        case .pong:
          state += 1
          return .none
        }
      }, clock: clock)
    store.wallTimeout = .seconds(5)
    let blocker = GlobalPoolBlocker()
    // Lets the pool go after three quiet periods, from the main queue: a delayed task would
    // need a thread of the blocked pool to wake.
    DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(300)) {
      MainActor.assumeIsolated {
        _ = Task { @MainActor in await blocker.release() }
      }
    }
    await store.send(.nap)
    let didBegin = began.value.load(ordering: .acquiring)
    #expect(didBegin, "send returned before the effect's body began")
    await clock.advance(by: .seconds(3))
    await store.receive(.pong, timeout: .seconds(2)) { $0 = 1 }
    await store.finish()
  }
}
