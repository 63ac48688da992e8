import TideJSON

/// The encoder a ``DiffNode`` runs a value's `encode(to:)` into, one level deep: to read the
/// parts of a value seen for the first time (``shape(of:)``), or to compare a new value's parts
/// with the node's as they are handed over (``compare(_:with:in:)``).
final class DiffEncoder: Encoder {
  private enum Mode {
    case read(DiffContext)
    case compare(DiffContext)
  }

  fileprivate enum Kind {
    case none, null, single, keyed, unkeyed, tree
  }

  // The properties below are `@exclusivity(unchecked)`: an encoder is used by one walk on one
  // thread (the trace writer's), each access of them is a read or a write that ends before the
  // next begins (none is passed `inout` across a call, none is read while a call that writes it
  // runs), and the runtime's check of each cost the writer 3,000 instructions an action.
  private let mode: Mode
  /// What the value handed over (reading), or what it is to hand over (comparing).
  @exclusivity(unchecked) private var kind: Kind
  @exclusivity(unchecked) private var members: [DiffNode.Member] = []
  @exclusivity(unchecked) private var elements: [DiffNode] = []
  @exclusivity(unchecked) private var single: DiffNode?
  /// Comparing: the members or elements compared so far, and whether the single value came.
  @exclusivity(unchecked) private var position = 0
  @exclusivity(unchecked) private var hasSingle = false
  /// Comparing: `false` once the value handed over something the node's shape does not have,
  /// or a part of it failed to encode (an error its `encode(to:)` may have caught).
  @exclusivity(unchecked) private var matches = true
  /// Comparing: whether the value asked for a container at all (one that asks for none is
  /// `{}`, whatever it replaces).
  @exclusivity(unchecked) private var hasBegun = false

  let codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  private init(reading context: DiffContext) {
    mode = .read(context)
    kind = .none
  }

  private init(comparing shape: DiffNode.Shape, in context: DiffContext) {
    mode = .compare(context)
    switch shape {
    case .null: kind = .null
    case .single(let node):
      kind = .single
      single = node
    case .keyed(let members):
      kind = .keyed
      self.members = members
    case .unkeyed(let elements):
      kind = .unkeyed
      self.elements = elements
    case .unread, .tree: kind = .tree
    }
  }

  /// The parts `value` hands its container.
  static func shape<Value: Encodable>(of value: Value, in context: DiffContext) throws -> DiffNode.Shape {
    let encoder = DiffEncoder(reading: context)
    try value.encode(to: encoder)
    switch encoder.kind {
    case .none, .tree: return .tree
    case .null: return .null
    case .single: return encoder.single.map { .single($0) } ?? .tree
    case .keyed: return hasRepeatedKey(encoder.members) ? .tree : .keyed(encoder.members)
    case .unkeyed: return .unkeyed(encoder.elements)
    }
  }

  /// Runs `value`'s `encode(to:)` against `shape`, the parts of the value it replaces, writing
  /// the changes of each part that differs into `context` and keeping it in its node. `false`
  /// when `value` hands over other parts than `shape` has (and what it wrote must go).
  static func compare<Value: Encodable>(_ value: Value, with shape: DiffNode.Shape, in context: DiffContext) throws -> Bool {
    let encoder = DiffEncoder(comparing: shape, in: context)
    try value.encode(to: encoder)
    guard encoder.matches, encoder.hasBegun else { return false }
    switch encoder.kind {
    case .null, .single: return encoder.hasSingle
    case .keyed: return encoder.position == encoder.members.count
    case .unkeyed: return encoder.position == encoder.elements.count
    case .none, .tree: return false
    }
  }

  /// A key encoded twice is one member of the JSON (the later value): the tree diff tells it.
  /// Keys are the same here as ``JSONValueEncoder`` merges them, by `String`'s `==`, so two
  /// spellings of one text are one member.
  private static func hasRepeatedKey(_ members: [DiffNode.Member]) -> Bool {
    var keys = Set<String>(minimumCapacity: members.count)
    return !members.allSatisfy { keys.insert($0.key).inserted }
  }

  /// A container of `kind` asked for.
  fileprivate func begin(_ requested: Kind) {
    hasBegun = true
    switch mode {
    case .read:
      if kind == .none {
        kind = requested
      } else if kind != requested {
        kind = .tree
      }
    case .compare:
      if kind != requested { matches = false }
    }
  }

  /// A nested container or a super encoder: the value is diffed as a tree.
  fileprivate func giveUp() {
    switch mode {
    case .read: kind = .tree
    case .compare: matches = false
    }
  }

