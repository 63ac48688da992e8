import Foundation
import Synchronization
import Testing

/// Keeps every thread of Swift's global concurrent pool spinning until ``release()``, so a job
/// enqueued there meanwhile — a task's hop off the main actor — waits, as it does on a loaded
/// machine. A test uses it to make a race that needs a busy pool happen every time instead of
/// once in a thousand runs. Only synchronous main-actor code can run while the pool is blocked.
/// A test that uses one is marked `.holdsTheGlobalPool`, so two never block the pool at once.
@MainActor
package final class GlobalPoolBlocker {
  private final class Flags: Sendable {
    let spinning = Atomic<Int>(0)
    let released = Atomic<Bool>(false)
  }

  private let flags = Flags()
  private var spinners: [Task<Void, Never>] = []

  /// Blocks the pool: returns once one task spins on each of its `width` threads (by default
  /// one a processor, the pool's width).
  ///
  /// A pool narrower than `width` (a runtime setting, a cgroup) never starts them all; after
  /// `deadline` the blocker records an issue saying so, lets the pool go and returns, so the
  /// test fails instead of hanging the whole test process.
  package init(
    width: Int = ProcessInfo.processInfo.activeProcessorCount,
    deadline: Duration = Slowdown.sanitized(Slowdown.waitLimit),
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    for _ in 0..<width {
      let flags = self.flags
      spinners.append(
        Task.detached(priority: .high) {
          flags.spinning.add(1, ordering: .acquiringAndReleasing)
          while !flags.released.load(ordering: .acquiring) {}
        })
    }
    // Spinning here too: the main thread is not one of the pool's.
    let clock = ContinuousClock()
    let end = clock.now.advanced(by: deadline)
    while flags.spinning.load(ordering: .acquiring) < width {
      guard clock.now < end else {
        flags.released.store(true, ordering: .releasing)
        Issue.record(
          """
          GlobalPoolBlocker waited \(deadline) for a spinner on each of \(width) pool threads; \
          only \(flags.spinning.load(ordering: .acquiring)) started: the pool is narrower, so \
          the race this test needs cannot be forced
          """,
          sourceLocation: sourceLocation)
        return
      }
    }
  }

  // A test that ends early (a failed `#require`) must not leave the pool spinning for the rest
  // of the test process.
  deinit {
    flags.released.store(true, ordering: .releasing)
  }

  /// Lets the pool run again; waits for the spinners to end.
  package func release() async {
    flags.released.store(true, ordering: .releasing)
    for spinner in spinners { await spinner.value }
  }
}
