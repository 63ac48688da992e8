// The code of the article "Tide in a server" (Sources/Tide/Tide.docc/TideInAServer.md): each
// block between `// snippet NAME` and `// end snippet` appears in the article word for word, as
// `ServerExampleTests` checks, so the article shows code that compiles and is tested.
import Synchronization
import Tide

// snippet cart
struct Cart: Reducer {
  struct State: Equatable, Sendable {
    var items: [String: Int] = [:]
    var isExpired = false
    var isCheckedOut = false
  }

  enum Action: Equatable, Sendable {
    case add(String)
    case remove(String)
    case checkOut
    case expire
  }

  /// How long a cart nobody touches lives.
  let lifetime: Duration

  private enum Timeout: Hashable, Sendable { case expiry }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item):
      state.items[item, default: 0] += 1
      return restartExpiry()
    case .remove(let item):
      state.items[item] = state.items[item].flatMap { $0 > 1 ? $0 - 1 : nil }
      return restartExpiry()
    case .checkOut:
      state.isCheckedOut = true
      return .cancel(id: Timeout.expiry)
    case .expire:
      state.isExpired = true
      state.items = [:]
      return .none
    }
  }

  /// Every change starts the expiry again: the one waiting is cancelled in flight.
  private func restartExpiry() -> Effect<Action> {
    .send(.expire, after: lifetime).cancellable(id: Timeout.expiry, cancelInFlight: true)
  }
}
// end snippet

// snippet shard
/// The carts of the sessions placed on this shard, one store each, all on this actor.
actor CartShard {
  private var carts: [String: IsolatedStore<Cart.State, Cart.Action>] = [:]
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  /// Handles one request: the store is created on first use, here on the shard's actor, and
  /// the answer is the state the action left — `send` has reduced it when it returns — with
  /// the effects it started (a caller that does not wait for them ignores them).
  func send(_ action: Cart.Action, toSession session: String) -> (state: Cart.State, effects: StoreTask) {
    let cart = self.cart(for: session)
    let effects = cart.send(action)
    return (cart.state, effects)
  }

  private func cart(for session: String) -> IsolatedStore<Cart.State, Cart.Action> {
    if let cart = carts[session] { return cart }
    let cart = IsolatedStore(
      initialState: Cart.State(), reducer: Cart(lifetime: .seconds(30 * 60)), clock: clock)
    carts[session] = cart
    return cart
  }

  /// Ends a session: releasing its store cancels its effects, so its expiry never fires.
  func close(session: String) {
    carts[session] = nil
  }

  /// Ends every session, for a shutdown.
  func closeAll() {
    carts.removeAll()
  }

  /// How many sessions are open.
  var sessionCount: Int { carts.count }
}
// end snippet

// snippet router
/// Places each session on one of several shards, by its identifier: a session's requests
/// always reach the same shard, and different shards run at the same time.
struct CartRouter: Sendable {
  let shards: [CartShard]

  init(shardCount: Int, clock: any Clock<Duration> = ContinuousClock()) {
    shards = (0..<shardCount).map { _ in CartShard(clock: clock) }
  }

  func shard(for session: String) -> CartShard {
    // A hash stable across runs (`hashValue` is seeded per process).
    let hash = session.utf8.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    return shards[Int(hash % UInt64(shards.count))]
  }

  func send(_ action: Cart.Action, toSession session: String) async -> (state: Cart.State, effects: StoreTask) {
    await shard(for: session).send(action, toSession: session)
  }

  /// Shuts down: every shard drops its sessions, which cancels their timers.
  func shutDown() async {
    for shard in shards { await shard.closeAll() }
  }
}
// end snippet

// snippet sessions
/// A session's operation, added to its store: it runs on the store, where `send` has reduced
/// the action when it returns, so the answer is the state the action left — in one hop.
extension StoreActor where State == Cart.State, Action == Cart.Action {
  func handle(_ action: Cart.Action) -> (state: Cart.State, effects: StoreTask) {
    let effects = send(action)
    return (state, effects)
  }
}

/// The open sessions, each a store that is its own actor: sessions run at the same time, with
/// no shard to queue on.
final class CartSessions: Sendable {
  private let carts = Mutex<[String: StoreActor<Cart.State, Cart.Action>]>([:])
  private let clock: any Clock<Duration>

  init(clock: any Clock<Duration> = ContinuousClock()) {
    self.clock = clock
  }

  func send(_ action: Cart.Action, toSession session: String) async -> (state: Cart.State, effects: StoreTask) {
    await cart(for: session).handle(action)
  }

  private func cart(for session: String) -> StoreActor<Cart.State, Cart.Action> {
    carts.withLock { carts in
      if let cart = carts[session] { return cart }
      let cart = StoreActor(
        initialState: Cart.State(), reducer: Cart(lifetime: .seconds(30 * 60)), clock: clock)
      carts[session] = cart
      return cart
    }
  }

  /// Ends a session: its expiry is cancelled, and its store is freed with the last reference.
  func close(session: String) async {
    await carts.withLock { $0.removeValue(forKey: session) }?.cancelEffects()
  }

  /// How many sessions are open.
  var sessionCount: Int { carts.withLock { $0.count } }
}
// end snippet
