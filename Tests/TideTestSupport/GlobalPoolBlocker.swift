import Foundation
import Synchronization

/// Keeps every thread of Swift's global concurrent pool spinning until ``release()``, so a job
/// enqueued there meanwhile — a task's hop off the main actor — waits, as it does on a loaded
/// machine. A test uses it to make a race that needs a busy pool happen every time instead of
/// once in a thousand runs. Only synchronous main-actor code can run while the pool is blocked.
@MainActor
package final class GlobalPoolBlocker {
  private final class Flags: Sendable {
    let spinning = Atomic<Int>(0)
    let released = Atomic<Bool>(false)
  }

  private let flags = Flags()
  private var spinners: [Task<Void, Never>] = []

  /// Blocks the pool: returns once one task spins on each of its threads (one a processor).
  package init() {
    let width = ProcessInfo.processInfo.activeProcessorCount
    for _ in 0..<width {
      let flags = self.flags
      spinners.append(
        Task.detached(priority: .high) {
          flags.spinning.add(1, ordering: .acquiringAndReleasing)
          while !flags.released.load(ordering: .acquiring) {}
        })
    }
    // Spinning here too: the main thread is not one of the pool's.
    while flags.spinning.load(ordering: .acquiring) < width {}
  }

  /// Lets the pool run again; waits for the spinners to end.
  package func release() async {
    flags.released.store(true, ordering: .releasing)
    for spinner in spinners { await spinner.value }
  }
}
