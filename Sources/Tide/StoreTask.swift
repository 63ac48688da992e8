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

  /// Cancels every effect the action started.
  public func cancel() {
    group?.cancel()
  }
}

/// The tasks that belong to one ``StoreTask``.
@usableFromInline
final class EffectGroup: Sendable {
  private struct Storage {
    var tasks: [Task<Void, Never>] = []
    var isCancelled = false
  }

  private let storage = Mutex(Storage())

  func add(_ task: Task<Void, Never>) {
    let cancelled = storage.withLock { storage in
      storage.tasks.append(task)
      return storage.isCancelled
    }
    if cancelled { task.cancel() }
  }

  func finish() async {
    var awaited = 0
    while let next = storage.withLock({ $0.tasks.count > awaited ? $0.tasks[awaited] : nil }) {
      await next.value
      awaited += 1
    }
  }

  func cancel() {
    let tasks = storage.withLock { storage in
      storage.isCancelled = true
      return storage.tasks
    }
    for task in tasks { task.cancel() }
  }
}
