import Testing
import Tide

@MainActor
@Suite("Store lifetime")
struct StoreLifetimeTests {
  private struct Counter: Reducer {
    func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
      state += 1
      return .none
    }
  }

  @Test(.timeLimit(.minutes(1)))
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
