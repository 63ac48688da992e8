import Clocks
import Testing
import Tide
import TideTesting

@testable import SessionServer

/// The session server example: a session expires after its idle time, a request restarts the
/// wait, and the sweep frees exactly the expired sessions of many — all on virtual time.
@MainActor
@Suite("Example: a StoreActor per session with expiry timers")
struct SessionServerTests {
  @Test func aSessionExpiresAfterItsIdleTimeAndEachRequestRestartsTheWait() async {
    let clock = TestClock()
    let store = TestStore(
      initialState: Session.State(), reducer: Session(idleLimit: .seconds(30)), clock: clock,
      shape: .storeActor)
    await store.send(.add("apple")) { $0.cart = ["apple"] }
    await clock.advance(by: .seconds(20))
    await store.send(.add("pear")) { $0.cart = ["apple", "pear"] }
    // 40 s after the first request, 20 after the last: not idle long enough.
    await clock.advance(by: .seconds(20))
    await store.send(.checkout) {
      $0.cart = []
      $0.orders = 1
    }
    await clock.advance(by: .seconds(30))
    await store.receive(.expire) { $0.isExpired = true }
    // An expired session handles nothing more and starts no timer.
    await store.send(.add("plum"))
    await store.finish()
  }

  @Test func theSweepFreesTheIdleSessionsOfManyAndKeepsTheBusyOnes() async {
    let clock = VirtualClock()
    let server = SessionServer(idleLimit: .milliseconds(200), clock: clock)
    let sessions = 1_000
    await withTaskGroup(of: Void.self) { group in
      for id in 0..<sessions {
        group.addTask { _ = await server.handle(.add("apple"), for: id) }
      }
    }
    #expect(await server.sessionCount == sessions)

    clock.advance(by: .milliseconds(150))
    // The first half stays busy: a request restarts its wait.
    for id in 0..<sessions / 2 {
      #expect(await server.handle(.add("pear"), for: id) == .handled(cartItems: 2, orders: 0))
    }
    clock.advance(by: .milliseconds(100))
    // The idle half's timers are due: wait until each has expired (its timer's action reduced).
    for id in sessions / 2..<sessions {
      guard let session = await server.session(id) else {
        Issue.record("session \(id) was freed before the sweep")
        continue
      }
      for await isExpired in await session.values({ $0.isExpired }) where isExpired { break }
      #expect(await server.handle(.checkout, for: id) == .expired)
    }

    #expect(await server.sweep() == sessions / 2)
    #expect(await server.sessionCount == sessions / 2)
    for id in 0..<sessions / 2 {
      #expect(await server.session(id)?.state.isExpired == false)
    }
    // A freed session's next request opens a fresh one.
    #expect(await server.handle(.add("fig"), for: sessions - 1) == .handled(cartItems: 1, orders: 0))
    #expect(await server.sweep() == 0)
  }
}
