/// Who is asleep on a ``VirtualClock``: earliest deadline first, equal deadlines in order of
/// arrival, in O(log n) a sleeper.
///
/// A binary min-heap of (deadline, id) beside the sleepers by id; one that leaves before its
/// deadline (a cancelled task, a disarmed timer) leaves the table at once and its heap item
/// when it reaches the top, or when the dead outnumber the living. A list scanned for its
/// earliest made 10,000 sessions' timeouts quadratic.
struct VirtualClockSleepers<Sleeper> {
  private struct Item {
    let deadline: Duration
    let id: UInt64
  }

  private var heap: [Item] = []
  private var sleepers: [UInt64: (sleeper: Sleeper, entry: ObjectIdentifier?)] = [:]
  /// The ids a timer entry is asleep under, by the entry's identity.
  private var entryIDs: [ObjectIdentifier: [UInt64]] = [:]

  var count: Int { sleepers.count }

  mutating func insert(_ sleeper: Sleeper, id: UInt64, deadline: Duration, entry: AnyObject?) {
    let key = entry.map(ObjectIdentifier.init)
    sleepers[id] = (sleeper, key)
    if let key { entryIDs[key, default: []].append(id) }
    heap.append(Item(deadline: deadline, id: id))
    var child = heap.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard Self.isEarlier(heap[child], heap[parent]) else { break }
      heap.swapAt(child, parent)
      child = parent
    }
  }

  /// The earliest deadline of a sleeper, if any.
  mutating func earliestDeadline() -> Duration? {
    dropDeadTop()
    return heap.first?.deadline
  }

  /// Takes out the earliest sleeper, if its deadline is not after `limit`.
  mutating func removeEarliest(notAfter limit: Duration) -> Sleeper? {
    dropDeadTop()
    guard let first = heap.first, first.deadline <= limit else { return nil }
    popFirst()
    return take(first.id)
  }

  /// Takes out the sleeper `id`, if it is still asleep.
  mutating func remove(id: UInt64) -> Sleeper? {
    guard let sleeper = take(id) else { return nil }
    compactIfMostlyDead()
    return sleeper
  }

  /// Takes out the sleeper of `entry` that arrived first, if any.
  mutating func remove(entry: AnyObject) -> Sleeper? {
    guard let id = entryIDs[ObjectIdentifier(entry)]?.first else { return nil }
    return remove(id: id)
  }

  private mutating func take(_ id: UInt64) -> Sleeper? {
    guard let (sleeper, entry) = sleepers.removeValue(forKey: id) else { return nil }
    if let entry {
      entryIDs[entry]?.removeAll { $0 == id }
      if entryIDs[entry]?.isEmpty == true { entryIDs[entry] = nil }
    }
    return sleeper
  }

  private mutating func dropDeadTop() {
    while let first = heap.first, sleepers[first.id] == nil { popFirst() }
  }

  private mutating func compactIfMostlyDead() {
    guard heap.count > 64, heap.count > 2 * sleepers.count else { return }
    heap.removeAll { sleepers[$0.id] == nil }
    for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(from: index) }
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
