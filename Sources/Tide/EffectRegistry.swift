import Synchronization

/// The running effect tasks of one store, by cancellation id.
///
/// Tasks register and unregister themselves from any thread, so the table lives behind a
/// mutex rather than on the main actor: a finishing task must not need a hop to be forgotten.
final class EffectRegistry: Sendable {
  private struct Storage {
    var nextKey: UInt64 = 0
    var tasks: [UInt64: (task: Task<Void, Never>, ids: [EffectID])] = [:]
    var keysByID: [EffectID: Set<UInt64>] = [:]
    var cancelledKeys: Set<UInt64> = []
    var finishedEarly: Set<UInt64> = []
    var background: [Task<Void, Never>] = []
    var isClosed = false
  }

  private let storage = Mutex(Storage())
  let activity: EffectActivity

  init(activity: EffectActivity) {
    self.activity = activity
  }

  /// Starts `body` as a task registered under `ids`, counted as running until it returns.
  @discardableResult
  func spawn(
    ids: [EffectID], priority: TaskPriority?, _ body: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never> {
    activity.update { $0.running += 1 }
    return storage.withLock { storage in
      storage.nextKey += 1
      let key = storage.nextKey
      let task = Task(priority: priority) { [self] in
        await body()
        self.finish(key)
      }
      if storage.finishedEarly.remove(key) == nil {
        storage.tasks[key] = (task, ids)
        for id in ids { storage.keysByID[id, default: []].insert(key) }
      }
      if storage.isClosed { task.cancel() }
      return task
    }
  }

  private func finish(_ key: UInt64) {
    let wasCancelled = storage.withLock { storage -> Bool in
      guard let entry = storage.tasks.removeValue(forKey: key) else {
        storage.finishedEarly.insert(key)
        return false
      }
      for id in entry.ids {
        storage.keysByID[id]?.remove(key)
        if storage.keysByID[id]?.isEmpty == true { storage.keysByID[id] = nil }
      }
      return storage.cancelledKeys.remove(key) != nil
    }
    activity.update {
      $0.running -= 1
      if wasCancelled { $0.cancelling -= 1 }
    }
  }

  /// Cancels the tasks with `keys`, counting each as cancelling until it ends.
  private func cancel(keys: (inout Storage) -> [UInt64]) {
    let (tasks, newlyCancelled) = storage.withLock { storage in
      var tasks: [Task<Void, Never>] = []
      var newlyCancelled = 0
      for key in keys(&storage) {
        guard let task = storage.tasks[key]?.task else { continue }
        tasks.append(task)
        if storage.cancelledKeys.insert(key).inserted { newlyCancelled += 1 }
      }
      return (tasks, newlyCancelled)
    }
    if newlyCancelled > 0 { activity.update { $0.cancelling += newlyCancelled } }
    for task in tasks { task.cancel() }
  }

  /// Cancels every task registered under `id`.
  func cancel(id: EffectID) {
    cancel { Array($0.keysByID[id] ?? []) }
  }

  /// The tasks running under `id` now.
  func tasks(id: EffectID) -> [Task<Void, Never>] {
    storage.withLock { storage in
      (storage.keysByID[id] ?? []).compactMap { storage.tasks[$0]?.task }
    }
  }

  /// Cancels every running effect task; the store stays usable.
  func cancelAll() {
    cancel { Array($0.tasks.keys) }
  }

  /// Keeps a long-lived task (an epic) that is cancelled with the store but not counted as a
  /// running effect.
  func adopt(_ task: Task<Void, Never>) {
    let closed = storage.withLock { storage in
      storage.background.append(task)
      return storage.isClosed
    }
    if closed { task.cancel() }
  }

  /// Cancels every task and every task started from now on: the store is gone.
  func close() {
    let tasks = storage.withLock { storage in
      storage.isClosed = true
      return storage.tasks.values.map(\.task) + storage.background
    }
    for task in tasks { task.cancel() }
  }
}
