import Testing
import Tide

private enum Query: Equatable, Sendable {
  case type(String)
  case search(String)
  case tap(Int)
  case tapped(Int)
}

private enum SearchID: Hashable, Sendable { case debounce, throttle }

private struct Ran: Equatable, Sendable {
  var what: String
  var at: Duration
}

private func searcher(clock: VirtualClock, debounce: Duration = .seconds(1), throttle: Duration = .seconds(1), latest: Bool) -> Reduce<[Ran], Query> {
  Reduce { ran, action in
    switch action {
    case .type(let text):
      return .send(.search(text)).debounce(id: SearchID.debounce, for: debounce)
    case .search(let text):
      ran.append(Ran(what: text, at: clock.now.offset))
      return .none
    case .tap(let n):
      return .send(.tapped(n)).throttle(id: SearchID.throttle, for: throttle, latest: latest)
    case .tapped(let n):
      ran.append(Ran(what: "\(n)", at: clock.now.offset))
      return .none
    }
  }
}

/// Sends `action` at `offset` on the virtual clock, then lets the store settle.
@MainActor
private func send(_ action: Query, at offset: Duration, to store: Store<[Ran], Query>, clock: VirtualClock) async {
  clock.advance(to: .at(offset))
  await store.waitUntilIdle()
  store.send(action)
  await store.waitUntilIdle()
}

