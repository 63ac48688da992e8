/// A dictionary that keeps a single entry inline and makes a `Dictionary` only for a second.
///
/// A store's effect tables (its running effects, their ids, its sleepers, a send's group) hold
/// one entry most of the time — a session's pending timeout — and a `Dictionary` of one entry is
/// a heap object of about 100–160 bytes: for 100,000 stores, tens of megabytes spent on tables
/// of one. Order of iteration is unspecified, as a dictionary's.
struct SmallDictionary<Key: Hashable, Value> {
  fileprivate enum Storage {
    case empty
    case one(Key, Value)
    case many([Key: Value])
  }

  private var storage = Storage.empty

  init() {}

  var isEmpty: Bool {
    if case .empty = storage { return true }
    return false
  }

  var count: Int {
    switch storage {
    case .empty: 0
    case .one: 1
    case .many(let dictionary): dictionary.count
    }
  }

  subscript(key: Key) -> Value? {
    get {
      switch storage {
      case .empty: return nil
      case .one(let only, let value): return only == key ? value : nil
      case .many(let dictionary): return dictionary[key]
      }
    }
    set {
      guard let newValue else {
        removeValue(forKey: key)
        return
      }
      switch storage {
      case .empty:
        storage = .one(key, newValue)
      case .one(let only, let value):
        storage = only == key ? .one(key, newValue) : .many([only: value, key: newValue])
      case .many(var dictionary):
        // Emptied first, so the dictionary is uniquely referenced and changes in place.
        storage = .empty
        dictionary[key] = newValue
        storage = .many(dictionary)
      }
    }
  }

  subscript(key: Key, default defaultValue: @autoclosure () -> Value) -> Value {
    get { self[key] ?? defaultValue() }
    set { self[key] = newValue }
  }

  @discardableResult
  mutating func removeValue(forKey key: Key) -> Value? {
    switch storage {
    case .empty:
      return nil
    case .one(let only, let value):
      guard only == key else { return nil }
      storage = .empty
      return value
    case .many(var dictionary):
      storage = .empty
      let removed = dictionary.removeValue(forKey: key)
      // Back to nothing on the heap once a single entry is left.
      if dictionary.count == 1, let (only, value) = dictionary.first {
        storage = .one(only, value)
      } else if !dictionary.isEmpty {
        storage = .many(dictionary)
      }
      return removed
    }
  }

  mutating func removeAll() {
    storage = .empty
  }

  // Switched on directly rather than through the iterator, whose closure box is an
  // allocation: a timer's end reads the groups of its entry, almost always none or one.
  var keys: [Key] {
    switch storage {
    case .empty: []
    case .one(let key, _): [key]
    case .many(let dictionary): Array(dictionary.keys)
    }
  }

  var values: [Value] {
    switch storage {
    case .empty: []
    case .one(_, let value): [value]
    case .many(let dictionary): Array(dictionary.values)
    }
  }
}

extension SmallDictionary: Sequence {
  func makeIterator() -> AnyIterator<(key: Key, value: Value)> {
    switch storage {
    case .empty:
      return AnyIterator { nil }
    case .one(let key, let value):
      var done = false
      return AnyIterator {
        if done { return nil }
        done = true
        return (key, value)
      }
    case .many(let dictionary):
      var iterator = dictionary.makeIterator()
      return AnyIterator { iterator.next() }
    }
  }
}

extension SmallDictionary: Sendable where Key: Sendable, Value: Sendable {}

extension SmallDictionary.Storage: Sendable where Key: Sendable, Value: Sendable {}
