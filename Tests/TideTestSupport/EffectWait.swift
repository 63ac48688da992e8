import Testing
import Tide
import TideTesting

/// Waits until a store's effect counters satisfy `predicate`, through the scheduler's one wait
/// (woken by every change of the counters, never by sleeping). The wall-clock `limit` (stretched
/// for a sanitized build, ``Slowdown``) only turns a hang into a recorded failure, described by
/// `failure` from the last counters.
package func waitUntil(
  _ scheduler: EffectEngine, limit: Duration = .seconds(60),
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

/// Waits until every effect task of `store` has ended, failing if one is still running after
/// `limit` of real time: an interval that was cancelled ends, one that was not runs on.
///
/// `finish()` checks this only when exhaustive; this also serves tests that turned exhaustivity
/// off.
@MainActor
package func expectEffectsEnded<State, Action>(
  _ store: TestStore<State, Action>, limit: Duration = .seconds(2),
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  await waitUntil(
    store.store.effectScheduler, limit: limit,
    failure: { "\($0.running) effect(s) still running \(limit) after they should have ended" },
    sourceLocation: sourceLocation
  ) { $0.running == 0 }
}
