import IssueReporting

/// Sends actions from an effect back to its store.
///
/// Calling it hops to the main actor, where the store handles the action at once. Once the
/// effect is cancelled — by id, by a ``StoreTask``'s `cancel()` or because its store went away —
/// calls are ignored, so a cancelled timer or request never delivers a late action. A call
/// made after the effect's body returned (a `send` that escaped into another task) is a
/// mistake: it is reported and the action is dropped.
public struct Send<Action: Sendable>: Sendable {
  @usableFromInline
  let body: @MainActor @Sendable (Action) -> Void
  let lifetime: EffectLifetime?
  let scheduler: EffectScheduler?

  /// Creates a `Send` that forwards actions to `send`; useful for testing effect bodies alone.
  public init(_ send: @escaping @MainActor @Sendable (Action) -> Void) {
    self.body = send
    self.lifetime = nil
    self.scheduler = nil
  }

  init(
    lifetime: EffectLifetime, scheduler: EffectScheduler,
    _ send: @escaping @MainActor @Sendable (Action) -> Void
  ) {
    self.body = send
    self.lifetime = lifetime
    self.scheduler = scheduler
  }

  /// Sends `action` to the store, unless the effect has been cancelled.
  @MainActor
  public func callAsFunction(_ action: Action) {
    if let lifetime {
      if lifetime.isCancelled { return }
      if lifetime.isFinished {
        reportIssue(
          """
          An effect sent \(action) after its body returned; the action was dropped. Send only \
          from inside the effect's operation, and await any work that sends.
          """)
        return
      }
    }
    guard !Task.isCancelled else { return }
    body(action)
  }

  /// Sleeps for `duration` on the store's clock.
  ///
  /// Prefer it to sleeping on a clock of your own inside `.run`: the store knows the effect is
  /// asleep until a time still to come, so a test store or a replay moving that clock treats
  /// the effect as idle rather than busy. Outside a store it sleeps on the continuous clock.
  public func sleep(for duration: Duration) async throws {
    guard let scheduler else {
      try await Task.sleep(for: duration)
      return
    }
    try await scheduler.sleep(until: scheduler.clock.now + duration)
  }

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    let body = self.body
    return Send<Child>(lifetime: lifetime, scheduler: scheduler) { body(transform($0)) }
  }

  private init(
    lifetime: EffectLifetime?, scheduler: EffectScheduler?,
    _ send: @escaping @MainActor @Sendable (Action) -> Void
  ) {
    self.body = send
    self.lifetime = lifetime
    self.scheduler = scheduler
  }
}
