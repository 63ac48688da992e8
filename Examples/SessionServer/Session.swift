import Tide

/// One client's session: a cart that a request adds to or checks out, and an expiry timer that
/// every request restarts. A session left idle for `idleLimit` expires: its cart is dropped and
/// it answers no more requests; the server's sweep then frees it.
struct Session: Reducer {
  struct State: Equatable, Sendable {
    var cart: [String] = []
    var orders = 0
    var isExpired = false
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case checkout
    /// Sent by the session's expiry timer once it was idle for `idleLimit`.
    case expire
  }

  /// The one expiry timer of a session: a request cancels the pending one and starts another.
  enum ExpiryID: Hashable, Sendable { case idle }

  /// How long a session may go without a request before it expires.
  let idleLimit: Duration

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      guard !state.isExpired else { return .none }
      state.cart.append(item)
      return restartExpiry
    case .checkout:
      guard !state.isExpired else { return .none }
      if !state.cart.isEmpty { state.orders += 1 }
      state.cart.removeAll()
      return restartExpiry
    case .expire:
      state.isExpired = true
      state.cart.removeAll()
      return .none
    }
  }

  private var restartExpiry: Effect<Action> {
    .send(.expire, after: idleLimit).cancellable(id: ExpiryID.idle, cancelInFlight: true)
  }
}

/// What a request gets back.
enum Reply: Equatable, Sendable {
  /// The request was handled; the cart now holds this many items and the session has placed
  /// this many orders.
  case handled(cartItems: Int, orders: Int)
  /// The session had expired: the client starts a new one.
  case expired
}

extension StoreActor where R == Session {
  /// Handles one request and answers with what it left, in one hop: the method runs on the
  /// session's store, where `send` and `state` are synchronous.
  func handle(_ request: Session.Action) -> Reply {
    guard !state.isExpired else { return .expired }
    send(request)
    return .handled(cartItems: state.cart.count, orders: state.orders)
  }
}
