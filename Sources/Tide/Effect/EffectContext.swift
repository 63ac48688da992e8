/// What an asynchronous effect is given by the store that runs it.
@usableFromInline
struct EffectContext<Action: Sendable>: Sendable {
  let send: Send<Action>
  let engine: EffectEngine
  /// When the effect's time starts, on the store's clock: when the reducer returned it, or
  /// when the effect before it in a concatenation finished. Delays count from here, not from
  /// when its task first ran.
  let start: Duration

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectContext<Child> {
    EffectContext<Child>(send: send.map(transform), engine: engine, start: start)
  }

  func sleep(until deadline: Duration) async throws {
    try await engine.sleep(until: deadline)
  }

  /// Sends `action(first + n × every)` at first + n × every on the store's clock, until
  /// cancelled. On a real clock, ticks whose time came while the previous one was delivered
  /// are skipped, never delivered in a burst: two ticks are never sent at the same clock
  /// reading. On a test or virtual clock every tick is sent (``TickSchedule``).
  func repeatEvery(
    _ every: Duration, from first: Duration, action: @Sendable (Duration) -> Action
  ) async {
    let ticks = TickSchedule(first: first, every: every)
    var tick = 0
    while !Task.isCancelled {
      let instant = ticks.instant(of: tick)
      do {
        try await sleep(until: instant)
      } catch {
        return
      }
      await send(action(instant))
      tick = engine.nextTick(after: tick, of: ticks)
    }
  }
}
