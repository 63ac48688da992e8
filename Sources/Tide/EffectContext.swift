/// What an asynchronous effect is given by the store that runs it.
@usableFromInline
struct EffectContext<Action: Sendable>: Sendable {
  let send: Send<Action>
  let scheduler: EffectScheduler
  /// When the effect's time starts, on the store's clock: when the reducer returned it, or
  /// when the effect before it in a concatenation finished. Delays count from here, not from
  /// when its task first ran.
  let start: Duration

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectContext<Child> {
    EffectContext<Child>(send: send.map(transform), scheduler: scheduler, start: start)
  }

  func sleep(until deadline: Duration) async throws {
    try await scheduler.sleep(until: deadline)
  }

  /// Sends `action(first + n × every)` at first + n × every on the store's clock, until
  /// cancelled. Ticks whose time came while the previous one was delivered are skipped, never
  /// delivered in a burst: two ticks are never sent at the same clock reading.
  func repeatEvery(
    _ every: Duration, from first: Duration, action: @Sendable (Duration) -> Action
  ) async {
    var tick = 0
    while !Task.isCancelled {
      do {
        try await sleep(until: first + every * tick)
      } catch {
        return
      }
      await send(action(first + every * tick))
      // The first tick still ahead of the clock: floor(elapsed / every) + 1.
      let elapsed = scheduler.clock.now - first
      let due = elapsed < .zero ? 0 : Int(elapsed.attoseconds / every.attoseconds) + 1
      tick = max(tick + 1, due)
    }
  }
}
