import TideJSON

extension JSONValue {
  /// How many values `self`'s lists and objects hold in storage that `other`'s do not share at
  /// the same place: what keeping `self` beside `other` costs, about (a list changed in place
  /// after the two were one value was copied whole, its elements' own storage still shared).
  /// A list's elements are matched from its start and from its end, so that one splice (an
  /// item removed from the front of 100,000) does not count every element after it as new.
  package func valuesNotShared(with other: JSONValue?) -> Int {
    switch self {
    case .array(let elements):
      guard case .array(let others)? = other else {
        return elements.count + elements.reduce(0) { $0 + $1.valuesNotShared(with: nil) }
      }
      if Self.sameStorage(elements, others) { return 0 }
      var count = elements.count
      // Matched from the start while an element's storage is the other's at the same index,
      // the rest from the end.
      var front = 0
      while front < min(elements.count, others.count), elements[front].isSharedStorage(with: others[front]) { front += 1 }
      let shift = others.count - elements.count
      for index in front..<elements.count {
        let match = index + shift
        count += elements[index].valuesNotShared(with: match >= front && match < others.count ? others[match] : nil)
      }
      return count
    case .object(let members):
      guard case .object(let others)? = other else {
        return members.count + members.reduce(0) { $0 + $1.value.valuesNotShared(with: nil) }
      }
      if Self.sameStorage(members, others) { return 0 }
      var count = members.count
      for index in members.indices {
        let same = index < others.count && others[index].key == members[index].key
        count += members[index].value.valuesNotShared(with: same ? others[index].value : nil)
      }
      return count
    default:
      return 0
    }
  }

  /// Whether both are lists or both objects in the same storage (`false` for other values,
  /// which hold none).
  private func isSharedStorage(with other: JSONValue) -> Bool {
    switch (self, other) {
    case (.array(let one), .array(let two)): Self.sameStorage(one, two)
    case (.object(let one), .object(let two)): Self.sameStorage(one, two)
    default: false
    }
  }

  private static func sameStorage<Element>(_ first: [Element], _ second: [Element]) -> Bool {
    first.count == second.count
      && first.withUnsafeBufferPointer { one in second.withUnsafeBufferPointer { $0.baseAddress == one.baseAddress } }
  }
}
