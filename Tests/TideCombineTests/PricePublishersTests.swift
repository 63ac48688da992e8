#if Combine
import Foundation
import Testing
import Tide
import TideCombine
import TideTestSupport
import TideTesting

@testable import PricePublishers

/// What SwiftUICombineRedux's README promises of its epics, written with Combine publishers:
/// each ping answered with a pong after the reducer saw it, each price request with its success
/// or failure, and a new request replacing the one in flight (`switchToLatest`).
@MainActor
@Suite("Seed example: SwiftUICombineRedux epics with Combine")
struct PricePublishersTests {
  /// A price service whose answers the test sends: a quote answers the first request for its
  /// symbol that is still subscribed.
  struct Quote {
    var id: String
    var price: Decimal
  }

  static func service(_ quotes: TestSubject<Quote>) -> Prices.PriceService {
    { symbolID in
      guard symbolID != "NOPE" else {
        return Fail(error: Prices.PriceError(description: "unknown symbol")).eraseToAnyPublisher()
      }
      return quotes.publisher()
        .first { $0.id == symbolID }
        .map(\.price)
        .setFailureType(to: (any Error).self)
        .eraseToAnyPublisher()
    }
  }

  private func makeStore(_ quotes: TestSubject<Quote>) -> TestStore<Prices.State, Prices.Action> {
    TestStore(
      initialState: Prices.State(), reducer: Prices.reducer,
      middleware: Prices.rootEpic(price: Self.service(quotes)))
  }

  @Test(.timeLimit(minutes: 1))
  func eachPingIsAnsweredWithAPongAfterTheReducerSawIt() async {
    let store = makeStore(TestSubject())
    await store.send(.ping) { $0.pings = 1 }
    await store.receive(.pong) { $0.pongs = 1 }
    await store.send(.ping) { $0.pings = 2 }
    await store.receive(.pong) { $0.pongs = 2 }
    await store.finish()
  }

  @Test(.timeLimit(minutes: 1))
  func aPriceRequestIsAnsweredWithItsSuccessOrItsFailure() async {
    let quotes = TestSubject<Quote>()
    let store = makeStore(quotes)
    await store.send(.fetchSymbolPriceRequest(id: "SWFT"))
    quotes.send(Quote(id: "SWFT", price: 42))
    await store.receive(.fetchSymbolPriceRequestSuccess(id: "SWFT", price: 42)) {
      $0.symbols["SWFT"] = Prices.Symbol(id: "SWFT", price: 42)
    }
    await store.send(.fetchSymbolPriceRequest(id: "NOPE"))
    await store.receive(.fetchSymbolPriceRequestFailure(id: "NOPE", reason: "unknown symbol")) {
      $0.failures = ["NOPE: unknown symbol"]
    }
    await store.finish()
  }

  @Test(.timeLimit(minutes: 1))
  func aNewRequestReplacesTheOneInFlight() async {
    let quotes = TestSubject<Quote>()
    let store = makeStore(quotes)
    await store.send(.fetchSymbolPriceRequest(id: "SWFT"))
    await store.send(.fetchSymbolPriceRequest(id: "TIDE"))
    #expect(quotes.cancellations == 1, "the first request's subscription was cancelled")
    quotes.send(Quote(id: "SWFT", price: 1))
    quotes.send(Quote(id: "TIDE", price: 2))
    await store.receive(.fetchSymbolPriceRequestSuccess(id: "TIDE", price: 2)) {
      $0.symbols["TIDE"] = Prices.Symbol(id: "TIDE", price: 2)
    }
    await store.finish()
  }

  @Test(.timeLimit(minutes: 1))
  func theSymbolListIsBoundToTheStatePublisher() async {
    let quotes = TestSubject<Quote>()
    let store = Store(
      initialState: Prices.State(), reducer: Prices.reducer,
      middleware: Prices.rootEpic(price: Self.service(quotes)))
    var shown: [[String: Prices.Symbol]] = []
    let subscription = store.publisher(\.symbols).sink { shown.append($0) }
    store.send(.fetchSymbolPriceRequest(id: "SWFT"))
    quotes.send(Quote(id: "SWFT", price: 42))
    for await count in store.values({ $0.symbols.count }) where count == 1 { break }
    #expect(shown == [[:], ["SWFT": Prices.Symbol(id: "SWFT", price: 42)]])
    subscription.cancel()
  }
}
#endif
