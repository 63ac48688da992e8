import Synchronization

/// A timer's or interval's ticks: one entry, re-armed after each tick has been handled.
///
/// Tick *n* is due at first + n × every; a tick whose time came while the one before was being
/// handled is skipped, never delivered late in a burst.
final class RepeatingTimer<Action: Sendable>: TimerEntry, @unchecked Sendable {
  // @unchecked: every stored property is a `let` of a sendable type or an atomic (see
  // `TimerEntry`).
  let first: Duration
  let every: Duration
  let action: @Sendable (Duration) -> Action
  let lifetime: EffectLifetime
  let link: StoreLink<Action>
  let group: EffectGroup?
  /// The tick armed now; written only on the store's actor, where the entry fires (read by a
  /// ``holdClock(atTick:deadline:)`` task too).
  let tick = Atomic<Int>(0)
  /// Whether ``fire()`` has run since the tick armed now (or the entry ended).
  let handled = Atomic<Bool>(false)

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
    defer { handled.store(true, ordering: .releasing) }
    guard !lifetime.isCancelled, link.receive(action(instant(of: tick)), group: group) else {
      registry.finishTimer(key)
      return
    }
    // Cancelled while its tick was handled: the cancel ended it.
    if lifetime.isCancelled { return }
    // The first tick still ahead of the clock: floor(elapsed / every) + 1.
    let elapsed = scheduler.clock.now - first
    let due = elapsed < .zero ? 0 : Int(elapsed.attoseconds / every.attoseconds) + 1
    let next = max(tick + 1, due)
    self.tick.store(next, ordering: .relaxed)
    arm(at: instant(of: next))
  }

  override func arm(at deadline: Duration) {
    handled.store(false, ordering: .relaxed)
    super.arm(at: deadline)
    if scheduler.holdsSteppedClockAtTicks, deadline > scheduler.clock.now {
      holdClock(atTick: tick.load(ordering: .relaxed), deadline: deadline)
    }
  }

  /// Keeps a sleep on a test's stepped clock (swift-clocks' `TestClock`) at the tick's deadline
  /// until the tick has been handled, so that an awaited `advance(by:)` over several periods
  /// stops at every tick.
  ///
  /// Such a clock moves to the next sleep registered on it after yielding the global pool only,
  /// while the tick is handled — and the next one armed — on the store's actor: with the main
  /// actor busy (tests run in parallel on it) the clock found no sleep at the next tick, moved
  /// to the end of the advance, and the ticks it passed were skipped as late ones. A sleep at
  /// the current instant is resumed without moving the clock, so the clock stays at the tick
  /// until it is handled. Only a test store on such a clock asks for it
  /// (``EffectScheduler/holdSteppedClockAtTicks()``).
  private func holdClock(atTick tick: Int, deadline: Duration) {
    let clock = scheduler.clock
    Task.immediate { [self] in
      do {
        try await clock.sleep(until: deadline)
        while !handled.load(ordering: .acquiring), self.tick.load(ordering: .relaxed) == tick,
          !lifetime.isCancelled, clock.now == deadline
        {
          try await clock.sleep(until: deadline)
        }
      } catch {
        return
      }
    }
  }

  /// When tick `tick` is due: first + tick × every, in attoseconds (`Duration * Int` goes
  /// through the standard library's unspecialised generic code, a tenth of a replayed tick).
  private func instant(of tick: Int) -> Duration {
    first + Duration(attoseconds: every.attoseconds * Int128(tick))
  }
}
