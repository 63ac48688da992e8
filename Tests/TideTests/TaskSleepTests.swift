import Testing
import Tide
import TideTestSupport

private enum Nap: Equatable, Sendable {
  case start(Duration)
  case stop
  case woke(after: Duration)
}

private enum NapID { case nap }

/// `send.sleep(for:)` on a real clock: a timer entry of the store's clock queue whose firing
/// resumes the task, never before its deadline; cancelling the effect ends the sleep at once.
@MainActor
@Suite struct TaskSleepTests {
  private static let reducer = Reduce<[Nap], Nap> { log, action in
    switch action {
    case .start(let duration):
      return .run { send in
        let start = ContinuousClock.now
        try await send.sleep(for: duration)
        await send(.woke(after: ContinuousClock.now - start))
      }.cancellable(id: NapID.nap)
    case .stop:
      return .cancel(id: NapID.nap)
    case .woke:
      log.append(action)
      return .none
    }
  }

  @Test func aSleepOnTheContinuousClockEndsAtItsDeadlineAndNotBefore() async {
    let store = Store(initialState: [], reducer: Self.reducer)
    store.send(.start(.milliseconds(30)))
    #expect(store.effectScheduler.counts.sleepDeadlines.count == 1, "asleep, and counted so, once send returns")
    await waitUntil(store) { !$0.isEmpty }
    guard case .woke(let after) = store.state.first else {
      Issue.record("the task never woke: \(store.state)")
      return
    }
    #expect(after >= .milliseconds(30), "woke after \(after)")
    await waitUntilEffects(store) { $0.running == 0 && $0.sleeping == 0 }
  }

  @Test func cancellingTheEffectEndsItsSleepAtOnce() async {
    let store = Store(initialState: [], reducer: Self.reducer)
    store.send(.start(.seconds(3_600)))
    #expect(store.effectScheduler.counts.sleeping == 1)
    store.send(.stop)
    // An hour's sleep: only the cancel can end it within the wait's limit.
    await waitUntilEffects(store) { $0.running == 0 && $0.sleeping == 0 }
    #expect(store.state.isEmpty, "a cancelled sleep sends nothing")
  }
}
