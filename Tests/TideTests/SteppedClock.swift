import Synchronization

/// A clock a test moves by hand, synchronously, with swift-clocks' `TestClock`'s rule for a
/// sleep registered late: one until a time the clock has already reached exactly waits for the
/// clock's next move. Moving it never yields, so a test can move it at the exact instant a race
/// needs — right after `send` returns, or from an observer while an action is being handled.
final class SteppedClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Self { Self(offset: offset + duration) }
    func duration(to other: Self) -> Duration { other.offset - offset }
    static func < (lhs: Self, rhs: Self) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    let id: Int
    let deadline: Duration
    let continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Duration.zero
    var nextID = 0
    var sleepers: [Sleeper] = []
  }

  private let state = Mutex(State())

  var now: Instant { Instant(offset: state.withLock { $0.now }) }
  var minimumResolution: Duration { .zero }

  /// How many sleeps are registered now.
  var sleeperCount: Int { state.withLock { $0.sleepers.count } }

  func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let endsNow = state.withLock { state in
          guard deadline.offset >= state.now else { return true }
          state.sleepers.append(Sleeper(id: id, deadline: deadline.offset, continuation: continuation))
          return false
        }
        if endsNow { continuation.resume() }
      }
    } onCancel: {
      let cancelled = state.withLock { state in
        state.sleepers.firstIndex { $0.id == id }.map { state.sleepers.remove(at: $0) }
      }
      cancelled?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock to `offset` and ends every sleep registered until then.
  func move(to offset: Duration) {
    let due = state.withLock { state in
      state.now = offset
      let due = state.sleepers.filter { $0.deadline <= offset }
      state.sleepers.removeAll { $0.deadline <= offset }
      return due
    }
    for sleeper in due { sleeper.continuation.resume() }
  }
}
