import Clocks
import Testing
import Tide
import TideTestSupport

private enum Step: Equatable, Sendable {
  case start
  case stop
  case started
  case tick(at: Duration, handledAt: Duration)
  case after
}

private enum StepID { case timer }

/// A timer that starts once `.started` was sent, as a step of a concatenation (run inside the
/// concatenation's task); each tick records its instant and the store's time as it is handled.
private let timerAfterAStep = Reduce<[Step], Step> { log, action in
  switch action {
  case .start:
    return .concatenate(
      .send(.started),
      .timer(after: .seconds(1), every: .seconds(1)) { .tick(at: $0, handledAt: .zero) },
      .send(.after)
    ).cancellable(id: StepID.timer)
  case .stop:
    return .cancel(id: StepID.timer)
  case .tick(let instant, _):
    log.append(.tick(at: instant, handledAt: StoreTime.now))
    return .none
  case .started, .after:
    log.append(action)
    return .none
  }
}

private func ticks(_ seconds: Int...) -> [Step] {
  seconds.map { .tick(at: .seconds($0), handledAt: .seconds($0)) }
}

/// A timer inside an effect task — a step of a concatenation — is the same timer-queue entry as
/// one the reducer returns: it ticks by the same route, at the same instants, under the same
/// cancellation, and the task waits for it as for a child.
@MainActor
@Suite struct TimerInsideATaskTests {
  /// Before, such a timer was a loop of sleeps in the task: a move of a virtual clock woke its
  /// first sleep and returned, and the ticks came later, handled at the clock's new reading.
  @Test func aVirtualClockMoveDeliversItsTicksBeforeItReturnsEachAtItsInstant() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: timerAfterAStep, clock: clock)
    store.send(.start)
    await store.waitUntilIdle()
    #expect(store.state == [.started])

    clock.advance(by: .milliseconds(3_500))
    #expect(store.state == [.started] + ticks(1, 2, 3), "every tick within the move, at its instant")
    await store.waitUntilIdle()
    #expect(store.effectScheduler.counts.sleepDeadlines == [.seconds(4)], "still on its grid")
    store.send(.stop)
    await waitUntilEffects(store) { $0.running == 0 }
    #expect(store.state == [.started] + ticks(1, 2, 3), "the step after the timer never ran")
  }

  /// A test clock jumped past several ticks before the store's actor gets to the first: every
  /// tick is delivered, each at its instant, none bunched at the jump's end.
  @Test func aTestClockJumpDeliversEveryTickAtItsInstant() async {
    let clock = TestClock()
    let store = Store(initialState: [], reducer: timerAfterAStep, clock: clock)
    store.send(.start)
    await waitUntilEffects(store) { $0.sleepDeadlines == [.seconds(1)] }

    await clock.advance(by: .milliseconds(3_500))
    await waitUntilEffects(store) { $0.sleepDeadlines == [.seconds(4)] }
    #expect(store.state == [.started] + ticks(1, 2, 3))
    store.send(.stop)
    await waitUntilEffects(store) { $0.running == 0 }
  }

  /// While the timer runs, the task waits for it and the store is idle; cancelling the
  /// concatenation ends both, and nothing is left asleep on the clock.
  @Test func cancellingTheConcatenationEndsTheTimerAndItsTask() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: timerAfterAStep, clock: clock)
    store.send(.start)
    await store.waitUntilIdle()
    let counts = store.effectScheduler.counts
    #expect(counts.running == 2, "the concatenation's task and its timer")
    #expect(counts.waitingOnChildren == 1 && counts.sleeping == 1)

    store.send(.stop)
    await waitUntilEffects(store) { $0.running == 0 }
    #expect(clock.nextDeadline == nil, "no sleeper left on the clock")
    clock.advance(by: .seconds(5))
    await store.waitUntilIdle()
    #expect(store.state == [.started])
  }

  /// A store that goes away while the timer runs ends it, and with it the task that waits.
  @Test func aStoreReleasedWhileTheTimerRunsEndsTheTask() async {
    let clock = VirtualClock()
    var store: Store<[Step], Step>? = Store(initialState: [], reducer: timerAfterAStep, clock: clock)
    store?.send(.start)
    await store?.waitUntilIdle()
    let effects = store!.effectScheduler
    store = nil
    await waitUntil(effects) { $0.running == 0 }
    #expect(clock.nextDeadline == nil)
  }
}
