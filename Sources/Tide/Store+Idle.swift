// When a store's effects are idle: the one rule replays and `TestStore` wait on.

extension Store {
  /// Whether the store's effects are idle given `counts`: none is being cancelled, and every
  /// running task is asleep on the store's clock until a time still to come or waits only on
  /// its children. Replays and `TestStore` both decide with this.
  package func effectsAreIdle(_ counts: EffectActivity.Counts) -> Bool {
    counts.isIdle(asleep: clock.asleep(counts))
  }

  /// The earliest deadline a sleeping effect waits for, as an offset from the store's start:
  /// where a test moving the clock stops next.
  package func nextWake(_ counts: EffectActivity.Counts) -> Duration? {
    clock.nextWake(counts)
  }

  /// Waits until every effect of this store has finished or is asleep on its clock, with every
  /// action they sent already handled: the settled point of a replay step
  /// (``effectsAreIdle(_:)``).
  ///
  /// Effects blocked on anything but the store's clock (a network call, a real sleep) are busy,
  /// so this waits for them.
  package func waitUntilIdle() async {
    let activity = effectActivity
    let observer = clock.virtual.map { virtual in (virtual.clock, virtual.clock.addObserver { activity.signal() }) }
    defer { if let (clock, key) = observer { clock.removeObserver(key) } }
    while true {
      let counts = activity.counts
      if effectsAreIdle(counts) { return }
      await activity.waitForChange(after: counts.version)
    }
  }
}
