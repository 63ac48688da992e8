import Synchronization

/// Counts objects freed so far — actors, or markers their stores hold — from their `deinit`,
/// on whatever thread releases them last.
final class FreedCount: Sendable {
  private let count = Atomic<Int>(0)

  func add() { count.add(1, ordering: .relaxed) }

  var value: Int { count.load(ordering: .relaxed) }

  /// Waits until `expected` were freed, yielding, for at most `seconds`: an actor's last
  /// reference may be a job the runtime has not finished releasing when the test's own task
  /// resumes, so the free follows the test's release by a few scheduling turns.
  func waitUntil(reaches expected: Int, seconds: Int = 10) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while value < expected {
      if ContinuousClock.now > deadline { return false }
      await Task.yield()
    }
    return true
  }
}
