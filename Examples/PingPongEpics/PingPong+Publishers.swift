#if Combine
import Foundation
import Tide
import TideCombine

/// The same epics as SwiftUICombineRedux's README's Combine users write them: each action the
/// reducer has handled goes to them, and they answer with publishers of further actions.
///
/// An epic there maps the whole action publisher; here each one is a ``Middleware`` (which sees
/// every action after the reducer, as epics do) returning an effect made from a publisher.
/// `switchToLatest()` becomes `cancellable(id:cancelInFlight:)`, and the middleware array plays
/// `combineEpics`.
extension PingPong {
  /// Where prices come from: a publisher per symbol that may fail, as `dataTaskPublisher`
  /// piped through `decode` is.
  typealias PricePublisher = @Sendable (_ symbol: String) -> AnyPublisher<Decimal, any Error>

  private enum CancelID { case priceRequest }

  /// Maps each ping to a pong.
  static let pingPublisherEpic = Middleware<State, Action> { action, _ in
    guard action == .ping else { return .none }
    return .publisher(Just(.pong))
  }

  /// Answers each price request with its success or failure; a new request replaces the one in
  /// flight, as `switchToLatest()` does.
  static func fetchPricePublisherEpic(price: @escaping PricePublisher) -> Middleware<State, Action> {
    Middleware { action, _ in
      guard case .fetchPrice(let symbol) = action else { return .none }
      return .publisher(
        price(symbol)
          .map { Action.fetchPriceSuccess(symbol: symbol, price: $0) }
          .catch { Just(Action.fetchPriceFailure(symbol: symbol, reason: "\($0)")) }
      )
      .cancellable(id: CancelID.priceRequest, cancelInFlight: true)
    }
  }

  /// `combineEpics(pingEpic, fetchSymbolPriceEpic)`.
  static func rootPublisherEpic(price: @escaping PricePublisher) -> [Middleware<State, Action>] {
    [pingPublisherEpic, fetchPricePublisherEpic(price: price)]
  }
}
#endif
