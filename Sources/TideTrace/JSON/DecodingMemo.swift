import TideJSON

/// Values decoded before from large JSON lists and objects, found again by the storage that
/// holds their elements or members.
///
/// The inspector decodes the app's state at every step it shows. Steps near each other, and two
/// steps visited in turn, share their large lists: applying a change copies a list only when it
/// changes it, and the reader keeps the states it read. So a list of 100,000 items, which takes
/// longer to decode than the rest of a step together, is decoded once, then found again.
///
/// A list in other storage is found too when its JSON is the same: two parses of one list, or
/// a list made again with the same elements, decode to the same value. That holds for a type
/// whose decoding depends on the JSON alone, as a state's does; one that stored its
/// `codingPath`, or made a new identifier as it decoded, would get the value decoded first.
///
/// A value decoded is kept only once the decoding it was part of succeeded, unknown members
/// included, so a value found again was checked; one found by its content is kept for its new
/// storage at once, being a checked value already. Each is kept with the JSON it came from, so that storage
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
    /// How many elements or members: lists of another count are not compared.
    let count: Int

    /// The key of `json` decoded as `type`; `nil` for a value too small to be kept.
    init?<T>(of json: JSONValue, as type: T.Type, refusingUnknownMembers: Bool) {
      // The address is compared only, never read: it names the storage, which an entry keeps.
      switch json {
      case .array(let elements) where elements.count >= DecodingMemo.minimumCount:
        storage = elements.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
        count = elements.count
      case .object(let members) where members.count >= DecodingMemo.minimumCount:
        storage = members.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress!) }
        count = members.count
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

  /// The value kept for `json`, whose key is `key`, if any: from the same storage, or from
  /// other storage holding the same JSON (a snapshot parsed again, the start's list and a
  /// snapshot's, a list filtered and cleared), which decodes to the same value. Comparing two
  /// lists of 100,000 items costs a few milliseconds; decoding one, a hundred.
  func value(for key: Key, json: JSONValue) -> Any? {
    if let index = entries.lastIndex(where: { $0.key == key }) {
      let entry = entries.remove(at: index)
      entries.append(entry)
      return entry.value
    }
    let same = entries.lastIndex { entry in
      entry.key.type == key.type && entry.key.refusesUnknownMembers == key.refusesUnknownMembers
        && entry.key.count == key.count && entry.json == json
    }
    guard let same else { return nil }
    // Kept for this storage too: the steps that share it find it by its address.
    keep([Entry(key: key, json: json, value: entries[same].value)])
    return entries.last?.value
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
