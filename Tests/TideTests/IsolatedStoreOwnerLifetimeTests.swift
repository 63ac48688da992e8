import Testing
import Tide

/// A cart that can start a timer: what a server's session keeps.
private struct Expiring: Reducer {
  struct State: Equatable {
    var items = 0
    var isExpired = false
  }

  enum Action: Equatable, Sendable {
    case add
    case addAndExpire(after: Duration)
    case load
    case loaded
    case expire
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add:
      state.items += 1
      return .none
    case .addAndExpire(let lifetime):
      state.items += 1
      return .send(.expire, after: lifetime)
    case .load:
      return .run { send in await send(.loaded) }
    case .loaded:
      state.items += 1
      return .none
    case .expire:
      state.isExpired = true
      return .none
    }
  }
}

/// The actor-per-session shape: an actor that keeps its session's store in its own state.
private actor Session {
  private var store: IsolatedStore<Expiring.State, Expiring.Action>?
  private let freed: FreedCount
  private let clock: any Clock<Duration>

  init(freed: FreedCount, clock: any Clock<Duration> = ContinuousClock()) {
    self.freed = freed
    self.clock = clock
  }

  func open() {
    store = IsolatedStore(initialState: Expiring.State(), reducer: Expiring(), clock: clock)
  }

  func send(_ action: Expiring.Action) -> StoreTask? {
    store?.send(action)
  }

  var state: Expiring.State? { store?.state }

  func cancelEffects() {
    store?.cancelEffects()
  }

  deinit { freed.add() }
}

/// An actor that keeps its own store: the store belongs to the actor, and must not keep it
/// alive — else a server with an actor per session never frees one (issue 27).
@Suite("An actor that keeps its own IsolatedStore")
struct IsolatedStoreOwnerLifetimeTests {
  @Test func isFreedWhenReleasedIfItsStoreRanNoEffect() async {
    let freed = FreedCount()
    var session: Session? = Session(freed: freed)
    await session?.open()
    _ = await session?.send(.add)
    #expect(await session?.state?.items == 1)
    session = nil
    #expect(await freed.waitUntil(reaches: 1), "the session actor was not freed")
  }

  @Test func isFreedWhenReleasedOnceItsStoresEffectsEnded() async {
    let freed = FreedCount()
    var session: Session? = Session(freed: freed)
    await session?.open()
    await session?.send(.load)?.finish()
    #expect(await session?.state?.items == 1)
    session = nil
    #expect(await freed.waitUntil(reaches: 1), "the session actor was not freed")
  }

  @Test func manySessionsAreAllFreed() async {
    let freed = FreedCount()
    for _ in 0..<1_000 {
      let session = Session(freed: freed)
      await session.open()
      _ = await session.send(.add)
    }
    #expect(await freed.waitUntil(reaches: 1_000), "1,000 session actors were not all freed")
  }

  /// A pending timer keeps its session alive, as a task sleeping on the actor's behalf would:
  /// the timer still fires and its action is reduced; then the session is freed.
  @Test func staysAliveWhileItsStoresTimerIsPendingThenIsFreed() async {
    let freed = FreedCount()
    let clock = VirtualClock()
    var session: Session? = Session(freed: freed, clock: clock)
    await session?.open()
    let timer = await session?.send(.addAndExpire(after: .seconds(30)))
    weak let weakSession = session
    session = nil
    #expect(freed.value == 0, "freed while its timer was pending")
    clock.advance(by: .seconds(30))
    await timer?.finish()
    #expect(await freed.waitUntil(reaches: 1), "the session actor was not freed after its timer fired")
    #expect(weakSession == nil)
  }

  /// Cancelling the store's effects lets go of the actor at once: a server closing a session
  /// whose expiry is pending does not wait for it.
  @Test func isFreedOnceItsPendingTimerIsCancelled() async {
    let freed = FreedCount()
    let clock = VirtualClock()
    var session: Session? = Session(freed: freed, clock: clock)
    await session?.open()
    _ = await session?.send(.addAndExpire(after: .seconds(30)))
    await session?.cancelEffects()
    session = nil
    #expect(await freed.waitUntil(reaches: 1), "the session actor was not freed")
  }

  /// A send an effect leaked — made after its body returned, when nothing of the store runs
  /// any more and so nothing holds its actor — is dropped and reported, never delivered to an
  /// actor that may be gone.
  @Test func aSendLeakedAfterEveryEffectEndedIsDroppedAndReported() async {
    let leaked = LeakedSend()
    let freed = FreedCount()
    let session = LeakingSession(freed: freed, leaked: leaked)
    await session.open()
    await session.load()?.finish()
    await withKnownIssue {
      await leaked.send?(.loaded)
    }
    #expect(await session.items == 0)
  }
}

/// Where an effect leaks its `send`: kept after the effect's body returned.
private final class LeakedSend: @unchecked Sendable {
  // @unchecked: written once by the effect's body before it returns, read by the test after
  // the effect's task has finished (`StoreTask.finish` orders the two).
  var send: Send<Expiring.Action>?
}

/// A session whose store's `.load` leaks its `send`.
private actor LeakingSession {
  private struct Leaking: Reducer {
    let leaked: LeakedSend
    func reduce(into state: inout Expiring.State, action: Expiring.Action) -> Effect<Expiring.Action> {
      switch action {
      case .load:
        return .run { [leaked] send in leaked.send = send }
      case .loaded:
        state.items += 1
        return .none
      default:
        return .none
      }
    }
  }

  private var store: IsolatedStore<Expiring.State, Expiring.Action>?
  private let freed: FreedCount
  private let leaked: LeakedSend

  init(freed: FreedCount, leaked: LeakedSend) {
    self.freed = freed
    self.leaked = leaked
  }

  func open() {
    store = IsolatedStore(initialState: Expiring.State(), reducer: Leaking(leaked: leaked))
  }

  func load() -> StoreTask? { store?.send(.load) }

  var items: Int { store?.state.items ?? -1 }

  deinit { freed.add() }
}