  fileprivate func member<Value: Encodable>(_ key: String, _ value: Value) throws {
    guard kind == .keyed, matches else { return }
    switch mode {
    case .read(let context):
      members.append(DiffNode.Member(key: key, node: DiffNode(value, in: context)))
    case .compare(let context):
      guard position < members.count, sameText(members[position].key, key) else {
        matches = false
        return
      }
      position += 1
      try compare(members[position - 1].node, value, at: .key(key), in: context)
    }
  }

  fileprivate func element<Value: Encodable>(_ value: Value) throws {
    guard kind == .unkeyed, matches else { return }
    switch mode {
    case .read(let context):
      elements.append(DiffNode(value, in: context))
    case .compare(let context):
      guard position < elements.count else {
        matches = false
        return
      }
      position += 1
      try compare(elements[position - 1], value, at: .index(position - 1), in: context)
    }
  }

  fileprivate func singleValue<Value: Encodable>(_ value: Value) throws {
    switch mode {
    case .read(let context):
      if kind == .none {
        kind = .single
        single = DiffNode(value, in: context)
      } else {
        kind = .tree
      }
    case .compare(let context):
      hasBegun = true
      guard kind == .single, !hasSingle, let single else {
        matches = false
        return
      }
      hasSingle = true
      try compare(single, value, at: nil, in: context)
    }
  }

  fileprivate func singleNull() {
    switch mode {
    case .read:
      kind = kind == .none ? .null : .tree
    case .compare:
      hasBegun = true
      if kind == .null, !hasSingle { hasSingle = true } else { matches = false }
    }
  }

  private func compare<Value: Encodable>(
    _ node: DiffNode, _ value: Value, at component: JSONPath.Component?, in context: DiffContext
  ) throws {
    if node.holds(value) { return }
    if let component { context.path.append(component) }
    defer { if component != nil { context.path.removeLast() } }
    do {
      try node.update(to: value, in: context)
    } catch {
      // The value's `encode(to:)` may catch it and go on: the walk is given up all the same.
      matches = false
      throw error
    }
  }

  /// A throwaway encoder for what a nested container or super encoder is handed.
  private func discarding() -> DiffEncoder {
    let encoder = DiffEncoder(reading: context)
    encoder.kind = .tree
    return encoder
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    begin(.keyed)
    return KeyedEncodingContainer(DiffKeyedContainer<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    begin(.unkeyed)
    return DiffUnkeyedContainer(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    DiffSingleValueContainer(encoder: self)
  }

  fileprivate func nestedKeyed<Key: CodingKey>(_ type: Key.Type) -> KeyedEncodingContainer<Key> {
    giveUp()
    return discarding().container(keyedBy: type)
  }

  fileprivate func nestedUnkeyed() -> any UnkeyedEncodingContainer {
    giveUp()
    return discarding().unkeyedContainer()
  }

  fileprivate func superEncoder() -> any Encoder {
    giveUp()
    return discarding()
  }

  private var context: DiffContext {
    switch mode {
    case .read(let context), .compare(let context): context
    }
  }

  fileprivate var elementCount: Int {
    guard kind == .unkeyed else { return 0 }
    if case .read = mode { return elements.count }
    return position
  }
}

/// `null`, as a part of a container.
private struct EncodedNull: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}

private struct DiffKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: DiffEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws { try encoder.member(key.stringValue, EncodedNull()) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try encoder.member(key.stringValue, value) }

  mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
    if let value { try encoder.member(key.stringValue, value) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.nestedKeyed(keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { encoder.nestedUnkeyed() }
  mutating func superEncoder() -> any Encoder { encoder.superEncoder() }
  mutating func superEncoder(forKey key: Key) -> any Encoder { encoder.superEncoder() }
}

private struct DiffUnkeyedContainer: UnkeyedEncodingContainer {
  let encoder: DiffEncoder
  var codingPath: [any CodingKey] { [] }
  var count: Int { encoder.elementCount }

  mutating func encodeNil() throws { try encoder.element(EncodedNull()) }
  mutating func encode<T: Encodable>(_ value: T) throws { try encoder.element(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    encoder.nestedKeyed(keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder.nestedUnkeyed() }
  mutating func superEncoder() -> any Encoder { encoder.superEncoder() }
}

private struct DiffSingleValueContainer: SingleValueEncodingContainer {
  let encoder: DiffEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { encoder.singleNull() }
  mutating func encode<T: Encodable>(_ value: T) throws { try encoder.singleValue(value) }
}
