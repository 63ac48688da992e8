import Clocks
import Synchronization
import Testing
import Tide
import TideTestSupport

/// A sleep that reaches its clock late — its thread preempted between the store counting it
/// asleep and the clock taking it, as on a loaded machine — still wakes once the clock has
/// passed its deadline, though swift-clocks' `TestClock` keeps a sleep "until now" asleep until
/// its next move.
///
/// Before: the store reported idle (the sleep was counted), the test moved the clock to exactly
/// the deadline, and the sleep, taken by the clock after the move, waited for a move that never
/// came; the store was never idle again and `waitUntilIdle()` waited forever, idle on every
/// thread — the hang of `idleIsNeverReportedEarlyOnRandomEffectTrees` under load.
@MainActor
@Suite struct LateSleepRegistrationTests {
  /// `TestClock`, whose sleeps reach it only once the test opens the gate.
  private final class LateClock: Clock, Sendable {
    typealias Instant = TestClock<Duration>.Instant
    let inner = TestClock()
    private let gate = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    var now: Instant { inner.now }
    var minimumResolution: Duration { inner.minimumResolution }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
      await withCheckedContinuation { continuation in
        let open = gate.withLock { gate in
          if !gate.open { gate.waiting.append(continuation) }
          return gate.open
        }
        if open { continuation.resume() }
      }
      try await inner.sleep(until: deadline, tolerance: tolerance)
    }

    func open() {
      let waiting = gate.withLock { gate in
        gate.open = true
        defer { gate.waiting.removeAll() }
        return gate.waiting
      }
      for continuation in waiting { continuation.resume() }
    }
  }

  @Test func aSleepTheClockTookAfterItPassedTheDeadlineStillWakes() async {
    let clock = LateClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Bool> { state, start in
        guard start else {
          state += 1
          return .none
        }
        return .run { send in
          try await send.sleep(for: .seconds(1))
          await send(false)
        }
      },
      clock: clock)
    store.send(true)
    await store.waitUntilIdle()
    #expect(store.effectScheduler.counts.sleepDeadlines == [.seconds(1)])
    await clock.inner.advance(by: .seconds(1))
    clock.open()
    // The default limit, a minute: the woken effect's send waits for the main actor, which the
    // suite's other main-actor tests may hold for seconds on a loaded machine (10 s failed in a
    // fresh clone's CI with the sleep already woken: sleeping 0, running 1). A hang never ends.
    await waitUntil(
      store.effectScheduler,
      failure: { "the sleep never woke though the clock passed its deadline; counters: \($0)" }
    ) { $0.running == 0 }
    #expect(store.state == 1)
  }
}
