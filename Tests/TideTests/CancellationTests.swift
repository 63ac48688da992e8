import Testing
import Tide
import TideTestSupport

private enum Request: Equatable, Sendable {
  case load(Int, newestOnly: Bool)
  case loaded(Int)
  case cancel
  case loadPair
  case cancelFromEffect
  case nested
}

private enum RequestID: Hashable, Sendable { case load, outer, inner }

/// Each load answers one second later on the store's clock.
private func requests(clock: VirtualClock) -> Reduce<[Int], Request> {
  Reduce { loaded, action in
    switch action {
    case .load(let n, let newestOnly):
      return .run { send in
        try await clock.sleep(for: .seconds(1))
        await send(.loaded(n))
      }
      .cancellable(id: RequestID.load, cancelInFlight: newestOnly)
    case .loaded(let n):
      loaded.append(n)
      return .none
    case .cancel:
      return .cancel(id: RequestID.load)
    case .loadPair:
      return .merge(
        .send(.loaded(100), after: .seconds(1)),
        .send(.loaded(200), after: .seconds(2))
      )
      .cancellable(id: RequestID.load)
    case .cancelFromEffect:
      return .run { send in await send(.loaded(-1)) }
        .concatenate(with: .cancel(id: RequestID.load))
    case .nested:
      return .send(.loaded(7), after: .seconds(1))
        .cancellable(id: RequestID.inner)
        .cancellable(id: RequestID.outer)
    }
  }
}

@MainActor
@Suite("Cancellation")
struct CancellationTests {
  @Test func cancelInFlightKeepsOnlyTheNewest() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: requests(clock: clock), clock: clock)
    store.send(.load(1, newestOnly: true))
    await store.waitUntilIdle()
    store.send(.load(2, newestOnly: true))
    store.send(.load(3, newestOnly: true))
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    clock.advance(by: .seconds(5))
    await store.waitUntilIdle()
    #expect(store.state == [3])
    #expect(store.effectScheduler.counts.running == 0)
  }

  @Test func withoutCancelInFlightEveryEffectUnderAnIdRuns() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: requests(clock: clock), clock: clock)
    store.send(.load(1, newestOnly: false))
    store.send(.load(2, newestOnly: false))
    await store.waitUntilIdle()
    clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(store.state.sorted() == [1, 2])
  }

  @Test func cancelStopsEveryEffectUnderTheId() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: requests(clock: clock), clock: clock)
    store.send(.load(1, newestOnly: false))
    store.send(.load(2, newestOnly: false))
    store.send(.loadPair)
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 4)
    store.send(.cancel)
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    #expect(store.effectScheduler.counts.running == 0)
    clock.advance(by: .seconds(10))
    await store.waitUntilIdle()
    #expect(store.state.isEmpty)
  }

  @Test func cancellingAnUnknownIdIsHarmless() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: requests(clock: clock), clock: clock)
    store.send(.cancel)
    store.send(.load(1, newestOnly: false))
    await store.waitUntilIdle()
    clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(store.state == [1])
  }

  @Test func anEffectCanCancelOthersFromInsideItsTask() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: requests(clock: clock), clock: clock)
    store.send(.loadPair)
    await store.waitUntilIdle()
    clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(store.state == [100])

    await store.send(.cancelFromEffect).finish()
    #expect(store.state == [100, -1])
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    clock.advance(by: .seconds(5))
    await store.waitUntilIdle()
    #expect(store.state == [100, -1])
  }

  @Test func eitherIdOfANestedCancellableCancelsIt() async {
    let clock = VirtualClock()
    let outer = Store(initialState: [Int](), reducer: CombineReducers {
      requests(clock: clock)
      Reduce<[Int], Request> { _, action in
        action == .cancel ? .cancel(id: RequestID.outer) : .none
      }
    }, clock: clock)
    outer.send(.nested)
    await outer.waitUntilIdle()
    outer.send(.cancel)
    await outer.waitUntilIdle()
    clock.advance(by: .seconds(2))
    await outer.waitUntilIdle()
    #expect(outer.state.isEmpty)

    let inner = Store(initialState: [Int](), reducer: CombineReducers {
      requests(clock: clock)
      Reduce<[Int], Request> { _, action in
        action == .cancel ? .cancel(id: RequestID.inner) : .none
      }
    }, clock: clock)
    inner.send(.nested)
    await inner.waitUntilIdle()
    inner.send(.cancel)
    await inner.waitUntilIdle()
    clock.advance(by: .seconds(2))
    await inner.waitUntilIdle()
    #expect(inner.state.isEmpty)
    #expect(clock.sleeperCount == 0)
  }

  @Test func idsOfDifferentTypesWithEqualValuesAreDistinct() async {
    let clock = VirtualClock()
    let store = Store(
      initialState: [Int](),
      reducer: Reduce<[Int], Int> { log, action in
        switch action {
        case 0: return .send(1, after: .seconds(1)).cancellable(id: 1)
        case 2: return .cancel(id: "1")
        default: log.append(action); return .none
        }
      },
      clock: clock)
    store.send(0)
    store.send(2)
    await store.waitUntilIdle()
    clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(store.state == [1])
  }
}

@MainActor
@Suite("Finishing effects by id")
struct FinishEffectsTests {
  private enum ID: Hashable, Sendable { case save, other }

  @Test(.hangLimit)
  func waitsForEveryEffectMarkedWithTheIDAndNoOther() async {
    let clock = VirtualClock()
    let store = Store(
      initialState: [],
      reducer: Reduce<[Int], Int> { log, n in
        log.append(n)
        guard n > 0, n < 10 else { return .none }
        return .merge(
          .send(-n, after: .seconds(n)).cancellable(id: ID.save),
          .send(-100, after: .seconds(100)).cancellable(id: ID.other))
      },
      clock: clock)
    store.send(1)
    store.send(2)
    await store.waitUntilIdle()
    let finished = Task { @MainActor in
      await store.finishEffects(id: ID.save)
      store.send(99)
    }
    for _ in 0..<3 {
      clock.advance(by: .seconds(1))
      await store.waitUntilIdle()
    }
    // Had it waited for the effect due at 100 s too, this would never return.
    await finished.value
    #expect(store.state == [1, 2, -1, -2, 99])
  }
}

/// What the inspector's live time travel does to a running app's store: the state replaced
/// outside any action, observers told, and — with `cancellingEffects` — no effect started
/// before it left to act on the state it lands in.
@MainActor
@Suite("Replacing a store's state")
struct ReplaceStateTests {
  @Test func theStateIsReplacedObserversAreToldAndRunningEffectsEnd() async {
    let clock = VirtualClock()
    let store = Store(initialState: [1, 2], reducer: requests(clock: clock), clock: clock)
    var seen: [[Int]] = []
    let token = store.observe { seen.append($0) }
    store.send(.load(3, newestOnly: false))
    store.send(.loadPair)
    await store.waitUntilIdle()
    #expect(!store.runningEffectKeys.isEmpty)
    store.replaceState([9], cancellingEffects: true)
    #expect(store.state == [9])
    #expect(seen.last == [9], "observers are told")
    await store.waitUntilIdle()
    clock.advance(by: .seconds(5))
    await store.waitUntilIdle()
    #expect(store.state == [9], "the load and the pair started before never answer")
    #expect(store.runningEffectKeys.isEmpty)
    _ = token
  }

  @Test func withoutCancellingTheEffectsGoOn() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: requests(clock: clock), clock: clock)
    store.send(.load(3, newestOnly: false))
    await store.waitUntilIdle()
    store.replaceState([9], cancellingEffects: false)
    clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
    #expect(store.state == [9, 3])
  }
}
