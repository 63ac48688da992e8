import Synchronization

/// The effects started by one `send`: await them with ``finish()`` or stop them with
/// ``cancel()``.
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

/// The unfinished tasks that belong to one ``StoreTask``; a task leaves when it ends.
@usableFromInline
final class EffectGroup: Sendable {
  private struct Storage {
    var tasks: [UInt64: (task: Task<Void, Never>, lifetime: EffectLifetime)] = [:]
    var isCancelled = false
  }

  private let storage = Mutex(Storage())

  func add(key: UInt64, task: Task<Void, Never>, lifetime: EffectLifetime) {
    let cancelled = storage.withLock { storage in
      storage.tasks[key] = (task, lifetime)
      return storage.isCancelled
    }
    if cancelled {
      lifetime.cancel()
      task.cancel()
    }
  }

  func remove(key: UInt64) {
    _ = storage.withLock { $0.tasks.removeValue(forKey: key) }
  }

  var isRunning: Bool {
    storage.withLock { !$0.tasks.isEmpty }
  }

  var count: Int {
    storage.withLock { $0.tasks.count }
  }

  func finish() async {
    // A task removes itself before it ends, so each await makes progress; tasks added while
    // waiting (effects of actions sent back) are awaited too.
    while let next = storage.withLock({ $0.tasks.first?.value.task }) {
      await next.value
    }
  }

  func cancel() {
    let tasks = storage.withLock { storage in
      storage.isCancelled = true
      return Array(storage.tasks.values)
    }
    for entry in tasks {
      entry.lifetime.cancel()
      entry.task.cancel()
    }
  }
}
