import Clocks
import Testing
import Tide
import TideTestSupport
import TideTesting

/// `expectEffectsEnded` decides by the effects' state, not by waiting a while: a cancelled
/// interval ends, and one nobody cancelled, asleep on the store's clock, is found at once.
@MainActor
@Suite("Expecting effects ended")
struct EffectsEndedTests {
  enum Action: Equatable, Sendable { case start, stop, tick }
  enum TimerID: Hashable { case timer }

  private func makeStore(clock: TestClock<Duration>) -> TestStore<Int, Action> {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { count, action in
        switch action {
        case .start:
          return .run { send in
            while true {
              try await send.sleep(for: .seconds(1))
              await send(.tick)
            }
          }
          .cancellable(id: TimerID.timer)
        case .stop: return .cancel(id: TimerID.timer)
        case .tick:
          count += 1
          return .none
        }
      }, clock: clock)
    store.exhaustivity = .off
    return store
  }

  @Test func aCancelledIntervalHasEnded() async {
    let store = makeStore(clock: TestClock())
    await store.send(.start)
    await store.send(.stop)
    await expectEffectsEnded(store)
  }

  @Test func anIntervalNobodyCancelledIsFoundRunningAtOnce() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.start)
    await withKnownIssue("the interval sleeps on the store's clock, never cancelled") {
      await expectEffectsEnded(store)
    }
    await store.send(.stop)
  }
}
