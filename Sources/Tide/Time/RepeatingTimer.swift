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
  let first: Duration
  let every: Duration
  let action: @Sendable (Duration) -> Action
  let lifetime: EffectLifetime
  let link: StoreLink<Action>
  let group: EffectGroup?
  /// The tick armed now; read and written only on the store's actor, where the entry fires.
  let tick = Atomic<Int>(0)

  @usableFromInline
  init(
    registry: EffectRegistry, key: UInt64, first: Duration, every: Duration,
    action: @escaping @Sendable (Duration) -> Action, lifetime: EffectLifetime, link: StoreLink<Action>,
    group: EffectGroup?
  ) {
    self.first = first
    self.every = every
    self.action = action
    self.lifetime = lifetime
    self.link = link
    self.group = group
    super.init(registry: registry, key: key)
  }

  override func fire() {
    // Runs on the store's actor (`TimerEntry.dispatch`), where its core lives.
    let tick = self.tick.load(ordering: .relaxed)
    guard !lifetime.isCancelled, link.receive(action(instant(of: tick)), group: group) else {
      registry.finishTimer(key)
      return
    }
    // Cancelled while its tick was handled: the cancel ended it.
    if lifetime.isCancelled { return }
    let next = scheduler.nextTick(after: tick, first: first, every: every)
    self.tick.store(next, ordering: .relaxed)
    arm(at: instant(of: next))
  }

  /// When tick `tick` is due: first + tick × every, in attoseconds (`Duration * Int` goes
  /// through the standard library's unspecialised generic code, a tenth of a replayed tick).
  private func instant(of tick: Int) -> Duration {
    first + Duration(attoseconds: every.attoseconds * Int128(tick))
  }
}