@MainActor
@Suite("Debounce and throttle")
struct DebounceThrottleTests {
  @Test func debounceRunsOnlyTheLastOfABurstExactlyItsDurationAfterIt() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: searcher(clock: clock, latest: true), clock: clock)
    await send(.type("a"), at: .zero, to: store, clock: clock)
    await send(.type("ab"), at: .milliseconds(300), to: store, clock: clock)
    await send(.type("abc"), at: .milliseconds(600), to: store, clock: clock)
    #expect(clock.sleeperCount == 1)

    clock.advance(to: .at(.milliseconds(1_600) - .nanoseconds(1)))
    await store.waitUntilIdle()
    #expect(store.state.isEmpty, "nothing may run before d after the last input")

    clock.advance(to: .at(.milliseconds(1_600)))
    await store.waitUntilIdle()
    #expect(store.state == [Ran(what: "abc", at: .milliseconds(1_600))])

    clock.advance(by: .seconds(10))
    await store.waitUntilIdle()
    #expect(store.state.count == 1)
  }

  @Test func debounceInputsFartherApartThanItsDurationEachRun() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: searcher(clock: clock, latest: true), clock: clock)
    await send(.type("a"), at: .zero, to: store, clock: clock)
    await send(.type("b"), at: .seconds(1), to: store, clock: clock)  // exactly d later: "a" already ran
    clock.advance(to: .at(.seconds(2)))
    await store.waitUntilIdle()
    clock.advance(to: .at(.seconds(5)))
    await store.waitUntilIdle()
    #expect(store.state == [Ran(what: "a", at: .seconds(1)), Ran(what: "b", at: .seconds(2))])
  }

  @Test func throttleLatestRunsTheFirstAtOnceAndTheNewestAtTheEndOfTheWindow() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: searcher(clock: clock, latest: true), clock: clock)
    await send(.tap(1), at: .zero, to: store, clock: clock)
    #expect(store.state == [Ran(what: "1", at: .zero)])
    await send(.tap(2), at: .milliseconds(200), to: store, clock: clock)
    await send(.tap(3), at: .milliseconds(500), to: store, clock: clock)
    await send(.tap(4), at: .milliseconds(999), to: store, clock: clock)
    #expect(store.state.count == 1)

    clock.advance(to: .at(.seconds(1)))
    await store.waitUntilIdle()
    clock.advance(to: .at(.seconds(10)))
    await store.waitUntilIdle()
    #expect(store.state == [Ran(what: "1", at: .zero), Ran(what: "4", at: .seconds(1))])
  }

  @Test func throttleOldestRunsTheFirstAtOnceAndTheOldestAtTheEndOfTheWindow() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: searcher(clock: clock, latest: false), clock: clock)
    await send(.tap(1), at: .zero, to: store, clock: clock)
    await send(.tap(2), at: .milliseconds(200), to: store, clock: clock)
    await send(.tap(3), at: .milliseconds(500), to: store, clock: clock)
    await send(.tap(4), at: .milliseconds(999), to: store, clock: clock)
    clock.advance(to: .at(.seconds(1)))
    await store.waitUntilIdle()
    clock.advance(to: .at(.seconds(10)))
    await store.waitUntilIdle()
    #expect(store.state == [Ran(what: "1", at: .zero), Ran(what: "2", at: .seconds(1))])
  }

  @Test func throttleWindowEdges() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: searcher(clock: clock, latest: true), clock: clock)
    await send(.tap(1), at: .zero, to: store, clock: clock)
    // Exactly one interval after the last run: the window is over, so it runs at once.
    await send(.tap(2), at: .seconds(1), to: store, clock: clock)
    #expect(store.state.last == Ran(what: "2", at: .seconds(1)))
    // One nanosecond before the window ends: it waits for lastRun + interval.
    await send(.tap(3), at: .seconds(2) - .nanoseconds(1), to: store, clock: clock)
    #expect(store.state.count == 2)
    clock.advance(to: .at(.seconds(2)))
    await store.waitUntilIdle()
    #expect(store.state.last == Ran(what: "3", at: .seconds(2)))
    // The deferred run opened a new window at 2 s.
    await send(.tap(4), at: .milliseconds(2_500), to: store, clock: clock)
    #expect(store.state.count == 3)
    clock.advance(to: .at(.seconds(3)))
    await store.waitUntilIdle()
    // After an idle window, the next one runs at once again.
    await send(.tap(5), at: .seconds(10), to: store, clock: clock)
    #expect(store.state == [
      Ran(what: "1", at: .zero), Ran(what: "2", at: .seconds(1)), Ran(what: "3", at: .seconds(2)),
      Ran(what: "4", at: .seconds(3)), Ran(what: "5", at: .seconds(10)),
    ])
  }

  @Test func cancellingAThrottleDropsThePendingRun() async {
    let clock = VirtualClock()
    let reducer = CombineReducers {
      searcher(clock: clock, latest: true)
      Reduce<[Ran], Query> { _, action in
        action == .search("stop") ? .cancel(id: SearchID.throttle) : .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock)
    await send(.tap(1), at: .zero, to: store, clock: clock)
    await send(.tap(2), at: .milliseconds(500), to: store, clock: clock)
    store.send(.search("stop"))
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
    clock.advance(to: .at(.seconds(5)))
    await store.waitUntilIdle()
    #expect(store.state.map(\.what) == ["1", "stop"])
  }

  /// The send whose effect replaced a waiting one is the one that will run: its `finish()`
  /// returns only after that run.
  @Test func finishOfASendAThrottleReplacedAwaitsTheRunItGets() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: searcher(clock: clock, latest: true), clock: clock)
    await send(.tap(1), at: .zero, to: store, clock: clock)
    await send(.tap(2), at: .milliseconds(200), to: store, clock: clock)
    clock.advance(to: .at(.milliseconds(500)))
    await store.waitUntilIdle()
    let latest = store.send(.tap(3))
    var returnedEarly = false
    let finished = Task { @MainActor in
      await latest.finish()
      if clock.now.offset < .seconds(1) { returnedEarly = true }
      return store.state.map(\.what)
    }
    // Give a wrongly empty task every chance to return before the window ends.
    for _ in 0..<50 { await Task.yield() }
    await store.waitUntilIdle()
    clock.advance(to: .at(.seconds(1)))
    #expect(await finished.value == ["1", "3"])
    #expect(!returnedEarly)
  }
}
