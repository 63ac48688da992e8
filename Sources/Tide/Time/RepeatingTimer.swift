import Synchronization

/// A timer's or interval's ticks: one entry, re-armed after each tick has been handled.
///
/// Tick *n* is due at first + n × every. On a real clock, a tick whose time came while the one
/// before was being handled is skipped, never delivered late in a burst. On a clock Tide does
/// not drive in real time (a test or virtual clock) every tick is delivered, each at its own
/// instant: its queue fires every deadline the clock passed, in order (see ``TimerQueue``).
@usableFromInline
final class RepeatingTimer<Action: Sendable>: TimerEntry, @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a sendable type or an atomic (see
  // `TimerEntry`).
  let ticks: TickSchedule
  let action: @Sendable (Duration) -> Action
  let lifetime: EffectLifetime
  let link: StoreLink<Action>
  let group: EffectGroup?
  /// The tick armed now; read and written only on the store's actor, where the entry fires.
  let tick = Atomic<Int>(0)

  @usableFromInline
  init(
    engine: EffectEngine, key: UInt64, ticks: TickSchedule,
    action: @escaping @Sendable (Duration) -> Action, lifetime: EffectLifetime, link: StoreLink<Action>,
    group: EffectGroup?
  ) {
    self.ticks = ticks
    self.action = action
    self.lifetime = lifetime
    self.link = link
    self.group = group
    super.init(engine: engine, key: key)
  }

  override func fire() {
    // Runs on the store's actor (`TimerEntry.dispatch`), where its core lives.
    let tick = self.tick.load(ordering: .relaxed)
    guard !lifetime.isCancelled, link.receive(action(ticks.instant(of: tick)), group: group) else {
      finish()
      return
    }
    // Cancelled while its tick was handled: the cancel ended it.
    if lifetime.isCancelled { return }
    let next = engine.nextTick(after: tick, of: ticks)
    self.tick.store(next, ordering: .relaxed)
    arm(at: ticks.instant(of: next))
    // Cancelled from another thread between the check above and the arm: the cancel found
    // nothing armed to take out, so the entry, armed now, is taken out here (as `startTimer`).
    if lifetime.isCancelled { disarm() }
  }
}
