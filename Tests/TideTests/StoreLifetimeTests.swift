import Testing
import Tide
import TideTestSupport

@MainActor
@Suite("Store lifetime")
struct StoreLifetimeTests {
  private struct Counter: Reducer {
    func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
      state += 1
      return .none
    }
  }

  @Test(.hangLimit)
  func aValuesStreamEndsWhenItsStoreIsReleased() async {
    var store: Store<Int, Bool>? = Store(initialState: 0, reducer: Counter())
    let stream = store!.values { $0 }
    let consumer = Task { @MainActor in
      var seen: [Int] = []
      for await value in stream { seen.append(value) }
      return seen
    }
    store?.send(true)
    store = nil
    let seen = await consumer.value
    // Only the newest value is buffered: the stream ends on the last state.
    #expect(seen.last == 1)
  }

  @Test func releasingAnObservationTokenStopsTheObservation() {
    let store = Store(initialState: 0, reducer: Counter())
    var calls: [Int] = []
    var token: ObservationToken? = store.observe { calls.append($0) }
    store.send(true)
    #expect(calls == [0, 1])
    #expect(token?.isCancelled == false)
    token = nil
    store.send(true)
    #expect(calls == [0, 1])
  }

  @Test func aKeptTokenKeepsObserving() {
    let store = Store(initialState: 0, reducer: Counter())
    var calls: [Int] = []
    let token = store.observe(\.self) { calls.append($0) }
    store.send(true)
    store.send(true)
    #expect(calls == [0, 1, 2])
    token.cancel()
  }
}

@MainActor
@Suite("Effect memory")
struct EffectMemoryTests {
  private enum Tick: Sendable { case start, tick }

  /// Every tick starts a short `.run`; the interval's task must not keep them all.
  @Test func aLongLivedEffectsTaskKeepsOnlyUnfinishedWork() async {
    let clock = VirtualClock()
    let reducer = Reduce<Int, Tick> { ticks, action in
      switch action {
      case .start:
        return .interval(.tick, every: .seconds(1))
      case .tick:
        ticks += 1
        return .run { _ in }
      }
    }
    let store = Store(initialState: 0, reducer: reducer, clock: clock)
    let task = store.send(.start)
    for _ in 0..<2_000 {
      clock.advance(by: .seconds(1))
      await store.waitUntilIdle()
    }
    #expect(store.state == 2_000)
    // The interval itself, and nothing of the 2,000 finished runs.
    #expect(task.unfinishedTaskCount == 1)
    await task.cancel()
  }
}
