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

  /// Creates the session's store, on the actor (an actor's synchronous `init` is not isolated
  /// to it yet).
  func open() {
    store = IsolatedStore(initialState: Cart.State(), reducer: Cart())
  }

  func send(_ action: Cart.Action) -> Int {
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

  func open(slot: Int) {
    stores[slot] = IsolatedStore(initialState: Cart.State(), reducer: Cart())
  }

  func send(_ action: Cart.Action, to slot: Int) -> Int {
    let store = stores[slot].unsafelyUnwrapped
    store.send(action)
    return store.state.total
  }
}

/// The action the `index`th request of a client sends: mostly adds, every third a remove.
private func request(_ index: Int) -> Cart.Action {
  let item = index % 7
  return index % 3 == 2 ? .remove(item: item, price: 10 + item) : .add(item: item, price: 10 + item)
}

/// Nanoseconds per request: wall-clock, and CPU time of the process (every thread). On this
/// shared 2-core machine other builds take the cores now and then; the CPU time a request costs
/// is what such a pause leaves untouched, so both are reported.
private struct RequestTime {
  var wall: Double
  var cpu: Double
}

/// Runs `clients` tasks, each sending `perClient` requests to sessions spread over `sessions`
/// by `send(session, action)`; returns the time per request.
private func drive(
  clients: Int, perClient: Int, sessions: Int,
  _ send: @escaping @Sendable (Int, Cart.Action) async -> Int
) async -> RequestTime {
  let start = ContinuousClock.now
  let cpuStart = ProcessCPU.now()
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
  let requests = Double(clients * perClient)
  return RequestTime(
    wall: Double(elapsed.attoseconds) / 1e9 / requests, cpu: (ProcessCPU.now() - cpuStart) * 1e9 / requests)
}

/// `sessions-10k`: many client tasks send actions to 10,000 sessions' stores, no HTTP.
///
/// First an actor per session owning an ``IsolatedStore`` against the hand-written baseline, an
/// actor per session holding the same state (rounds interleaved, medians); then the stores
/// sharded over one actor against two, which on a machine with two cores or more run at once.
/// Every session and its store exist before the clock starts, on both sides, so the sends are
/// compared; opening the stores is timed on its own.
///
/// Where the difference goes: at 10,000 sessions each session's memory is out of cache when
/// its request comes, and a request is a chain of dependent loads. The hop onto the session's
/// actor brings in the actor's own lines, which hold the baseline's state; the baseline then
/// waits once more, for its dictionary. Tide's actor holds a reference to the store, whose core
/// (state inline, the fields a send uses beside it) is one more wait before the dictionary
/// (`perf annotate`: the first load from the core takes nine tenths of the Tide side's own
/// samples). Until this session the chain was actor → `IsolatedStore` → core → a box holding
/// the state: three more waits.
func sessionsScenario(sessions: Int, rounds: Int) async -> [Measurement] {
  let clients = 16
  let perClient = 25_000
  var tideTimes: [RequestTime] = []
  var baselineTimes: [RequestTime] = []
  var oneShardTimes: [Double] = []
  var twoShardTimes: [Double] = []
  var openTimes: [Double] = []
  for _ in 0..<rounds {
    // Every session is created before the clock starts, on both sides: the sends are what is
    // compared here (creating stores is measured by server-100k, and reported below).
    let storeSessions = (0..<sessions).map { _ in StoreSession() }
    let openStart = ContinuousClock.now
    for session in storeSessions { await session.open() }
    openTimes.append(Double((ContinuousClock.now - openStart).attoseconds) / 1e9 / Double(sessions))
    tideTimes.append(await drive(clients: clients, perClient: perClient, sessions: sessions) { session, action in
      await storeSessions[session].send(action)
    })
    let baselineSessions = (0..<sessions).map { _ in BaselineSession() }
    baselineTimes.append(await drive(clients: clients, perClient: perClient, sessions: sessions) { session, action in
      await baselineSessions[session].send(action)
    })
    for shardCount in [1, 2] {
      let shards = (0..<shardCount).map { _ in Shard(sessions: sessions / shardCount + 1) }
      for session in 0..<sessions { await shards[session % shardCount].open(slot: session / shardCount) }
      let time = await drive(clients: clients, perClient: perClient, sessions: sessions) { session, action in
        await shards[session % shardCount].send(action, to: session / shardCount)
      }
      if shardCount == 1 { oneShardTimes.append(time.wall) } else { twoShardTimes.append(time.wall) }
    }
  }
  var perSession = Measurement(
    name: "sessions-10k", tide: median(tideTimes.map(\.wall)), baseline: median(baselineTimes.map(\.wall)))
  let tideCPU = median(tideTimes.map(\.cpu))
  let baselineCPU = median(baselineTimes.map(\.cpu))
  perSession.note = String(
    format: "CPU a request: tide %.0f ns, baseline %.0f ns, ratio %.2f; %d sessions, an actor each, created first (opening a store, the hop to its actor included: %.0f ns); %d client tasks × %d sends; baseline: hand-written actor per session",
    tideCPU, baselineCPU, tideCPU / baselineCPU, sessions, median(openTimes), clients, perClient)
  var sharded = Measurement(
    name: "sessions-10k-sharded", tide: median(twoShardTimes), baseline: median(oneShardTimes))
  sharded.note = String(
    format: "stores on 2 shard actors against 1: %.2fx the throughput", median(oneShardTimes) / median(twoShardTimes))
  return [perSession, sharded]
}
