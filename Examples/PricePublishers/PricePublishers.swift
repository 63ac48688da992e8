#if Combine
import Foundation
import Tide
import TideCombine

/// SwiftUICombineRedux's README on Tide, with its epics written as its Combine users write
/// them: each action the reducer has handled goes to the epics, which answer with publishers
/// of further actions.
///
/// An epic there maps the whole action publisher; here each one is a ``Middleware`` (which
/// sees every action after the reducer, as epics do) returning an effect made from a
/// publisher. `switchToLatest()` becomes `cancellable(id:cancelInFlight:)`, and the
/// middleware array plays `combineEpics`.
enum Prices {
  struct State: Equatable, Sendable {
    var pings = 0
    var pongs = 0
    var symbols: [String: Symbol] = [:]
    var failures: [String] = []
  }

  struct Symbol: Equatable, Sendable {
    let id: String
    var price: Decimal?
  }

  enum Action: Equatable, Sendable {
    case ping
    case pong
    case fetchSymbolPriceRequest(id: String)
    case fetchSymbolPriceRequestSuccess(id: String, price: Decimal)
    case fetchSymbolPriceRequestFailure(id: String, reason: String)
  }

  struct PriceError: Error, CustomStringConvertible {
    var description: String
  }

  /// Where prices come from: a publisher per symbol that may fail, as `dataTaskPublisher`
  /// piped through `decode` is.
  typealias PriceService = @Sendable (_ symbolID: String) -> AnyPublisher<Decimal, any Error>

  private enum CancelID { case priceRequest }

  static var reducer: Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .ping:
        state.pings += 1
      case .pong:
        state.pongs += 1
      case .fetchSymbolPriceRequestSuccess(let id, let price):
        state.symbols[id, default: Symbol(id: id)].price = price
      case .fetchSymbolPriceRequestFailure(let id, let reason):
        state.failures.append("\(id): \(reason)")
      case .fetchSymbolPriceRequest:
        break
      }
      return .none
    }
  }

  /// Maps each ping to a pong.
  static let pingEpic = Middleware<State, Action> { action, _ in
    guard action == .ping else { return .none }
    return .publisher(Just(.pong))
  }

  /// Answers each price request with its success or failure; a new request replaces the one in
  /// flight, as `switchToLatest()` does.
  static func fetchSymbolPriceEpic(price: @escaping PriceService) -> Middleware<State, Action> {
    Middleware { action, _ in
      guard case .fetchSymbolPriceRequest(let id) = action else { return .none }
      return .publisher(
        price(id)
          .map { Action.fetchSymbolPriceRequestSuccess(id: id, price: $0) }
          .catch { Just(Action.fetchSymbolPriceRequestFailure(id: id, reason: "\($0)")) }
      )
      .cancellable(id: CancelID.priceRequest, cancelInFlight: true)
    }
  }

  /// `combineEpics(pingEpic, fetchSymbolPriceEpic)`.
  static func rootEpic(price: @escaping PriceService) -> [Middleware<State, Action>] {
    [pingEpic, fetchSymbolPriceEpic(price: price)]
  }
}
#endif
