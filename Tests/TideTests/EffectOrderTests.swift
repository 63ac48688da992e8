import Testing
import Tide

/// Effects start in the order they were produced, and the part of a `.run` before its first
/// suspension has run when `send` returns — as in TCA (its `testSynchronousEffectsSentAfterSinking`).
@MainActor
@Suite struct EffectOrderTests {
  private enum Step: Sendable { case tap, next1, next2, end }

  @Test func runBodiesStartInTheOrderTheirEffectsWereProduced() async {
    let values = Recorded<Int>()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Step> { _, action in
        switch action {
        case .tap:
          return .merge(.send(.next1), .send(.next2), .run { _ in values.append(1) })
        case .next1:
          return .merge(.send(.end), .run { _ in values.append(2) })
        case .next2:
          return .run { _ in values.append(3) }
        case .end:
          return .run { _ in values.append(4) }
        }
      })
    let task = store.send(.tap)
    #expect(values.all == [1, 2, 3, 4], "every body ran up to its first suspension before send returned")
    await task.finish()
    #expect(values.all == [1, 2, 3, 4])
  }

  @Test func theFirstSleepOfATimerIsRegisteredWhenSendReturns() async {
    let clock = VirtualClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Step> { state, action in
        if case .tap = action { return .send(.end, after: .seconds(1)) }
        state += 1
        return .none
      },
      clock: clock)
    let task = store.send(.tap)
    #expect(clock.sleeperCount == 1, "the delay sleeps on the clock before send returns")
    await task.cancel()
  }
}
