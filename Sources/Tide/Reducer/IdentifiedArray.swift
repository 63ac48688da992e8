import OrderedCollections

/// An ordered collection of identifiable elements, each reachable by its id in constant time:
/// the collection ``Reducer/forEach(_:action:element:)`` runs an element reducer in.
///
/// The same names as swift-identified-collections' `IdentifiedArray`, for the part a feature
/// uses — `IdentifiedArrayOf<Row.State>`, `rows[id: id]`, `rows.remove(id: id)`, `ids` — so
/// code written for The Composable Architecture reads unchanged. Tide has its own, over
/// swift-collections' `OrderedDictionary`, because swift-identified-collections' module
/// references Foundation's `IndexSet`, and SwiftPM links every object of a dependency: every
/// app using Tide would carry full Foundation, CoreFoundation and ICU in its binary and its
/// resident memory. A file that imports both modules names this one `Tide.IdentifiedArray`.
///
/// ```swift
/// struct State: Equatable {
///   var rows: IdentifiedArrayOf<Row.State> = []
/// }
/// state.rows[id: 3]?.isDone.toggle()
/// state.rows.remove(id: 3)
/// ```
public struct IdentifiedArray<ID, Element: Identifiable> where Element.ID == ID {
  @usableFromInline var storage: OrderedDictionary<ID, Element>

  /// An empty collection.
  @inlinable
  public init() {
    storage = [:]
  }

  /// A collection of `elements`, whose ids must all differ.
  @inlinable
  public init(uniqueElements elements: some Sequence<Element>) {
    storage = OrderedDictionary(uniqueKeysWithValues: elements.lazy.map { ($0.id, $0) })
  }

  /// A collection of `elements`, where `combine` decides which of two elements of one id stays
  /// (in the place of the first).
  @inlinable
  public init(
    _ elements: some Sequence<Element>, uniquingIDsWith combine: (Element, Element) throws -> Element
  ) rethrows {
    storage = try OrderedDictionary(elements.lazy.map { ($0.id, $0) }, uniquingKeysWith: combine)
  }

  /// The ids of the elements, in order.
  @inlinable
  public var ids: OrderedSet<ID> { storage.keys }

  /// The elements, in order.
  @inlinable
  public var elements: [Element] { storage.values.elements }

  /// The element whose id is `id`, or `nil`. Setting `nil` removes it; setting an element for
  /// an id not in the collection appends it.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get { storage[id] }
    _modify { yield &storage[id] }
    set { storage[id] = newValue }
  }

  /// The position of the element whose id is `id`, or `nil`.
  @inlinable
  public func index(id: ID) -> Int? {
    storage.index(forKey: id)
  }

  /// Appends `element` unless an element of its id is there already; returns whether it was
  /// inserted and the position of the element with that id.
  @inlinable
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    if let index = storage.index(forKey: element.id) { return (false, index) }
    storage[element.id] = element
    return (true, storage.count - 1)
  }

  /// Inserts `element` at `index` unless an element of its id is there already; returns whether
  /// it was inserted and the position of the element with that id.
  @inlinable
  @discardableResult
  public mutating func insert(_ element: Element, at index: Int) -> (inserted: Bool, index: Int) {
    if let existing = storage.index(forKey: element.id) { return (false, existing) }
    _ = storage.updateValue(element, forKey: element.id, insertingAt: index)
    return (true, index)
  }

  /// Removes the element whose id is `id` and returns it, or `nil` when there is none.
  @inlinable
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    storage.removeValue(forKey: id)
  }

  /// Removes the element at `index` and returns it.
  @inlinable
  @discardableResult
  public mutating func remove(at index: Int) -> Element {
    storage.remove(at: index).value
  }

  /// Removes every element for which `shouldBeRemoved` is true, keeping the others' order.
  @inlinable
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    try storage.removeAll { try shouldBeRemoved($0.value) }
  }

  /// Removes every element.
  @inlinable
  public mutating func removeAll() {
    storage.removeAll()
  }
}

/// An ``IdentifiedArray`` of `Element`s identified by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: RandomAccessCollection, MutableCollection {
  /// The position of the first element: 0.
  @inlinable public var startIndex: Int { 0 }
  /// The position after the last element: the count.
  @inlinable public var endIndex: Int { storage.count }

  /// The element at `position`. An element set here must keep the id of the one it replaces.
  @inlinable
  public subscript(position: Int) -> Element {
    get { storage.values[position] }
    set {
      precondition(
        newValue.id == storage.keys[position],
        "An element set at a position of an IdentifiedArray must keep the id of the one it replaces")
      storage.values[position] = newValue
    }
  }

  // Elements move with their ids: the algorithms of `MutableCollection` that move elements by
  // assigning them to other positions would break the ids' order, so these move both.

  /// Exchanges the elements at `i` and `j`.
  @inlinable
  public mutating func swapAt(_ i: Int, _ j: Int) {
    storage.swapAt(i, j)
  }

  /// Sorts the elements in place, their ids with them.
  @inlinable
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try storage.sort { try areInIncreasingOrder($0.value, $1.value) }
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// A collection of the literal's elements, whose ids must all differ.
  @inlinable
  public init(arrayLiteral elements: Element...) {
    self.init(uniqueElements: elements)
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  @inlinable
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.storage.values.elements == rhs.storage.values.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  @inlinable
  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.values.elements)
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array.
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    try elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array of elements, whose ids must all differ.
  @inlinable
  public init(from decoder: any Decoder) throws {
    let elements = try [Element](from: decoder)
    self.init()
    for element in elements where !append(element).inserted {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: "Duplicate element id \(element.id)"))
    }
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements, written as an array's.
  public var description: String { elements.description }
}

extension IdentifiedArray: CustomReflectable {
  /// Reflects as an array of the elements, so dumps and diffs show the elements, not storage.
  public var customMirror: Mirror {
    Mirror(self, unlabeledChildren: elements, displayStyle: .collection)
  }
}
