// When a store's effects are idle: the one rule replays, `TestStore` and the runtime wait on.

extension Store {
  /// Waits until the store's effects are idle (``EffectEngine``): every effect finished,
  /// parked on the store's clock until a time still to come, or waiting on child effects of
  /// its own, with every action they sent already handled — the settled point of a replay
  /// step.
  ///
  /// Effects blocked on anything but the store's clock (a network call, a real sleep) are busy,
  /// so this waits for them.
  package func waitUntilIdle() async {
    await effectScheduler.settle()
  }

  /// Whether the store's effects are idle now (``EffectEngine``): a replay tests it before
  /// ``waitUntilIdle()``, whose `async` call costs hops to the main actor and back even when
  /// there is nothing to wait for — most of a replayed timer tick.
  ///
  /// Asked once a replayed timer tick, from code not specialised for the store's types: it
  /// reads the engine through the core's own field, with no protocol witness or generic
  /// metadata to look up, and a root store that never started an effect is idle without one.
  package var effectsAreIdle: Bool {
    core.effectsAreIdle
  }
}
