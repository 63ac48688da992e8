import Clocks
import Testing
import Tide

/// Behaviours of TCA's `StoreTests` that a user moving to Tide relies on, restated for Tide's
/// API (the names in each comment are TCA's tests).
@MainActor
@Suite struct PortedStoreTests {
  // testCancellableIsRemovedOnImmediatelyCompletingEffect
  @Test func anEffectThatEndsAtOnceLeavesNothingRunning() async {
    let store = Store(initialState: 0, reducer: Reduce<Int, Int> { _, _ in .run { _ in } })
    let task = store.send(1)
    await task.finish()
    #expect(store.effectScheduler.counts.running == 0)
    #expect(!task.isRunning)
  }

  // testCancellableIsRemovedWhenEffectCompletes
  @Test func aDelayedEffectIsRunningUntilItsTimeThenGone() async {
    enum Action: Sendable { case start, end }
    let clock = TestClock()
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .start: return .send(.end, after: .seconds(1))
        case .end:
          state += 1
          return .none
        }
      },
      clock: clock)
    let task = store.send(.start)
    #expect(store.effectScheduler.counts.running == 1)
    await clock.advance(by: .seconds(2))
    await task.finish()
    #expect(store.state == 1)
    #expect(store.effectScheduler.counts.running == 0)
  }

  // testLotsOfSynchronousActions: a chain of `.send`s is queued, never recursive, so it cannot
  // overflow the stack. 20,000 rather than TCA's 100,000: recursion would overflow long before,
  // and a longer chain holds the main actor, which every test of the process shares, for
  // seconds in a debug or ThreadSanitizer build.
  @Test func aLongChainOfSynchronousSendsIsHandledWithoutRecursion() {
    enum Action: Sendable { case increment, done }
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .increment:
          state += 1
          return .send(state >= 20_000 ? .done : .increment)
        case .done:
          return .none
        }
      })
    store.send(.increment)
    #expect(store.state == 20_000)
  }

  // testCoalesceSynchronousActions: the actions a send queues are reduced before observers hear
  // of any of them, so an observer sees the state before and after, nothing between.
  @Test func observersSeeOnlyTheStateAfterEverySynchronousActionWasReduced() {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, action in
        if action == 0 { return .merge(.send(1), .send(2), .send(3)) }
        state = action
        return .none
      })
    var emissions: [Int] = []
    let token = store.observe { emissions.append($0) }
    #expect(emissions == [0])
    store.send(0)
    #expect(emissions == [0, 3])
    token.cancel()
  }

  // testScopeCancellation: the task a scoped store's send returns ends when its effect does,
  // and nothing is left running in the root.
  @Test func aScopedSendsTaskEndsWithItsEffect() async {
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Int> { _, _ in
        .run { _ in for await _ in stream {} }
      })
    let scoped = store.scope(state: { $0 }, action: { $0 })
    let task = scoped.send(1)
    #expect(task.isRunning)
    continuation.finish()
    await task.finish()
    #expect(!task.isRunning)
    #expect(store.effectScheduler.counts.running == 0)
  }

  // testRootStoreCancellationIsolation: a cancellation id belongs to its store. Two stores on
  // one clock with the same id: cancelling in one leaves the other's effect running.
  @Test func cancellingAnIdInOneStoreLeavesAnotherStoresEffectAlone() async {
    enum Action: Sendable { case tap, cancel, response(Int) }
    enum CancelID { case effect }
    let clock = TestClock()
    let reducer = Reduce<Int, Action> { state, action in
      switch action {
      case .tap:
        return .send(.response(42), after: .seconds(1)).cancellable(id: CancelID.effect)
      case .cancel:
        return .cancel(id: CancelID.effect)
      case .response(let value):
        state = value
        return .none
      }
    }
    let first = Store(initialState: 0, reducer: reducer, clock: clock)
    let second = Store(initialState: 0, reducer: reducer, clock: clock)
    let firstTask = first.send(.tap)
    let secondTask = second.send(.tap)
    second.send(.cancel)
    await secondTask.finish()
    await clock.advance(by: .seconds(1))
    await firstTask.finish()
    #expect(first.state == 42)
    #expect(second.state == 0)
  }

  // testReEntrantAction: an action an effect's stream produces while a reducer runs (the
  // reducer feeds the stream) is handled after that reducer has returned, never inside it.
  @Test func anActionAStreamYieldsDuringAReducerIsHandledAfterIt() async {
    struct State: Equatable {
      var count = 0
      var isOn = false
      var emitted = 0
    }
    enum Action: Sendable { case appear, emitted, tap }
    let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    let store = Store(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .appear:
          return .run(stream, transform: { _ in .emitted })
        case .emitted:
          if state.isOn { state.count += 1 }
          state.emitted += 1
          return .none
        case .tap:
          state.isOn = true
          continuation.yield()
          state.isOn = false
          return .none
        }
      })
    let appear = store.send(.appear)
    store.send(.tap)
    await waitUntil(store) { $0.emitted == 1 }
    // The stream's element reached the store after `.tap` had switched `isOn` back off.
    #expect(store.state == State(count: 0, isOn: false, emitted: 1))
    continuation.finish()
    await appear.finish()
  }
}
