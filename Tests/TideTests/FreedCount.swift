import Synchronization
import TideTestSupport

/// Counts objects freed so far — actors, or markers their stores hold — from their `deinit`,
/// on whatever thread releases them last.
final class FreedCount: Sendable {
  private struct Waiter {
    let expected: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  private let state = Mutex((count: 0, waiters: [Waiter]()))

  func add() {
    let ready = state.withLock { state in
      state.count += 1
      let count = state.count
      let ready = state.waiters.filter { $0.expected <= count }
      state.waiters.removeAll { $0.expected <= count }
      return ready
    }
    for waiter in ready { waiter.continuation.resume() }
  }

  var value: Int { state.withLock { $0.count } }

  /// Waits until `expected` were freed, woken by the frees themselves: an actor's last
  /// reference may be a job the runtime has not finished releasing when the test's own task
  /// resumes, so the free follows the test's release by a few scheduling turns — however long
  /// those take on a loaded machine. Only ``Slowdown/waitLimit`` ends the wait without them.
  func waitUntil(reaches expected: Int) async -> Bool {
    let limit = Task {
      try? await Task.sleep(for: Slowdown.sanitized(Slowdown.waitLimit))
      self.giveUp(expected)
    }
    defer { limit.cancel() }
    await withCheckedContinuation { continuation in
      let reached = state.withLock { state in
        guard state.count < expected else { return true }
        state.waiters.append(Waiter(expected: expected, continuation: continuation))
        return false
      }
      if reached { continuation.resume() }
    }
    return value >= expected
  }

  /// Resumes the waits for `expected` frees, which did not come.
  private func giveUp(_ expected: Int) {
    let abandoned = state.withLock { state in
      let abandoned = state.waiters.filter { $0.expected == expected }
      state.waiters.removeAll { $0.expected == expected }
      return abandoned
    }
    for waiter in abandoned { waiter.continuation.resume() }
  }
}
