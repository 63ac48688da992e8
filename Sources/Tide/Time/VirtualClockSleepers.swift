/// Who is asleep on a ``VirtualClock``: earliest deadline first, equal deadlines in order of
/// arrival, in O(log n) a sleeper.
///
/// A binary min-heap of (deadline, id). Two kinds sleep there:
/// - A store's timer entry, armed once at a time as on ``TimerQueue``: its `queueSequence` is
///   the id of its live arm, so arming it again replaces that arm, and a heap item is live
///   while the ids agree. A tick takes no table and no hashing.
/// - A task in `sleep(until:)`, kept in a table by id for its cancellation.
///
/// One that leaves before its deadline (a cancelled task, a disarmed timer) leaves its heap
/// item behind, dropped when it reaches the top or when the dead outnumber the living. A list
/// scanned for its earliest made 10,000 sessions' timeouts quadratic.
struct VirtualClockSleepers<TaskSleeper> {
  /// A sleeper whose deadline came.
  enum Woken {
    case task(TaskSleeper)
    case entry(TimerEntry)
  }

  private struct Item {
    let deadline: Duration
    let id: UInt64
    /// The timer entry, or `nil` for a task (in `tasks`).
    let entry: TimerEntry?
  }

  private var heap: [Item] = []
  private var tasks: [UInt64: TaskSleeper] = [:]
  private var liveEntries = 0

  var count: Int { tasks.count + liveEntries }

  /// Puts a task to sleep until `deadline`.
  mutating func insert(task: TaskSleeper, id: UInt64, deadline: Duration) {
    tasks[id] = task
    push(Item(deadline: deadline, id: id, entry: nil))
  }

  /// Arms `entry` for `deadline` under `id`, in place of its earlier arm if it has one.
  /// Called under the clock's lock, which every access to the entry's arm takes.
  mutating func insert(entry: TimerEntry, id: UInt64, deadline: Duration) {
    if entry.queueSequence.exchange(id, ordering: .relaxed) == 0 { liveEntries += 1 }
    push(Item(deadline: deadline, id: id, entry: entry))
  }

  /// The earliest deadline of a sleeper, if any.
  mutating func earliestDeadline() -> Duration? {
    dropDeadTop()
    return heap.first?.deadline
  }

  /// Takes out the earliest sleeper, if its deadline is not after `limit`.
  mutating func removeEarliest(notAfter limit: Duration) -> (deadline: Duration, woken: Woken)? {
    dropDeadTop()
    guard let first = heap.first, first.deadline <= limit else { return nil }
    popFirst()
    if let entry = first.entry {
      entry.queueSequence.store(0, ordering: .relaxed)
      liveEntries -= 1
      return (first.deadline, .entry(entry))
    }
    guard let task = tasks.removeValue(forKey: first.id) else { return nil }
    return (first.deadline, .task(task))
  }

  /// Takes out the task asleep under `id`, if it is still asleep.
  mutating func remove(taskID id: UInt64) -> TaskSleeper? {
    guard let task = tasks.removeValue(forKey: id) else { return nil }
    compactIfMostlyDead()
    return task
  }

  /// Disarms `entry`; returns whether it was armed.
  mutating func remove(entry: TimerEntry) -> Bool {
    guard entry.queueSequence.exchange(0, ordering: .relaxed) != 0 else { return false }
    liveEntries -= 1
    compactIfMostlyDead()
    return true
  }

  private static func isLive(_ item: Item, tasks: [UInt64: TaskSleeper]) -> Bool {
    if let entry = item.entry { return entry.queueSequence.load(ordering: .relaxed) == item.id }
    return tasks[item.id] != nil
  }

  private mutating func dropDeadTop() {
    while let first = heap.first, !Self.isLive(first, tasks: tasks) { popFirst() }
  }

  private mutating func compactIfMostlyDead() {
    guard heap.count > 64, heap.count > 2 * count else { return }
    let tasks = self.tasks
    heap.removeAll { !Self.isLive($0, tasks: tasks) }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
  }

  private mutating func push(_ item: Item) {
    heap.append(item)
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.isEarlier(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func popFirst() {
    heap.swapAt(0, heap.count - 1)
    heap.removeLast()
    siftDown(from: 0)
  }

  private mutating func siftDown(from start: Int) {
    var parent = start
    while true {
      let left = 2 * parent + 1
      guard left < heap.count else { return }
      var earliest = left
      if left + 1 < heap.count, Self.isEarlier(heap[left + 1], heap[left]) { earliest = left + 1 }
      guard Self.isEarlier(heap[earliest], heap[parent]) else { return }
      heap.swapAt(parent, earliest)
      parent = earliest
    }
  }

  private static func isEarlier(_ item: Item, _ other: Item) -> Bool {
    item.deadline < other.deadline || (item.deadline == other.deadline && item.id < other.id)
  }
}
