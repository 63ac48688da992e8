/// Where each change of an action line lies, and its path (``ActionLineParts/changes``): the
/// first held in place, the others in an array, so a line of one change — most of a session's
/// lines — is taken apart without an allocation.
package struct ChangeRanges: Sequence {
  package typealias Element = (change: Range<Int>, path: Range<Int>)

  private var first: Element?
  private var others: [Element] = []

  /// How many changes the line has.
  package var count: Int { first == nil ? 0 : 1 + others.count }

  mutating func append(_ element: Element) {
    if first == nil { first = element } else { others.append(element) }
  }

  package func makeIterator() -> Iterator { Iterator(ranges: self) }

  package struct Iterator: IteratorProtocol {
    fileprivate let ranges: ChangeRanges
    fileprivate var index = 0

    package mutating func next() -> Element? {
      defer { index += 1 }
      if index == 0 { return ranges.first }
      return index <= ranges.others.count ? ranges.others[index - 1] : nil
    }
  }
}
