import Synchronization
import Testing
import TideTestSupport

@testable import Tide

/// A run loop's ``TimerWaker`` (a terminal's screen thread) wakes the main actor's timers on
/// the continuous clock instead of a sleeping task; when it stops, it hands its pending request
/// back and the timer still fires.
@MainActor
@Suite(.serialized)
struct MainActorTimersTests {
  /// Does what a run loop does with the requests: waits until the last deadline asked for and
  /// calls its `fire` on the main actor; `handBack()` stops it, calling the pending one at once.
  /// Correct for any store's timers, since while it is installed it serves every main-actor
  /// store on the continuous clock in the process, other tests' too.
  ///
  /// Each call of `fire` is measured: the lock sections the engine and the timer path took on
  /// the main thread during it (``EngineLockSections``), and how `progress` moved across it.
  private final class SleepingWaker: TimerWaker {
    private struct State {
      var requests: [ContinuousClock.Instant?] = []
      var pending: (fire: @MainActor @Sendable () -> Void, task: Task<Void, Never>)?
      var fired = 0
      var stopped = false
      var firings: [(lockSections: Int, progress: Int)] = []
    }
    private let state = Mutex(State())
    private let progress: @MainActor @Sendable () -> Int

    init(progress: @escaping @MainActor @Sendable () -> Int = { 0 }) {
      self.progress = progress
    }

    /// The lock sections of each call of `fire` that moved `progress` by exactly one.
    var lockSectionsOfOneStep: [Int] {
      state.withLock { $0.firings.filter { $0.progress == 1 }.map(\.lockSections) }
    }

    var requests: [ContinuousClock.Instant?] { state.withLock { $0.requests } }
    var fired: Int { state.withLock { $0.fired } }

    func wake(at deadline: ContinuousClock.Instant?, fire: @escaping @MainActor @Sendable () -> Void) {
      let (replaced, handsBack) = state.withLock { state -> (Task<Void, Never>?, Bool) in
        guard !state.stopped else { return (nil, deadline != nil) }
        state.requests.append(deadline)
        let replaced = state.pending?.task
        state.pending = deadline.map { deadline in
          let task = Task { @MainActor [weak self] in
            do { try await ContinuousClock().sleep(until: deadline) } catch { return }
            guard let self else { return }
            self.state.withLock { $0.fired += 1 }
            let (sections, progress) = (EngineLockSections.onThisThread, self.progress())
            fire()
            let firing = (EngineLockSections.onThisThread - sections, self.progress() - progress)
            self.state.withLock { $0.firings.append(firing) }
          }
          return (fire, task)
        }
        return (replaced, false)
      }
      replaced?.cancel()
      if handsBack { Task { @MainActor in fire() } }
    }

    func handBack() {
      let pending = state.withLock { state in
        state.stopped = true
        defer { state.pending = nil }
        return state.pending
      }
      pending?.task.cancel()
      if let pending { Task { @MainActor in pending.fire() } }
    }
  }

  private enum Action: Sendable { case start(Duration), fired }

  private static let reducer = Reduce<Int, Action> { fired, action in
    switch action {
    case .start(let delay): return .send(.fired, after: delay)
    case .fired:
      fired += 1
      return .none
    }
  }

  /// Waits (at most `limit` of real time) until the store has counted `count` fired timers.
  private func waitForFired(_ store: Store<Int, Action>, count: Int, limit: Duration = Slowdown.sanitized(Slowdown.waitLimit)) async {
    let (changes, change) = AsyncStream.makeStream(of: Void.self)
    let token = store.observe { _ in change.yield() }
    defer { token.cancel() }
    let timeout = Task {
      try? await ContinuousClock().sleep(for: limit)
      change.finish()
    }
    defer { timeout.cancel() }
    if store.state >= count { return }
    for await _ in changes where store.state >= count { return }
    Issue.record("the timer did not fire within \(limit): \(store.state) of \(count)")
  }

  @Test func theInstalledWakerWakesAMainActorTimerOnTheContinuousClock() async {
    // Every main-actor store on the continuous clock shares one timer queue, the stores of tests
    // running beside this one too: a timer of theirs due just before this one, armed before the
    // waker was installed, may fire late on a loaded machine and take this one with it, and the
    // waker is then never asked for this deadline. So a try where that happened is repeated; a
    // waker that is never used fails every try.
    for _ in 1...5 {
      let waker = SleepingWaker()
      MainActorTimers.wake(with: waker)
      let store = Store(initialState: 0, reducer: Self.reducer)
      let before = ContinuousClock.now
      store.send(.start(.milliseconds(30)))
      let after = ContinuousClock.now
      await waitForFired(store, count: 1)
      MainActorTimers.wake(with: nil)
      waker.handBack()
      // The deadline went to the waker, not to a sleeping task, and the waker fired it.
      let asked = waker.requests.contains {
        $0.map { $0 >= before + .milliseconds(30) && $0 <= after + .milliseconds(30) } ?? false
      }
      if asked && waker.fired >= 1 { return }
    }
    Issue.record("in five tries the waker was never asked for the timer's deadline and fired it")
  }

  @Test func aWakerThatStopsHandsItsPendingTimerBackAndItStillFires() async {
    let waker = SleepingWaker()
    MainActorTimers.wake(with: waker)
    let store = Store(initialState: 0, reducer: Self.reducer)
    store.send(.start(.milliseconds(50)))
    // The run loop ends before the deadline (a terminal app quitting while a timer is pending).
    MainActorTimers.wake(with: nil)
    waker.handBack()
    await waitForFired(store, count: 1)
    #expect(waker.fired == 0, "the waker stopped before the deadline: a sleeping task fired it")
  }

  private enum Tick: Sendable { case start, tick }

  @Test func aStopwatchTickTakesAtMostThreeLockSections() async throws {
    // The running stopwatch's path: a timer on a main-actor store and the continuous clock, woken
    // by the run loop's waker; a tick is the waker's `fire`, which fires the due entry, sends its
    // action, and re-arms the entry for the next tick with the waker. Counted in debug builds on
    // the main thread, whose count other threads' locks do not touch; a firing that also fired
    // another test's timer due at the same moment is left out (`progress` of one tick exactly).
    let store = Store(initialState: 0, reducer: Reduce<Int, Tick> { ticks, action in
      switch action {
      case .start: return .timer(.tick, after: .milliseconds(2), every: .milliseconds(2))
      case .tick:
        ticks += 1
        return .none
      }
    })
    let waker = SleepingWaker(progress: { store.state })
    MainActorTimers.wake(with: waker)
    let task = store.send(.start)
    _ = try await poll(every: .milliseconds(5)) { waker.lockSectionsOfOneStep.count >= 5 }
    await task.cancel()
    MainActorTimers.wake(with: nil)
    waker.handBack()
    let counts = waker.lockSectionsOfOneStep
    try #require(counts.count >= 5, "five ticks of the stopwatch fired by the waker did not come; got \(counts.count)")
    #expect(counts.min()! <= 3, "lock sections a tick: \(counts)")
  }
}
