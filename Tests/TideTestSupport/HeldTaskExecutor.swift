import Dispatch
import Synchronization

/// A task executor that holds every job enqueued on it until ``open()``, then runs them — and
/// every later one — on a serial queue of its own: an executor with no free thread for as long
/// as the test says, as the global pool is on a loaded machine, made to happen every time.
///
/// A store's effects are put on it with the package hook `Store.runEffects(on:)`; a `.run`
/// body, whose first line runs on its effect task's preferred executor, then waits to begin
/// until the executor opens.
package final class HeldTaskExecutor: TaskExecutor {
  private struct Storage {
    var isOpen = false
    var held: [UnownedJob] = []
  }

  private let storage = Mutex(Storage())
  private let queue = DispatchQueue(label: "HeldTaskExecutor")

  package init() {}

  /// How many jobs wait for the executor to open.
  package var heldCount: Int { storage.withLock { $0.held.count } }

  package func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let isOpen = storage.withLock { storage in
      if !storage.isOpen { storage.held.append(job) }
      return storage.isOpen
    }
    if isOpen { run(job) }
  }

  /// Runs the jobs held so far, in the order they came, and every later job at once.
  package func open() {
    let held = storage.withLock { storage in
      storage.isOpen = true
      defer { storage.held.removeAll() }
      return storage.held
    }
    for job in held { run(job) }
  }

  /// Opens the executor once `delay` of real time has passed, from a queue of its own (not
  /// the global pool, not the main queue): the moment a busy machine frees a thread.
  package func open(after delay: Duration) {
    let nanoseconds = Int(delay.components.seconds) * 1_000_000_000
      + Int(delay.components.attoseconds / 1_000_000_000)
    queue.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [self] in open() }
  }

  private func run(_ job: UnownedJob) {
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
