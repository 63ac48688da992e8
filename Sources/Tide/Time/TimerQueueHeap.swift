/// The deadlines of a ``TimerQueue``: a binary min-heap of (deadline, sequence, entry), earliest
/// first, equal deadlines in the order they were armed.
///
/// A type of its own, not generic and not nested in the generic queue: nested there, every
/// comparison, swap and copy of an item went through the value witnesses of a generic type —
/// most of the cost of draining 100,000 timers due at once (issue 27).
struct TimerQueueHeap {
  struct Item {
    let deadline: Duration
    /// The arm this item is of: the entry's ``TimerEntry/queueSequence`` while it is live.
    let sequence: UInt64
    let entry: TimerEntry

    /// Not cancelled, nor armed again, since this item was pushed.
    var isLive: Bool { entry.queueSequence.load(ordering: .relaxed) == sequence }
  }

  private(set) var items: [Item] = []

  var isEmpty: Bool { items.isEmpty }
  var count: Int { items.count }
  var first: Item? { items.first }

  mutating func removeAll() { items.removeAll() }

  mutating func push(_ item: Item) {
    items.append(item)
    items.withUnsafeMutableBufferPointer { items in
      var child = items.count - 1
      while child > 0 {
        let parent = (child - 1) / 2
        guard Self.isEarlier(items, child, parent) else { break }
        items.swapAt(child, parent)
        child = parent
      }
    }
  }

  /// Takes out every item due at `now`, live ones returned in deadline order; `deadSkipped`
  /// counts the dead ones dropped on the way.
  ///
  /// A pop each, even for a burst of 100,000: a pop moves items without retaining them, where
  /// sorting the burst retained and released each entry at every comparison.
  mutating func takeDue(atOrBefore now: Duration, deadSkipped: inout Int) -> [Item] {
    var due: [Item] = []
    while let item = popDue(atOrBefore: now, deadSkipped: &deadSkipped) { due.append(item) }
    return due
  }

  /// Takes out the earliest live item due at `now`, if there is one; `deadSkipped` counts the
  /// dead ones dropped on the way.
  mutating func popDue(atOrBefore now: Duration, deadSkipped: inout Int) -> Item? {
    while let first = items.first, first.deadline <= now {
      let item = popFirst()
      if item.isLive { return item }
      deadSkipped += 1
    }
    return nil
  }

  /// Drops the items no longer live and makes a heap of the rest.
  mutating func removeDead() {
    items.removeAll { !$0.isLive }
    heapify()
  }

  private mutating func popFirst() -> Item {
    items.swapAt(0, items.count - 1)
    let first = items.removeLast()
    siftDown(from: 0)
    return first
  }

  private mutating func siftDown(from start: Int) {
    items.withUnsafeMutableBufferPointer { Self.siftDown(from: start, in: $0) }
  }

  /// Through the buffer: an item is compared by its fields in place and swapped by moving it,
  /// so the entries are not retained and released at each step — touching 100,000 entries'
  /// reference counts at every level was most of the cost of a drain.
  private static func siftDown(from start: Int, in items: UnsafeMutableBufferPointer<Item>) {
    var parent = start
    let count = items.count
    while true {
      let left = 2 * parent + 1
      guard left < count else { return }
      var earliest = left
      if left + 1 < count, isEarlier(items, left + 1, left) { earliest = left + 1 }
      guard isEarlier(items, earliest, parent) else { return }
      items.swapAt(parent, earliest)
      parent = earliest
    }
  }

  /// Whether the item at `index` is due before the one at `other`: by deadline, then by the
  /// order they were armed.
  @inline(__always)
  private static func isEarlier(_ items: UnsafeMutableBufferPointer<Item>, _ index: Int, _ other: Int) -> Bool {
    let deadline = items[index].deadline, otherDeadline = items[other].deadline
    return deadline < otherDeadline || (deadline == otherDeadline && items[index].sequence < items[other].sequence)
  }

  private mutating func heapify() {
    guard items.count > 1 else { return }
    items.withUnsafeMutableBufferPointer { items in
      for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { Self.siftDown(from: index, in: items) }
    }
  }
}
