import Clocks
import Testing
import Tide
import TideTesting

/// TCA's `TestStoreTests.testEffectEmitAfterSkipInFlightEffects`, restated for Tide: an effect
/// whose assertion was skipped keeps running, and what it sends afterwards is still received.
@MainActor
@Suite("Ported from TCA: skipped in-flight effects")
struct PortedSkipInFlightTests {
  @Test(.hangLimit)
  func anEffectSkippedInFlightStillDeliversWhatItSendsLater() async {
    enum Action: Equatable, Sendable { case tap, response }
    let clock = TestClock()
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .tap:
          return .run { send in
            try await send.sleep(for: .seconds(1))
            await send(.response)
          }
        case .response:
          state = 42
          return .none
        }
      }, clock: clock)
    await store.send(.tap)
    await store.skipInFlightEffects()
    await clock.advance(by: .seconds(1))
    await store.receive(.response) { $0 = 42 }
    await store.finish()
  }
}
