
/// Sends actions from an effect back to its store.
///
/// Calling it hops to the store's actor — the main actor for a ``Store``, the owning actor for
/// an ``IsolatedStore`` — where the store handles the action at once. Once the effect is
/// cancelled — by id, by a ``StoreTask``'s `cancel()` or because its store went away — calls
/// are ignored, so a cancelled timer or request never delivers a late action. A call made after
/// the effect's body returned (a `send` that escaped into another task) is a mistake: it is
/// reported and the action is dropped.
public struct Send<Action: Sendable>: Sendable {
  @usableFromInline
  let body: @Sendable (Action) async -> Void
  let engine: EffectEngine?

  /// Creates a `Send` that forwards actions to `send` on the main actor; useful for testing
  /// effect bodies alone.
  public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.body = { action in
      await MainActor.run {
        guard !Task.isCancelled else { return }
        send(action)
      }
    }
    self.engine = nil
  }

  /// A `Send` of an effect task: it delivers to the store behind `link`, on the store's actor,
  /// as part of `group`, while `lifetime` lets it.
  init(link: StoreLink<Action>, group: EffectGroup?, lifetime: EffectLifetime, engine: EffectEngine) {
    self.body = { action in
      // No actor held: none of the store's effects runs any more, so this send outlived its
      // effect (a leaked send, dropped and reported) and nothing can be let through.
      guard let home = engine.home else {
        _ = Self.admits(action, lifetime: lifetime)
        return
      }
      let counted = engine.beginTransit()
      await link.withHost(on: home) { host in
        // Checked on the store's actor, in order with the reducers that cancel: once a
        // cancellation has run there, no send of the effect gets through.
        guard Self.admits(action, lifetime: lifetime), !Task.isCancelled else { return }
        host?.receive(action, group: group)
      }
      // Back on the effect's executor.
      if counted { engine.endTransit() }
    }
    self.engine = engine
  }

  /// A `Send` that delivers to the store behind `link` outside any effect's lifetime: an
  /// epic's, which lives as long as the store — a ``Store``, on the main actor.
  init(mainActorLink link: StoreLink<Action>) {
    self.body = { action in
      await link.withHost(on: MainActor.shared) { host in
        guard !Task.isCancelled else { return }
        host?.receive(action, group: nil)
      }
    }
    self.engine = nil
  }

  private init(engine: EffectEngine?, _ body: @escaping @Sendable (Action) async -> Void) {
    self.body = body
    self.engine = engine
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  nonisolated(nonsending)
  public func callAsFunction(_ action: Action) async {
    await body(action)
  }

  /// Sleeps for `duration` on the store's clock.
  ///
  /// Prefer it to sleeping on a clock of your own inside `.run`: the store knows the effect is
  /// asleep until a time still to come, so a test store or a replay moving that clock treats
  /// the effect as idle rather than busy. Outside a store it sleeps on the continuous clock.
  public func sleep(for duration: Duration) async throws {
    guard let engine else {
      try await Task.sleep(for: duration)
      return
    }
    try await engine.sleep(until: engine.clock.now + duration)
  }

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let body = self.body
    return Send<Child>(engine: engine) { await body(transform($0)) }
  }

  /// Whether an effect living `lifetime` may still send `action`: not once it was cancelled,
  /// and — reported as a mistake — not after its body returned.
  private static func admits(_ action: Action, lifetime: EffectLifetime) -> Bool {
    if lifetime.isCancelled { return false }
    if lifetime.isFinished {
      reportIssue(
        """
        An effect sent \(action) after its body returned; the action was dropped. Send only \
        from inside the effect's operation, and await any work that sends.
        """)
      return false
    }
    return true
  }
}
