extension Store {
  /// Runs the effect tasks this store starts from now on on `executor` (`nil`, the default: the
  /// global concurrent executor).
  ///
  /// For headless replays on a ``VirtualClock``: there every timer tick is a relay between the
  /// replay's driver, the effect's task and the main actor, and on the global executor each leg
  /// is a wake-up of another thread (~15 µs on a loaded machine). With the effects on the
  /// driver's own thread the relay costs about 1 µs, so an hour of a 20 Hz timer replays in
  /// well under a second, every tick still at its exact instant.
  package func runEffects(on executor: (any TaskExecutor)?) {
    runner.registry.preferExecutor(executor)
  }
}
