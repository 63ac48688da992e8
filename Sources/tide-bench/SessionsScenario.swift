import Tide

/// A shopping cart, one per session: the state machine a server keeps per client.
private struct Cart: Reducer {
  struct State: Equatable {
    var items: [Int: Int] = [:]
    var total = 0
    var changes = 0
  }

  enum Action: Sendable {
    case add(item: Int, price: Int)
    case remove(item: Int, price: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let item, let price):
      state.items[item, default: 0] += 1
      state.total += price
    case .remove(let item, let price):
      guard let count = state.items[item], count > 0 else { return .none }
      state.items[item] = count == 1 ? nil : count - 1
      state.total -= price
    }
    state.changes += 1
    return .none
  }
}

/// The hand-written baseline: one actor per session holding the cart's state, the same
/// transitions written inline.
private actor BaselineSession {
  private var state = Cart.State()

  func send(_ action: Cart.Action) -> Int {
    switch action {
    case .add(let item, let price):
      state.items[item, default: 0] += 1
      state.total += price
    case .remove(let item, let price):
      guard let count = state.items[item], count > 0 else { return state.total }
      state.items[item] = count == 1 ? nil : count - 1
      state.total -= price
    }
    state.changes += 1
    return state.total
  }
}

/// Tide's side: one actor per session owning the session's store.
private actor StoreSession {
  private var store: IsolatedStore<Cart.State, Cart.Action>?

  func send(_ action: Cart.Action) -> Int {
    if store == nil { store = IsolatedStore(initialState: Cart.State(), reducer: Cart()) }
    store.unsafelyUnwrapped.send(action)
    return store.unsafelyUnwrapped.state.total
  }
}

/// A shard: one actor owning the stores of many sessions.
private actor Shard {
  private var stores: [IsolatedStore<Cart.State, Cart.Action>?]

  init(sessions: Int) {
    stores = Array(repeating: nil, count: sessions)
  }

  func send(_ action: Cart.Action, to slot: Int) -> Int {
    let store: IsolatedStore<Cart.State, Cart.Action>
    if let existing = stores[slot] {
      store = existing
    } else {
      store = IsolatedStore(initialState: Cart.State(), reducer: Cart())
      stores[slot] = store
    }
    store.send(action)
    return store.state.total
  }
}

/// The action the `index`th request of a client sends: mostly adds, every third a remove.
private func request(_ index: Int) -> Cart.Action {
  let item = index % 7
  return index % 3 == 2 ? .remove(item: item, price: 10 + item) : .add(item: item, price: 10 + item)
}

/// Runs `clients` tasks, each sending `perClient` requests to sessions spread over `sessions`
/// by `send(session, action)`; returns nanoseconds per request.
private func drive(
  clients: Int, perClient: Int, sessions: Int,
  _ send: @escaping @Sendable (Int, Cart.Action) async -> Int
) async -> Double {
  let start = ContinuousClock.now
  await withTaskGroup(of: Int.self) { group in
    for client in 0..<clients {
      group.addTask {
        var checksum = 0
        for index in 0..<perClient {
          // A stride coprime with the session count visits every session in turn.
          let session = (client &* 7_919 &+ index &* 104_729) % sessions
          checksum &+= await send(session, request(index))
        }
        return checksum
      }
    }
    for await _ in group {}
  }
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.attoseconds) / 1e9 / Double(clients * perClient)
}

/// `sessions-10k`: many client tasks send actions to 10,000 sessions' stores, no HTTP.
///
/// First an actor per session owning an ``IsolatedStore`` against the hand-written baseline, an
/// actor per session holding the same state (rounds interleaved, medians); then the stores
/// sharded over one actor against two, which on a machine with two cores or more run at once.
func sessionsScenario(sessions: Int, rounds: Int) async -> [Measurement] {
  let clients = 16
  let perClient = 25_000
  var tideTimes: [Double] = []
  var baselineTimes: [Double] = []
  var oneShardTimes: [Double] = []
  var twoShardTimes: [Double] = []
  for _ in 0..<rounds {
    let storeSessions = (0..<sessions).map { _ in StoreSession() }
    tideTimes.append(await drive(clients: clients, perClient: perClient, sessions: sessions) { session, action in
      await storeSessions[session].send(action)
    })
    let baselineSessions = (0..<sessions).map { _ in BaselineSession() }
    baselineTimes.append(await drive(clients: clients, perClient: perClient, sessions: sessions) { session, action in
      await baselineSessions[session].send(action)
    })
    for shardCount in [1, 2] {
      let shards = (0..<shardCount).map { _ in Shard(sessions: sessions / shardCount + 1) }
      let time = await drive(clients: clients, perClient: perClient, sessions: sessions) { session, action in
        await shards[session % shardCount].send(action, to: session / shardCount)
      }
      if shardCount == 1 { oneShardTimes.append(time) } else { twoShardTimes.append(time) }
    }
  }
  var perSession = Measurement(name: "sessions-10k", tide: median(tideTimes), baseline: median(baselineTimes))
  perSession.note = "\(sessions) sessions, an actor each; \(clients) client tasks × \(perClient) sends; baseline: hand-written actor per session"
  var sharded = Measurement(
    name: "sessions-10k-sharded", tide: median(twoShardTimes), baseline: median(oneShardTimes))
  sharded.note = String(
    format: "stores on 2 shard actors against 1: %.2fx the throughput", median(oneShardTimes) / median(twoShardTimes))
  return [perSession, sharded]
}
