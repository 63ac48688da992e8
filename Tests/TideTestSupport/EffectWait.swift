import Testing
import Tide
import TideTesting

/// Waits until a store's effect counters satisfy `predicate`, woken by every change of the
/// counters, never by sleeping. The wall-clock `limit` only turns a hang into a recorded
/// failure, described by `failure` from the last counters.
package func waitUntil(
  _ activity: EffectActivity, limit: Duration = .seconds(10),
  failure: @escaping @Sendable (EffectActivity.Counts) -> String = { "Effects never reached the expected state; counters: \($0)" },
  sourceLocation: SourceLocation = #_sourceLocation,
  _ predicate: @escaping @Sendable (EffectActivity.Counts) -> Bool
) async {
  let guardTask = Task {
    try? await Task.sleep(for: limit)
    activity.signal()
  }
  defer { guardTask.cancel() }
  let start = ContinuousClock.now
  while true {
    let counts = activity.counts
    if predicate(counts) { return }
    if ContinuousClock.now - start >= limit {
      Issue.record(Comment(rawValue: failure(counts)), sourceLocation: sourceLocation)
      return
    }
    await activity.waitForChange(after: counts.version)
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
    store.store.effectActivity, limit: limit,
    failure: { "\($0.running) effect(s) still running \(limit) after they should have ended" },
    sourceLocation: sourceLocation
  ) { $0.running == 0 }
}
