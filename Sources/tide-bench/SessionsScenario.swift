import Tide

/// A shopping cart, one per session: the state machine a server keeps per client.
private struct Cart: Reducer {
  struct State: Equatable {
    var items: [Int: Int] = [:]
    var total = 0
    var changes = 0

    /// The cart's transitions: the reducer and both hand-written actors run exactly these, so
    /// what differs between the sides is only how a send reaches them.
    mutating func apply(_ action: Action) {
      switch action {
      case .add(let item, let price):
        items[item, default: 0] += 1
        total += price
      case .remove(let item, let price):
        guard let count = items[item], count > 0 else { return }
        items[item] = count == 1 ? nil : count - 1
        total -= price
      }
      changes += 1
    }
  }

  enum Action: Sendable {
    case add(item: Int, price: Int)
    case remove(item: Int, price: Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.apply(action)
    return .none
  }
}

/// The hand-written baseline: one actor per session holding the cart's state, the same
/// transitions applied in place.
private actor BaselineSession {
  private var state = Cart.State()

  func send(_ action: Cart.Action) -> Int {
    state.apply(action)
    return state.total
  }
}

/// The baseline with its state one object away: an actor per session holding a reference to
/// a box that holds the state — the shape of an actor holding a store whose core holds the
/// state. Not a baseline to meet; a reference point for what one more object costs a send.
private actor BoxedSession {
  private final class Box {
    var state = Cart.State()
  }

  private var box: Box?

  /// Makes the box, as ``StoreSession/open()`` makes the store: after every session exists,
  /// so the boxes do not sit beside their actors in memory any more than the stores do.
  func open() {
    box = Box()
  }

  func send(_ action: Cart.Action) -> Int {
    let box = box.unsafelyUnwrapped
    box.state.apply(action)
    return box.state.total
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

extension StoreActor where State == Cart.State, Action == Cart.Action {
  /// The request of a session whose store is its actor: the action reduced, answered with the
  /// total it left, in one hop (an operation added to the store runs on it).
  fileprivate func request(_ action: Cart.Action) -> Int {
    send(action)
    return state.total
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
struct RequestTime {
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
/// First a ``StoreActor`` per session against the hand-written baseline, an actor per session
/// holding the same state (rounds interleaved, medians); then, as reference points, an actor
/// per session owning an ``IsolatedStore`` and the hand-written actor with its state one object
/// away (`boxed`); then the stores sharded over one actor against two, which on a machine with
/// two cores or more run at once. Every session and its store exist before the clock starts,
/// on every side, so the sends are compared.
///
/// Where a difference goes: at 10,000 sessions each session's memory is out of cache when its
/// request comes, and a request is a chain of dependent loads. The hop onto the session's actor
/// brings in the actor's own lines; the baseline's state is there, and so is a store actor's —
/// a plain send reads 48 bytes of it (flags, reducer, state), about the lines the baseline's
/// state takes. An ``IsolatedStore`` is one object further (its core), the `boxed` shape.
func sessionsScenario(sessions: Int, rounds: Int) async -> [Measurement] {
  var tideTimes: [RequestTime] = []
  var isolatedTimes: [RequestTime] = []
  var baselineTimes: [RequestTime] = []
  var boxedTimes: [RequestTime] = []
  var oneShardTimes: [Double] = []
  var twoShardTimes: [Double] = []
  var openTimes: [Double] = []
  for _ in 0..<rounds {
    // Every session is created before the clock starts, on both sides: the sends are what is
    // compared here (creating stores is measured by server-100k, and reported below).
    tideTimes.append(await SessionsSide.tide.run(sessions: sessions).time)
    baselineTimes.append(await SessionsSide.baseline.run(sessions: sessions).time)
    let isolated = await SessionsSide.isolated.run(sessions: sessions)
    isolatedTimes.append(isolated.time)
    openTimes.append(isolated.open)
    boxedTimes.append(await SessionsSide.boxed.run(sessions: sessions).time)
    for shardCount in [1, 2] {
      let shards = (0..<shardCount).map { _ in Shard(sessions: sessions / shardCount + 1) }
      for session in 0..<sessions { await shards[session % shardCount].open(slot: session / shardCount) }
      let time = await drive(clients: SessionsSide.clients, perClient: SessionsSide.perClient, sessions: sessions) {
        session, action in
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
    format: "CPU a request: tide %.0f ns, baseline %.0f ns, ratio %.2f; %d sessions, each a StoreActor, created first; %d client tasks × %d sends; baseline: hand-written actor per session",
    tideCPU, baselineCPU, tideCPU / baselineCPU, sessions, SessionsSide.clients, SessionsSide.perClient)
  var isolated = Measurement(
    name: "sessions-10k-isolated", tide: median(isolatedTimes.map(\.wall)), baseline: median(baselineTimes.map(\.wall)))
  isolated.note = String(
    format: "an actor per session owning an IsolatedStore (the store one object away); CPU a request %.0f ns (%.2f the baseline's); opening a store, the hop to its actor included: %.0f ns",
    median(isolatedTimes.map(\.cpu)), median(isolatedTimes.map(\.cpu)) / baselineCPU, median(openTimes))
  var boxed = Measurement(
    name: "sessions-10k-boxed", tide: median(boxedTimes.map(\.wall)), baseline: median(baselineTimes.map(\.wall)))
  boxed.note = String(
    format: "reference point, not Tide: the hand-written actor with its state in a box it points to; CPU a request %.0f ns (%.2f the baseline's)",
    median(boxedTimes.map(\.cpu)), median(boxedTimes.map(\.cpu)) / baselineCPU)
  var sharded = Measurement(
    name: "sessions-10k-sharded", tide: median(twoShardTimes), baseline: median(oneShardTimes))
  sharded.note = String(
    format: "stores on 2 shard actors against 1: %.2fx the throughput", median(oneShardTimes) / median(twoShardTimes))
  return [perSession, isolated, boxed, sharded]
}

/// One side of `sessions-10k`: its sessions made (and opened) before the clock starts, then
/// driven by the scenario's client tasks. Also run alone (`tide-bench sessions-10k
/// --sessions-part SIDE`), so that `perf stat` can count one side's instructions and cache
/// misses a request.
enum SessionsSide: String, CaseIterable {
  /// A ``StoreActor`` per session: the store is the session's actor.
  case tide
  /// An actor per session owning an ``IsolatedStore``.
  case isolated
  case baseline, boxed
  /// The isolated side with each session's store opened right after its actor is made, not after every
  /// actor exists: how much of the difference is where the stores lie in memory.
  case isolatedOpenedAtCreation = "isolated-opened-at-creation"

  static let clients = 16
  static let perClient = 25_000

  /// Makes the sessions and drives them; returns the time a request and, for Tide, the time
  /// opening a store took (the hop to its actor included).
  func run(sessions: Int) async -> (time: RequestTime, open: Double) {
    switch self {
    case .tide:
      let stores = (0..<sessions).map { _ in StoreActor(initialState: Cart.State(), reducer: Cart()) }
      let time = await drive(clients: Self.clients, perClient: Self.perClient, sessions: sessions) { session, action in
        await stores[session].request(action)
      }
      return (time, 0)
    case .isolated:
      let storeSessions = (0..<sessions).map { _ in StoreSession() }
      let openStart = ContinuousClock.now
      for session in storeSessions { await session.open() }
      let open = Double((ContinuousClock.now - openStart).attoseconds) / 1e9 / Double(sessions)
      let time = await drive(clients: Self.clients, perClient: Self.perClient, sessions: sessions) { session, action in
        await storeSessions[session].send(action)
      }
      return (time, open)
    case .isolatedOpenedAtCreation:
      var storeSessions: [StoreSession] = []
      storeSessions.reserveCapacity(sessions)
      for _ in 0..<sessions {
        let session = StoreSession()
        await session.open()
        storeSessions.append(session)
      }
      let time = await drive(clients: Self.clients, perClient: Self.perClient, sessions: sessions) {
        [storeSessions] session, action in
        await storeSessions[session].send(action)
      }
      return (time, 0)
    case .baseline:
      let baselineSessions = (0..<sessions).map { _ in BaselineSession() }
      let time = await drive(clients: Self.clients, perClient: Self.perClient, sessions: sessions) { session, action in
        await baselineSessions[session].send(action)
      }
      return (time, 0)
    case .boxed:
      let boxedSessions = (0..<sessions).map { _ in BoxedSession() }
      for session in boxedSessions { await session.open() }
      let time = await drive(clients: Self.clients, perClient: Self.perClient, sessions: sessions) { session, action in
        await boxedSessions[session].send(action)
      }
      return (time, 0)
    }
  }
}

/// `tide-bench sessions-10k --sessions-part SIDE`: one side alone, `rounds` times; prints the
/// median wall-clock and CPU time a request.
func runSessionsPart(_ side: SessionsSide, sessions: Int, rounds: Int) async {
  var times: [RequestTime] = []
  for _ in 0..<rounds { times.append(await side.run(sessions: sessions).time) }
  print(
    String(
      format: "sessions-10k %@: %.0f ns a request, CPU %.0f ns (%d sessions, %d requests a round, %d rounds)",
      side.rawValue, median(times.map(\.wall)), median(times.map(\.cpu)), sessions,
      SessionsSide.clients * SessionsSide.perClient, rounds))
}
