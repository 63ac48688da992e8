import Synchronization

/// Records what the reducer saw, to tell the test's own action from actions effects sent.
///
/// It belongs to one test store and is used by it, on the main actor, and by its store's
/// reducer, on the store's actor — the main actor, or a `StoreActor` of its own, which
/// records while the test store reads. So every field is read and written under one lock.
/// Its `State` crosses to the test store only when it is `Sendable`: a test store of the
/// `storeActor` shape requires it.
final class Recorder<State, Action: Sendable> {
  private struct Log {
    var expectsSentAction = false
    var sentState: State?
    var received: [(action: Action, state: State)] = []
    /// How many actions were recorded so far: a sign of progress.
    var recordedCount = 0
  }

  /// Guards `log`; a lock of no value, so that what it guards is read without a `sending`
  /// result crossing out of it.
  private let lock = Mutex(())
  private var log = Log()
  /// What the test store reports if it is released unfinished; the recorder keeps its
  /// unasserted actions.
  let leftovers: Leftovers<Action>
  /// Called when an effect's action was recorded: it wakes a `receive` waiting for it, which
  /// the effect's counters alone do not when the effect goes on running (a subscription). Set
  /// once, before the store is used.
  var onReceive: (() -> Void)?

  init(leftovers: Leftovers<Action>) {
    self.leftovers = leftovers
  }

  /// The actions effects sent that the test has not asserted yet, oldest first, each with the
  /// state right after it was reduced.
  var received: [(action: Action, state: State)] {
    var received: [(action: Action, state: State)] = []
    lock.withLock { _ in received = log.received }
    return received
  }

  /// How many actions were recorded so far: a sign of progress.
  var recordedCount: Int {
    var count = 0
    lock.withLock { _ in count = log.recordedCount }
    return count
  }

  /// Forgets the first `count` received actions, or all of them.
  func removeReceived(first count: Int? = nil) {
    var unasserted: [Action] = []
    lock.withLock { _ in
      log.received.removeFirst(count ?? log.received.count)
      unasserted = log.received.map(\.action)
    }
    leftovers.update { $0.unasserted = unasserted }
  }

  /// Sends the test's own action through `send`, on the store's actor, and returns what it
  /// returned with the state right after the reducer handled the action — `nil` if a
  /// before-reducer middleware dropped or delayed it.
  func recordingSent<Result>(_ send: () -> Result) -> (Result, State?) {
    lock.withLock { _ in log.expectsSentAction = true }
    let result = send()
    var state: State?
    lock.withLock { _ in
      log.expectsSentAction = false
      state = log.sentState
      log.sentState = nil
    }
    return (result, state)
  }

  func record(_ action: Action, state: State) {
    var unasserted: [Action]?
    lock.withLock { _ in
      log.recordedCount += 1
      if log.expectsSentAction {
        log.expectsSentAction = false
        log.sentState = state
      } else {
        log.received.append((action, state))
        unasserted = log.received.map(\.action)
      }
    }
    guard let unasserted else { return }
    leftovers.update { $0.unasserted = unasserted }
    onReceive?()
  }
}

// Safe: every field but `onReceive` is read and written under `lock`, and `onReceive` is set
// once, before the store that calls it is used, and calls a thread-safe scheduler. The states it
// holds cross between actors only in a test store of the `storeActor` shape, whose initializer
// requires them `Sendable`; in the other shapes the store and the test store share the main
// actor. What that shape needs: its reducer records on the store actor while the test store
// reads on the main actor.
extension Recorder: @unchecked Sendable {}
