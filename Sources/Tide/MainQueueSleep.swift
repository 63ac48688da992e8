import Dispatch
import Synchronization

/// Sleeps for `duration` by a timer on the main dispatch queue — the queue the main actor runs
/// on — and resumes the caller from there.
///
/// Why: a sleep on the standard library's clocks wakes a thread of the cooperative pool, which
/// wakes the main actor's thread to deliver what the sleeper sends (a timer tick, always sent
/// to the store on the main actor). Caller isolated to the main actor, this wakes that thread
/// alone.
@MainActor
func sleepOnMainQueue(for duration: Duration) async throws {
  let wake = MainQueueWake()
  // The operation is the main actor's too, so the task suspends (and resumes) there.
  try await withTaskCancellationHandler { @MainActor in
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
      wake.arm(continuation, after: duration)
    }
  } onCancel: {
    wake.cancel()
  }
}

/// One pending main-queue wake: resumed exactly once, by its timer or by cancellation,
/// whichever comes first.
private final class MainQueueWake: Sendable {
  private struct State {
    var continuation: CheckedContinuation<Void, any Error>?
    var isCancelled = false
  }

  private let state = Mutex(State())

  func arm(_ continuation: CheckedContinuation<Void, any Error>, after duration: Duration) {
    let cancelledAlready = state.withLock { state in
      if state.isCancelled { return true }
      state.continuation = continuation
      return false
    }
    if cancelledAlready {
      continuation.resume(throwing: CancellationError())
      return
    }
    let (seconds, attoseconds) = duration.components
    let nanoseconds = seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds))) { [self] in
      take()?.resume()
    }
  }

  func cancel() {
    let continuation = state.withLock { state in
      state.isCancelled = true
      return state.continuation.take()
    }
    continuation?.resume(throwing: CancellationError())
  }

  private func take() -> CheckedContinuation<Void, any Error>? {
    state.withLock { $0.continuation.take() }
  }
}
