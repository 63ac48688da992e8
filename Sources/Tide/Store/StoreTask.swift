import Synchronization

/// The effects started by one `send`: await them with ``finish()`` or stop them with `cancel()` —
/// `await task.cancel()` returns once they have ended; without `await`, from synchronous code,
/// it only asks them to stop.
///
/// A task covers the effects of the action sent, of the actions handled in the same
/// synchronous drain (the follow-ups its `.send` effects queued), and of the actions those
/// effects send back, transitively.
public struct StoreTask: Sendable {
  @usableFromInline let group: EffectGroup?

  @usableFromInline
  init(group: EffectGroup?) {
    self.group = group
  }

  /// Waits until every effect the action started has finished (or was cancelled).
  public func finish() async {
    await group?.finish()
  }

  /// Cancels every effect the action started. A cancelled effect sends nothing more.
  public func cancel() {
    group?.cancel()
  }

  /// Cancels every effect the action started — and the effects of the actions they sent back —
  /// and returns once they have all ended, as TCA's `await task.cancel()` does.
  ///
  /// ```swift
  /// let task = store.send(.startListening)
  /// await task.cancel()  // the subscription has ended here
  /// ```
  public func cancel() async {
    guard let group else { return }
    group.cancel()
    await group.finish()
  }

  /// Whether effects the action started are still running.
  public var isRunning: Bool {
    group?.isRunning ?? false
  }

  /// How many effect tasks of this send are unfinished: what the task holds on to.
  package var unfinishedTaskCount: Int {
    group?.count ?? 0
  }
}

/// The unfinished effects that belong to one ``StoreTask``: tasks, and time effects waiting as
/// timer entries; each leaves when it ends.
@usableFromInline
final class EffectGroup: Sendable {
  private struct Member {
    /// `nil` for a timer entry, which has no task.
    let task: Task<Void, Never>?
    let lifetime: EffectLifetime
    /// Where a timer entry is cancelled (its queue entry removed and its end counted).
    let engine: EffectEngine?
  }

  private struct Storage {
    var members = SmallDictionary<UInt64, Member>()
    var isCancelled = false
    /// Waits of ``finish()``, resumed when the last member leaves.
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let storage = Mutex(Storage())

  /// Adds the effect `key` (`task` is `nil` for a timer entry of `engine`). Returns whether
  /// the group was already cancelled: its lifetime is then cancelled here, and the caller
  /// cancels the task or timer entry once it holds no lock — a task's cancellation handlers run
  /// on the cancelling thread, and one that takes the engine's lock (a sleep's) would find it
  /// held.
  func add(key: UInt64, task: Task<Void, Never>?, lifetime: EffectLifetime, engine: EffectEngine) -> Bool {
    let cancelled = storage.withLock { storage in
      storage.members[key] = Member(task: task, lifetime: lifetime, engine: task == nil ? engine : nil)
      return storage.isCancelled
    }
    if cancelled { lifetime.cancel() }
    return cancelled
  }

  func remove(key: UInt64) {
    let waiters = storage.withLock { storage -> [CheckedContinuation<Void, Never>] in
      guard storage.members.removeValue(forKey: key) != nil, storage.members.isEmpty else { return [] }
      defer { storage.waiters.removeAll() }
      return storage.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  var isRunning: Bool {
    storage.withLock { !$0.members.isEmpty }
  }

  var count: Int {
    storage.withLock { $0.members.count }
  }

  func finish() async {
    // Effects added while waiting (those of actions sent back) are waited for too: the wait
    // ends when the last member leaves.
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let done = storage.withLock { storage in
        if storage.members.isEmpty { return true }
        storage.waiters.append(continuation)
        return false
      }
      if done { continuation.resume() }
    }
  }

  func cancel() {
    let members = storage.withLock { storage in
      storage.isCancelled = true
      return Array(storage.members)
    }
    for (key, member) in members {
      member.lifetime.cancel()
      member.task?.cancel()
      member.engine?.cancel(tasks: [key])
    }
  }
}
