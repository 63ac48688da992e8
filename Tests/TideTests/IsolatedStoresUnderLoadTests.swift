import Testing
import Tide

/// A session whose actions exercise every way into a store from another thread: a reduce, a
/// `.run` effect sending back, a timeout restarted on every touch (a timer entry in the shard's
/// queue on the real clock), and cancellation.
private struct Session: Reducer {
  struct State: Equatable {
    var count = 0
    var echoed = 0
    var expired = 0
  }

  enum Action: Equatable, Sendable {
    case increment
    case echo
    case echoed
    case touch
    case expire
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .echo:
      return .run { send in await send(.echoed) }
    case .echoed:
      state.echoed += 1
      return .none
    case .touch:
      return .send(.expire, after: .milliseconds(1)).cancellable(id: "expiry", cancelInFlight: true)
    case .expire:
      state.expired += 1
      return .none
    }
  }
}

/// One executor's actor, owning the stores of many sessions.
private actor Shard {
  let executor: QueueExecutor
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
  private var stores: [IsolatedStore<Session.State, Session.Action>] = []
  private var tokens: [IsolatedObservationToken] = []
  private let changes = ChangeCount()

  init(label: String) {
    executor = QueueExecutor(label: label)
  }

  func open(sessions: Int) {
    let changes = self.changes
    for _ in 0..<sessions {
      let store = IsolatedStore(initialState: Session.State(), reducer: Session())
      tokens.append(store.observe({ $0.count }) { _ in changes.value += 1 })
      stores.append(store)
    }
  }

  func send(_ action: Session.Action, to session: Int) -> StoreTask {
    stores[session].send(action)
  }

  func states() -> [Session.State] { stores.map(\.state) }

  var observed: Int { changes.value }
}

/// What the observers of a shard's stores were told, kept on the shard's actor.
private final class ChangeCount {
  var value = 0
}

@Suite("Many isolated stores on several executors")
struct IsolatedStoresUnderLoadTests {
  /// Run under ThreadSanitizer by `make test-tsan`: many tasks drive stores on four executors
  /// at once — reduces, effects sending back, timers armed, restarted and fired on the real
  /// clock — and nothing is lost or reported.
  @Test func manyTasksDrivingStoresOnSeveralExecutorsLoseNothing() async {
    let shards = (0..<4).map { Shard(label: "shard-\($0)") }
    let sessionsPerShard = 25
    for shard in shards { await shard.open(sessions: sessionsPerShard) }
    let clients = 16
    let sendsPerClient = 120
    await withTaskGroup(of: Void.self) { group in
      for client in 0..<clients {
        group.addTask {
          var pending: [StoreTask] = []
          for index in 0..<sendsPerClient {
            let shard = shards[(client + index) % shards.count]
            let session = (client * 7 + index * 13) % sessionsPerShard
            let action: Session.Action = [.increment, .echo, .touch][index % 3]
            pending.append(await shard.send(action, to: session))
          }
          for task in pending { await task.finish() }
        }
      }
    }
    var states: [Session.State] = []
    for shard in shards { states += await shard.states() }
    let perKind = clients * sendsPerClient / 3
    #expect(states.reduce(0) { $0 + $1.count } == perKind)
    #expect(states.reduce(0) { $0 + $1.echoed } == perKind)
    // Every touched session's last timeout fired once its restarts stopped.
    #expect(states.allSatisfy { $0.expired >= 1 })
    var observed = 0
    for shard in shards { observed += await shard.observed }
    // Each observer was told its store's initial count, then every increment (each its own send).
    #expect(observed == shards.count * sessionsPerShard + perKind)
  }
}
