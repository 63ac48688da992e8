import Synchronization

/// Counts a store's effect tasks and what they are waiting on, so that "the store is idle" is a
/// fact that tests and replays can await rather than a guess made with sleeps or yields.
///
/// Every change bumps `version` and wakes the waiters, which re-check their own condition.
@usableFromInline
package final class EffectActivity: Sendable {
  /// A snapshot of the counters.
  package struct Counts: Sendable, Equatable {
    /// Effect tasks started and not yet finished.
    package var running = 0
    /// The deadlines of the effect tasks asleep on the store's clock inside a store-managed
    /// sleep (timers, debounce, throttle), as offsets from the store's start on its clock.
    package var sleepDeadlines: [Duration] = []
    /// How many effect tasks are asleep in a store-managed sleep.
    package var sleeping: Int { sleepDeadlines.count }
    /// Effect tasks suspended only because they await child effect tasks of their own.
    package var waitingOnChildren = 0
    /// Effect tasks cancelled by id (or all at once) that have not ended yet: busy, whatever
    /// they were waiting on, until their cancellation has run its course.
    package var cancelling = 0
    /// Increases on every change.
    package var version: UInt64 = 0

    /// Whether the effects are idle when `asleep` of them sleep until a time still to come: none
    /// is being cancelled, and every running task sleeps or waits only on child tasks.
    package func isIdle(asleep: Int) -> Bool {
      cancelling == 0 && running == waitingOnChildren + asleep
    }
  }

  private struct Storage {
    var counts = Counts()
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let storage = Mutex(Storage())

  package init() {}

  /// The current counters.
  package var counts: Counts {
    storage.withLock { $0.counts }
  }

  /// Applies `change` and wakes every waiter.
  func update(_ change: (inout Counts) -> Void) {
    let waiters = storage.withLock { storage in
      change(&storage.counts)
      storage.counts.version &+= 1
      defer { storage.waiters.removeAll() }
      return storage.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Wakes every waiter without changing a counter: for outside sources of change such as a
  /// virtual clock gaining a sleeper.
  package func signal() {
    update { _ in }
  }

  /// Returns once `version` has moved past `version`.
  package func waitForChange(after version: UInt64) async {
    await withCheckedContinuation { continuation in
      let changed = storage.withLock { storage in
        if storage.counts.version != version { return true }
        storage.waiters.append(continuation)
        return false
      }
      if changed { continuation.resume() }
    }
  }
}
