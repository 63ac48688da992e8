import TideJSON

/// Values decoded before from large JSON lists and objects, found again by the storage that
/// holds their elements or members.
///
/// The inspector decodes the app's state at every step it shows. Steps near each other, and two
/// steps visited in turn, share their large lists: applying a change copies a list only when it
/// changes it, and the reader keeps the states it read. So a list of 100,000 items, which takes
/// longer to decode than the rest of a step together, is decoded once, then found again.
///
/// A value is kept only once the decoding it was part of succeeded, unknown members included:
/// a value found again was checked. Each is kept with the JSON it came from, so that storage
/// cannot be freed and reused for other JSON while the value is kept; the last ``capacity``
/// values found or decoded are kept. A reader that browses has one (``TraceReader/decodingMemo``);
/// a question asked once has none, which would only pay for the memory.
package final class DecodingMemo {
  /// The fewest elements or members a list or object needs to be kept: a smaller one decodes
  /// in about the time a lookup takes.
  static let minimumCount = 1024
  /// How many values are kept: each holds a large list twice, as JSON and decoded. Eight keep
  /// two states of up to four large lists each (tide-list's state has three), so going back
  /// and forth between two steps decodes neither again.
  let capacity: Int
  /// The most recently used last.
  private var entries: [Entry] = []

  package init(capacity: Int = 8) {
    self.capacity = max(1, capacity)
  }

  /// A list's or object's storage, the type decoded from it, and whether that decoding refused
  /// unknown members (a value decoded without that check is not found by one with it).
  struct Key: Equatable {
    let storage: UnsafeRawPointer
    let type: ObjectIdentifier
    let refusesUnknownMembers: Bool

    /// The key of `json` decoded as `type`; `nil` for a value too small to be kept.
    init?<T>(of json: JSONValue, as type: T.Type, refusingUnknownMembers: Bool) {
      // The address is compared only, never read: it names the storage, which an entry keeps.
      switch json {
      case .array(let elements) where elements.count >= DecodingMemo.minimumCount:
        storage = elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
      case .object(let members) where members.count >= DecodingMemo.minimumCount:
        storage = members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
      default:
        return nil
      }
      self.type = ObjectIdentifier(type)
      refusesUnknownMembers = refusingUnknownMembers
    }
  }

  struct Entry {
    let key: Key
    /// Holds the storage the key names.
    let json: JSONValue
    let value: Any
  }

  /// The value kept for `key`, if any.
  func value(for key: Key) -> Any? {
    guard let index = entries.lastIndex(where: { $0.key == key }) else { return nil }
    let entry = entries.remove(at: index)
    entries.append(entry)
    return entry.value
  }

  /// Keeps `decoded`, as the most recently used, letting the least recently used go beyond
  /// ``capacity``.
  func keep(_ decoded: [Entry]) {
    for entry in decoded {
      entries.removeAll { $0.key == entry.key }
      entries.append(entry)
    }
    if entries.count > capacity { entries.removeFirst(entries.count - capacity) }
  }
}
