import Testing
import Tide

/// What happened to a store, in order: each action it reduced, and when it was freed. Written
/// and read on the owner's actor only.
private final class LifetimeLog {
  var events: [String] = []
}

/// Tells the log when the store that holds it (through its reducer) is freed.
private final class FreedMarker {
  let log: LifetimeLog
  init(log: LifetimeLog) { self.log = log }
  deinit { log.events.append("freed") }
}

/// A session that loads a value through a `.run` effect.
private struct Loader: Reducer {
  struct State: Equatable {
    var loaded = 0
  }

  enum Action: Equatable, Sendable {
    case load
    case loaded
    case close
  }

  let marker: FreedMarker

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    marker.log.events.append("\(action)")
    switch action {
    case .load:
      return .run { send in await send(.loaded) }
    case .loaded:
      state.loaded += 1
      return .none
    case .close:
      return .none
    }
  }
}

/// Owns a session's store and drops it — every copy and its token — from the store's own
/// observer, when the effect's action has been reduced.
private actor ClosingOwner {
  /// The session's store and its observation: the only references to the store.
  private final class Session {
    var store: IsolatedStore<Loader.State, Loader.Action>?
    var token: IsolatedObservationToken?
  }

  private let session = Session()
  private let log = LifetimeLog()

  func open() {
    let store = IsolatedStore(initialState: Loader.State(), reducer: Loader(marker: FreedMarker(log: log)))
    session.store = store
    // Capturing `self` makes the observer isolated to this actor, so it can send; the cycle
    // ends when the token goes.
    session.token = store.observe({ $0.loaded }) { loaded in
      guard loaded == 1 else { return }
      // Queued behind this round; then the last references go.
      self.session.store?.send(.close)
      self.session.store = nil
      self.session.token = nil
    }
  }

  func load() -> StoreTask? {
    session.store?.send(.load)
  }

  var events: [String] { log.events }
}

@Suite("An IsolatedStore's lifetime")
struct IsolatedStoreLifetimeTests {
  /// An `IsolatedStore` is a value: nothing holds it weakly, so its effect tasks reach it
  /// through a stand-in its core owns, and each action they hand back holds the core itself
  /// until its drain is over. Dropped by its own observer in that drain, the store still
  /// reduces the action the observer queued, and is freed only after.
  @Test func aStoreDroppedByItsObserverDuringAnEffectsDrainFinishesTheDrainBeforeItIsFreed() async {
    let owner = ClosingOwner()
    await owner.open()
    await owner.load()?.finish()
    #expect(await owner.events == ["load", "loaded", "close", "freed"])
  }
}
