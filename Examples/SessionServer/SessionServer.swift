import Tide

/// A server's table of sessions: a `StoreActor` per session, made at the session's first
/// request and freed by the sweep once its expiry timer fired.
///
/// The sessions run at the same time as one another and as the table: a request waits only for
/// its own session. Every session's timer waits in the one queue its clock shares with every
/// store actor, so a pending expiry costs an entry, not a task — what lets a server keep an
/// actor per session for many sessions.
actor SessionServer {
  private var sessions: [Int: StoreActor<Session>] = [:]
  private let clock: any Clock<Duration>
  private let idleLimit: Duration

  /// - Parameters:
  ///   - idleLimit: How long a session may go without a request before it expires.
  ///   - clock: The clock of the sessions' expiry timers and of the sweep: a `VirtualClock`
  ///     or a `TestClock` in tests.
  init(idleLimit: Duration, clock: any Clock<Duration> = ContinuousClock()) {
    self.idleLimit = idleLimit
    self.clock = clock
  }

  /// How many sessions the table holds, expired ones the sweep has not freed yet included.
  var sessionCount: Int { sessions.count }

  /// The session of `id`, if the table holds it: for observing it (`values(_:)`).
  func session(_ id: Int) -> StoreActor<Session>? { sessions[id] }

  /// Handles a request of session `id`, opening the session at its first. A request to a
  /// session that expired gets `.expired`: the client opens a new one with `open(_:)`.
  func handle(_ request: Session.Action, for id: Int) async -> Reply {
    let session = sessions[id] ?? open(id)
    return await session.handle(request)
  }

  /// Opens a fresh session `id`, in place of an expired one if there is one.
  @discardableResult
  func open(_ id: Int) -> StoreActor<Session> {
    if let old = sessions[id] { Task { await old.cancelEffects() } }
    let session = StoreActor(initialState: Session.State(), reducer: Session(idleLimit: idleLimit), clock: clock)
    sessions[id] = session
    return session
  }

  /// Frees every session whose expiry timer fired; returns how many it freed.
  ///
  /// A session is asked on its own actor; one that a request replaced meanwhile (the table
  /// changes while the sweep waits for a session) is left to the next sweep.
  @discardableResult
  func sweep() async -> Int {
    var freed = 0
    for (id, session) in sessions {
      guard await session.state.isExpired, sessions[id] === session else { continue }
      sessions[id] = nil
      freed += 1
    }
    return freed
  }

  /// Sweeps every `interval` on the server's clock until the calling task is cancelled.
  func sweep(every interval: Duration) async {
    while (try? await clock.sleep(for: interval)) != nil {
      await sweep()
    }
  }
}
