import Testing
import Tide
import TideTesting

/// Waits until a store's effect counters satisfy `predicate`, through the scheduler's one wait
/// (woken by every change of the counters, never by sleeping). The wall-clock `limit` (stretched
/// for a sanitized build, ``Slowdown``) only turns a hang into a recorded failure, described by
/// `failure` from the last counters.
package func waitUntil(
  _ scheduler: EffectEngine, limit: Duration = Slowdown.waitLimit,
  failure: @escaping @Sendable (EffectEngine.Counts) -> String = { "Effects never reached the expected state; counters: \($0)" },
  sourceLocation: SourceLocation = #_sourceLocation,
  _ predicate: @escaping @Sendable (EffectEngine.Counts) -> Bool
) async {
  await scheduler.settle(
    until: { predicate(scheduler.counts) }, stopsWhenIdle: false, limit: Slowdown.sanitized(limit))
  let counts = scheduler.counts
  if !predicate(counts) {
    Issue.record(Comment(rawValue: failure(counts)), sourceLocation: sourceLocation)
  }
}

/// Waits until every effect task of `store` has ended, failing if one runs on that nothing but
/// the clock could end: the store's effects are idle (every one left asleep on the store's
/// clock or waiting on its children) and some still run. A cancelled interval ends; one that
/// was not cancelled sleeps on. Decided by the effects' state, not by a wait, so a loaded
/// machine changes how long this takes, never what it finds.
///
/// `finish()` checks this only when exhaustive; this also serves tests that turned exhaustivity
/// off.
@MainActor
package func expectEffectsEnded<State, Action>(
  _ store: TestStore<State, Action>, sourceLocation: SourceLocation = #_sourceLocation
) async {
  let engine = store.store.effectScheduler
  await engine.settle(
    until: { engine.counts.running == 0 }, stopsWhenIdle: true, limit: Slowdown.sanitized(Slowdown.waitLimit))
  let counts = engine.counts
  if counts.running != 0 {
    Issue.record(
      Comment(rawValue: "\(counts.running) effect(s) still running after they should have ended; counters: \(counts)"),
      sourceLocation: sourceLocation)
  }
}
