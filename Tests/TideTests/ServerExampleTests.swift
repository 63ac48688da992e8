import Clocks
import Foundation
import Testing
import Tide
import TideTestSupport

@Suite("Tide in a server (the article's example)")
struct ServerExampleTests {
  @Test func theArticleShowsTheExampleCodeWordForWord() throws {
    let tests = URL(filePath: #filePath).deletingLastPathComponent()
    let example = try String(contentsOf: tests.appending(path: "ServerExample.swift"), encoding: .utf8)
    let article = try String(
      contentsOf: tests.appending(path: "../../Sources/Tide/Tide.docc/TideInAServer.md"), encoding: .utf8)
    let snippets = example.matches(of: /\/\/ snippet \w+\n((?s).*?)\/\/ end snippet\n/).map { String($0.1) }
    let blocks = article.matches(of: /```swift\n((?s).*?)```/).map { String($0.1) }
    #expect(snippets.count == 4)
    #expect(blocks == snippets)
  }

  @Test func aCartExpiresOnlyAfterItsLifetimeWithoutChange() async {
    let clock = TestClock()
    let router = CartRouter(shardCount: 2, clock: clock)
    let first = await router.send(.add("tea"), toSession: "alice")
    await clock.advance(by: .seconds(20 * 60))
    let touched = await router.send(.add("milk"), toSession: "alice")
    #expect(touched.state.items == ["tea": 1, "milk": 1])
    await first.effects.finish()  // the first expiry was cancelled by the change
    await clock.advance(by: .seconds(20 * 60))
    let last = await router.send(.remove("milk"), toSession: "alice")
    #expect(last.state.isExpired == false)
    await touched.effects.finish()
    await clock.advance(by: .seconds(30 * 60))
    await last.effects.finish()  // the expiry fired and was handled
    let expired = await router.send(.add("bread"), toSession: "alice")
    #expect(expired.state.isExpired)
    #expect(expired.state.items == ["bread": 1])
  }

  @Test func checkingOutStopsTheExpiryAndClosingASessionCancelsItsTimer() async {
    let clock = TestClock()
    let router = CartRouter(shardCount: 2, clock: clock)
    _ = await router.send(.add("tea"), toSession: "bob")
    let checkout = await router.send(.checkOut, toSession: "bob")
    let open = await router.send(.add("jam"), toSession: "carol")
    #expect(await router.shard(for: "carol").sessionCount >= 1)
    await router.shutDown()
    await open.effects.finish()  // released with its store: cancelled, never fired
    // Past every lifetime: an expiry the checkout or the shutdown failed to stop would fire here.
    // (TestClock.run, which steps until no sleeper is left, is bounded in real time: its 10 s
    // ran out at load 20.)
    await clock.advance(by: .seconds(60 * 60))
    await checkout.effects.finish()
    for shard in router.shards { #expect(await shard.sessionCount == 0) }
    let reopened = await router.send(.add("tea"), toSession: "carol")
    #expect(reopened.state == Cart.State(items: ["tea": 1]))
  }

  @Test func aSessionThatIsItsOwnStoreExpiresAndClosingItCancelsItsTimer() async {
    let clock = TestClock()
    let sessions = CartSessions(clock: clock)
    let first = await sessions.send(.add("tea"), toSession: "dora")
    #expect(first.state.items == ["tea": 1])
    await clock.advance(by: .seconds(30 * 60))
    await first.effects.finish()  // the expiry fired and was handled on the session's store
    let expired = await sessions.send(.add("jam"), toSession: "dora")
    #expect(expired.state.isExpired)
    let open = await sessions.send(.add("tea"), toSession: "eve")
    await sessions.close(session: "eve")
    await open.effects.finish()  // cancelled with the session, never fired
    #expect(sessions.sessionCount == 1)
  }
}
