import Synchronization

/// An effect task asleep on its store's clock (`send.sleep(for:)`, a delay inside a
/// concatenation): a timer entry like every other time effect, whose firing resumes the task.
///
/// So every sleep Tide makes for an effect, whatever the clock, waits in the clock's queue
/// (``TimerQueue`` or the ``VirtualClock``), is parked with the store's engine while it waits,
/// and comes due by the one route of every entry (``TimerEntry``): a test clock moved past it
/// before the sleep was taken, a virtual clock moved one sleeper at a time and a run loop that
/// wakes the main actor's timers are each handled once, in the queue, for sleeps as for timers.
///
/// It is not an effect of its own (its key is 0): the task that sleeps is, and stays running.
final class TaskSleep: TimerEntry, @unchecked Sendable {
  // @unchecked: its one mutable field is behind a mutex; the rest are `TimerEntry`'s.
  private enum State {
    case waiting
    case asleep(CheckedContinuation<Void, any Error>)
    case over
  }

  private let state = Mutex(State.waiting)

  init(engine: EffectEngine) {
    super.init(engine: engine, key: 0)
  }

  /// Suspends the calling task until the store's clock reads `deadline` (an offset from the
  /// store's start), or throws `CancellationError` once the task is cancelled.
  func sleep(until deadline: Duration) async throws {
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // Armed under the entry's lock, so a cancel either comes first (and the entry is never
        // armed) or finds it armed and takes it out. Arming never fires the entry on this
        // thread: a deadline already reached goes through a job on the store's actor.
        let cancelled = state.withLock { state -> Bool in
          guard case .waiting = state, !Task.isCancelled else {
            state = .over
            return true
          }
          state = .asleep(continuation)
          arm(at: deadline)
          return false
        }
        if cancelled { continuation.resume(throwing: CancellationError()) }
      }
    } onCancel: {
      guard let continuation = take() else { return }
      disarm()
      continuation.resume(throwing: CancellationError())
    }
  }

  /// The deadline came: the task is runnable from now on, and resumes.
  override func fire() {
    guard let continuation = take() else { return }
    unpark()
    continuation.resume()
  }

  /// The sleeping task's continuation, once: for whichever of the firing and the cancel
  /// comes first.
  private func take() -> CheckedContinuation<Void, any Error>? {
    state.withLock { state in
      defer { state = .over }
      guard case .asleep(let continuation) = state else { return nil }
      return continuation
    }
  }
}
