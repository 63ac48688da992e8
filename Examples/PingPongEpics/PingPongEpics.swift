import Foundation
import Tide

/// Epics: functions from the stream of actions (and states) to a stream of new actions, run
/// after the reducer has handled each action — the ping/pong and price-request epics of
/// SwiftUICombineRedux's README, on Tide.
///
/// SwiftUICombineRedux builds epics from Combine publishers; Tide's ``Epic`` takes any
/// `AsyncSequence`, and `Epic.combine` plays `combineEpics`.
enum PingPong {
  struct State: Equatable, Sendable {
    var pings = 0
    var pongs = 0
    var prices: [String: Decimal] = [:]
    var failures: [String] = []
  }

  enum Action: Equatable, Sendable {
    case ping
    case pong
    case fetchPrice(symbol: String)
    case fetchPriceSuccess(symbol: String, price: Decimal)
    case fetchPriceFailure(symbol: String, reason: String)
  }

  struct PriceError: Error, CustomStringConvertible {
    var description: String
  }

  static var reducer: Reduce<State, Action> {
    Reduce { state, action in
      switch action {
      case .ping:
        state.pings += 1
      case .pong:
        state.pongs += 1
      case .fetchPrice:
        break
      case .fetchPriceSuccess(let symbol, let price):
        state.prices[symbol] = price
      case .fetchPriceFailure(let symbol, let reason):
        state.failures.append("\(symbol): \(reason)")
      }
      return .none
    }
  }

  /// Answers every ping with a pong.
  static let pingEpic = Epic<State, Action> { actions, _ in
    actions.filter { $0 == .ping }.map { _ in Action.pong }
  }

  /// Turns each price request into its answer, one request at a time.
  static func fetchPriceEpic(
    price: @escaping @Sendable (String) async throws -> Decimal
  ) -> Epic<State, Action> {
    Epic { actions, _ in
      actions.compactMap { action -> Action? in
        guard case .fetchPrice(let symbol) = action else { return nil }
        do {
          return .fetchPriceSuccess(symbol: symbol, price: try await price(symbol))
        } catch {
          return .fetchPriceFailure(symbol: symbol, reason: "\(error)")
        }
      }
    }
  }

  static func rootEpic(price: @escaping @Sendable (String) async throws -> Decimal) -> Epic<State, Action> {
    .combine(pingEpic, fetchPriceEpic(price: price))
  }
}
