import Clocks
import Tide

/// `virtual-clock-10k`: 10,000 sessions, each a `StoreActor` whose expiry timer is pending (30
/// to 36 s), on a `VirtualClock` and on swift-clocks' `TestClock` (the baseline); one move of 36 s
/// fires them all. Nanoseconds a session, from the move to the last expiry reduced; rounds
/// interleaved. The virtual clock's sleepers once lived in a list scanned for the earliest,
/// quadratic in the sessions.
@MainActor
func virtualClockScenario(sessions: Int, rounds: Int) async -> Measurement {
  var virtual: [Double] = []
  var test: [Double] = []
  for _ in 0..<rounds {
    virtual.append(await expiries(sessions: sessions, onVirtualClock: true))
    test.append(await expiries(sessions: sessions, onVirtualClock: false))
  }
  return Measurement(name: "virtual-clock-10k", tide: median(virtual), baseline: median(test), note: "\(sessions) sessions, TestClock the baseline")
}

private struct Expiring: Reducer {
  struct State: Sendable { var expired = false }
  enum Action: Sendable { case touch(Duration), expire }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .touch(let lifetime): return .send(.expire, after: lifetime)
    case .expire:
      state.expired = true
      return .none
    }
  }
}

@MainActor
private func expiries(sessions: Int, onVirtualClock: Bool) async -> Double {
  let virtualClock = VirtualClock()
  let testClock = TestClock()
  let clock: any Clock<Duration> = onVirtualClock ? virtualClock : testClock
  var stores: [StoreActor<Expiring>] = []
  var tasks: [StoreTask] = []
  for index in 0..<sessions {
    let store = StoreActor(initialState: Expiring.State(), reducer: Expiring(), clock: clock)
    tasks.append(await store.send(.touch(.seconds(30 + index % 7))))
    stores.append(store)
  }
  let start = ContinuousClock.now
  if onVirtualClock { virtualClock.advance(by: .seconds(36)) } else { await testClock.advance(by: .seconds(36)) }
  for task in tasks { await task.finish() }
  let elapsed = ContinuousClock.now - start
  for store in stores {
    let expired = await store.state.expired
    precondition(expired, "every session expired")
  }
  return Double(elapsed.attoseconds) / 1e9 / Double(sessions)
}
