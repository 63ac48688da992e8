#if Combine
import Foundation
import Testing
import Tide
import TideCombine
import TideTestSupport
import TideTesting

@testable import PingPongEpics

/// What SwiftUICombineRedux's README promises of its epics, written with Combine publishers:
/// each ping answered with a pong after the reducer saw it, each price request with its success
/// or failure, and a new request replacing the one in flight (`switchToLatest`).
@MainActor
@Suite("Seed example: SwiftUICombineRedux epics with Combine")
struct PingPongPublishersTests {
  /// A price service whose answers the test sends: a quote answers the first request for its
  /// symbol that is still subscribed.
  struct Quote {
    var id: String
    var price: Decimal
  }

  static func service(_ quotes: TestSubject<Quote>) -> PingPong.PricePublisher {
    { symbolID in
      guard symbolID != "NOPE" else {
        return Fail(error: PingPong.PriceError(description: "unknown symbol")).eraseToAnyPublisher()
      }
      return quotes.publisher()
        .first { $0.id == symbolID }
        .map(\.price)
        .setFailureType(to: (any Error).self)
        .eraseToAnyPublisher()
    }
  }

  private func makeStore(_ quotes: TestSubject<Quote>) -> TestStore<PingPong.State, PingPong.Action> {
    TestStore(
      initialState: PingPong.State(), reducer: PingPong.reducer,
      middleware: PingPong.rootPublisherEpic(price: Self.service(quotes)))
  }

  @Test(.hangLimit)
  func eachPingIsAnsweredWithAPongAfterTheReducerSawIt() async {
    let store = makeStore(TestSubject())
    await store.send(.ping) { $0.pings = 1 }
    await store.receive(.pong) { $0.pongs = 1 }
    await store.send(.ping) { $0.pings = 2 }
    await store.receive(.pong) { $0.pongs = 2 }
    await store.finish()
  }

  @Test(.hangLimit)
  func aPriceRequestIsAnsweredWithItsSuccessOrItsFailure() async {
    let quotes = TestSubject<Quote>()
    let store = makeStore(quotes)
    await store.send(.fetchPrice(symbol: "SWFT"))
    quotes.send(Quote(id: "SWFT", price: 42))
    await store.receive(.fetchPriceSuccess(symbol: "SWFT", price: 42)) {
      $0.prices["SWFT"] = 42
    }
    await store.send(.fetchPrice(symbol: "NOPE"))
    await store.receive(.fetchPriceFailure(symbol: "NOPE", reason: "unknown symbol")) {
      $0.failures = ["NOPE: unknown symbol"]
    }
    await store.finish()
  }

  @Test(.hangLimit)
  func aNewRequestReplacesTheOneInFlight() async {
    let quotes = TestSubject<Quote>()
    let store = makeStore(quotes)
    await store.send(.fetchPrice(symbol: "SWFT"))
    await store.send(.fetchPrice(symbol: "TIDE"))
    #expect(quotes.cancellations == 1, "the first request's subscription was cancelled")
    quotes.send(Quote(id: "SWFT", price: 1))
    quotes.send(Quote(id: "TIDE", price: 2))
    await store.receive(.fetchPriceSuccess(symbol: "TIDE", price: 2)) {
      $0.prices["TIDE"] = 2
    }
    await store.finish()
  }

  @Test(.hangLimit)
  func thePriceListIsBoundToTheStatePublisher() async {
    let quotes = TestSubject<Quote>()
    let store = Store(
      initialState: PingPong.State(), reducer: PingPong.reducer,
      middleware: PingPong.rootPublisherEpic(price: Self.service(quotes)))
    var shown: [[String: Decimal]] = []
    let subscription = store.publisher(\.prices).sink { shown.append($0) }
    store.send(.fetchPrice(symbol: "SWFT"))
    quotes.send(Quote(id: "SWFT", price: 42))
    for await count in store.values({ $0.prices.count }) where count == 1 { break }
    #expect(shown == [[:], ["SWFT": 42]])
    subscription.cancel()
  }
}
#endif
