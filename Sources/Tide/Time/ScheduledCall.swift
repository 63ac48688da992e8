/// A time effect's call on its store once its time came: `.send(after:)` and debounce (which
/// start their effect then), a throttled start, a middleware's delay.
@usableFromInline
final class ScheduledCall<Action: Sendable>: TimerEntry, @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a sendable type (see `TimerEntry`).
  let lifetime: EffectLifetime
  let link: StoreLink<Action>
  let body: @Sendable (any EffectHost<Action>) -> Void

  @usableFromInline
  init(
    engine: EffectEngine, key: UInt64, lifetime: EffectLifetime, link: StoreLink<Action>,
    body: @escaping @Sendable (any EffectHost<Action>) -> Void
  ) {
    self.lifetime = lifetime
    self.link = link
    self.body = body
    super.init(engine: engine, key: key)
  }

  override func fire() {
    // Runs on the store's actor (`TimerEntry.dispatch`), where its core lives.
    // Ends after the call: whatever it started is registered by then, so the store is
    // never idle in between.
    defer { finish() }
    guard !lifetime.isCancelled, let host = link.host else { return }
    body(host)
  }
}
