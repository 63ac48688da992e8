import TideJSON
/// Decodes a `Decodable` value straight from a ``JSONValue``, the way ``JSONValueEncoder``
/// encodes one: what the inspector reads from a trace (``JSONParser``) becomes a state with no
/// text in between, so a trace is read by one JSON parser only.
///
/// It reads what `JSONDecoder` with default strategies reads from the same text: keyed
/// containers are objects, unkeyed ones arrays, a missing member or `null` is `nil` for
/// `decodeIfPresent`, and a number decodes to any numeric type that holds it exactly.
package enum JSONValueDecoder {
  /// The `Value` that `json` encodes.
  ///
  /// With `rejectingUnknownMembers`, a member of an object that `Value`'s decoding never asked
  /// for is an error (``UnknownMember``) rather than ignored: how the inspector tells a state or
  /// action the app wrote from one that only resembles it (`{"count":1,"nope":2}`).
  ///
  /// With a `memo`, a large list or object decoded before to the same type (from the same
  /// storage, or from the same JSON elsewhere) is taken from it instead of decoded again, and
  /// those decoded now are kept in it.
  package static func decode<Value: Decodable>(
    _ type: Value.Type, from json: JSONValue, rejectingUnknownMembers: Bool = false, memo: DecodingMemo? = nil
  ) throws -> Value {
    let ledger = rejectingUnknownMembers ? MemberLedger() : nil
    let context = ledger == nil && memo == nil ? nil : DecodingContext(ledger: ledger, memo: memo)
    let value: Value
    do {
      value = try decodeValue(type, from: json, at: DecodingLocation(), context: context)
    } catch {
      // Of a name given twice Swift reads the first, which may be the wrong one: when the
      // failure is in a member so named, the name given twice is the problem to report, not
      // what the first lacks. A failure elsewhere is reported as it is.
      if let path = failurePath(of: error), let repeated = ledger?.repeated(onPath: path) { throw repeated }
      throw error
    }
    if let unasked = ledger?.firstUnasked() { throw unasked }
    // Only now is every value decoded known to be checked.
    if let memo, let context { memo.keep(context.decoded) }
    return value
  }

  /// A member of an object that the type decoded from it has no use for.
  package struct UnknownMember: Error, CustomStringConvertible {
    /// Where the member is, with its own name last.
    package var codingPath: [any CodingKey]
    package var description: String { "unknown member \(JSONDecodingProblem.pathText(codingPath))" }
  }

  /// A member named twice in one object: Swift asks for a name and gets the first, so which
  /// was meant is unclear. Two names count as one when Swift's strings are equal, which is
  /// when Unicode counts them as one text (`é` as one scalar, or as `e` and an accent).
  package struct RepeatedMember: Error, CustomStringConvertible {
    /// Where the object is.
    package var codingPath: [any CodingKey]
    /// The name as spelled the second time.
    package var name: String
    /// Whether the two names are spelled with the same bytes.
    package var isSpelledAlike: Bool
    package var description: String {
      "\(JSONDecodingProblem.pathText(codingPath)) has the member \(name) twice"
        + (isSpelledAlike ? "" : ", spelled two ways that Unicode counts as one name")
    }
  }
}

/// The members each keyed container of one decoding had, and which the decoding asked for:
/// one flag a member, all in one array (a state of 100,000 items opens 100,000 containers, and
/// a set of names each was most of its decoding's cost).
private final class MemberLedger {
  // `@exclusivity(unchecked)`: a ledger is used by one decoding on one thread, and each access
  // of these is one append, one flag set or one read, ended before the next begins (none is
  // passed `inout` across a call): the runtime's check of each was three a decoded object.
  @exclusivity(unchecked) private var containers: [(location: DecodingLocation, members: [JSONMember], firstFlag: Int)] = []
  @exclusivity(unchecked) private var used: [Bool] = []

  /// Notes a container's members; the index of its first member's flag, for ``use(_:)``.
  func open(_ members: [JSONMember], at location: DecodingLocation) -> Int {
    let firstFlag = used.count
    containers.append((location, members, firstFlag))
    used.append(contentsOf: repeatElement(false, count: members.count))
    return firstFlag
  }

  /// Notes that the member with flag `flag` was asked for.
  func use(_ flag: Int) {
    used[flag] = true
  }

  /// The first member no decoding asked for: one named before in its object (a lookup finds
  /// the first of the two, and `allKeys` gives a name once, so the second of two is never
  /// asked for), or one the type has no use for. An object's names are gathered, once, only
  /// when it has a member not asked for: a state's objects seldom do, and `null` members
  /// (entries that went away) are never asked for.
  func firstUnasked() -> (any Error)? {
    for container in containers {
      var names: [String: String]?
      for (index, member) in container.members.enumerated() {
        let asked = used[container.firstFlag + index]
        if names == nil {
          if asked { continue }
          names = Self.names(of: container.members[..<index])
        }
        if let first = names![member.key] { return Self.repeated(member.key, first: first, at: container.location) }
        names![member.key] = member.key
        // A `null` member is one that went away (see `allKeys`): nothing to have a use for.
        guard !asked, member.value != .null else { continue }
        return JSONValueDecoder.UnknownMember(codingPath: container.location.codingPath + [JSONNameKey(member.key)])
      }
    }
    return nil
  }

  /// The first name given twice in an object opened so far whose member is where a failed
  /// decoding failed (`path` begins with the object's path and that name).
  func repeated(onPath path: [any CodingKey]) -> JSONValueDecoder.RepeatedMember? {
    for container in containers where container.members.count > 1 {
      var names: [String: String] = [:]
      for member in container.members {
        guard let first = names[member.key] else {
          names[member.key] = member.key
          continue
        }
        let memberPath = container.location.codingPath + [JSONNameKey(member.key)]
        if memberPath.count <= path.count, zip(memberPath, path).allSatisfy(Self.sameKey) {
          return Self.repeated(member.key, first: first, at: container.location)
        }
      }
    }
    return nil
  }

  /// Each name of `members` with its first spelling (Swift's strings are equal by Unicode's
  /// equivalence), as ``firstUnasked()`` and ``repeated(onPath:)`` keep them.
  private static func names(of members: ArraySlice<JSONMember>) -> [String: String] {
    var names: [String: String] = [:]
    for member in members where names[member.key] == nil { names[member.key] = member.key }
    return names
  }

  private static func sameKey(_ pair: (any CodingKey, any CodingKey)) -> Bool {
    pair.0.intValue.map { $0 == pair.1.intValue } ?? (pair.1.intValue == nil && pair.0.stringValue == pair.1.stringValue)
  }

  private static func repeated(_ name: String, first: String, at location: DecodingLocation) -> JSONValueDecoder.RepeatedMember {
    JSONValueDecoder.RepeatedMember(codingPath: location.codingPath, name: name, isSpelledAlike: sameText(first, name))
  }
}

/// Where in the value `error`, a decoding's, failed: the member or element it names last.
private func failurePath(of error: any Error) -> [any CodingKey]? {
  switch error {
  case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
    DecodingError.dataCorrupted(let context):
    context.codingPath
  case DecodingError.keyNotFound(let key, let context): context.codingPath + [key]
  default: nil
  }
}

/// A member's name as a coding key, for a path that names a member no type declared.
private struct JSONNameKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ name: String) { stringValue = name }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

/// A container's place in the decoded tree: its key and its parent's node. The coding path is
/// made from the chain only when it is asked for (an error, a type that reads `codingPath`):
/// a new array of the whole path for every member and element decoded was most of the cost of
/// decoding a state of 100,000 items.
private final class PathNode {
  let parent: PathNode?
  let key: any CodingKey

  init(parent: PathNode?, key: any CodingKey) {
    self.parent = parent
    self.key = key
  }

  static func codingPath(_ node: PathNode?) -> [any CodingKey] {
    var keys: [any CodingKey] = []
    var node = node
    while let current = node {
      keys.append(current.key)
      node = current.parent
    }
    return keys.reversed()
  }
}

/// Where a value being decoded is: its container's node and its own key (none at the top).
/// A keyed container keeps its location and makes its node only for a member that opens a
/// container of its own: an object of plain members, such as each item of a long list, makes
/// none.
private struct DecodingLocation {
  var container: PathNode?
  var key: (any CodingKey)?

  var codingPath: [any CodingKey] { PathNode.codingPath(node()) }

  /// The node of a container opened for the value here.
  func node() -> PathNode? {
    key.map { PathNode(parent: container, key: $0) } ?? container
  }

  /// The location of the member or element `key` of a container opened here.
  func child(_ key: any CodingKey) -> DecodingLocation {
    DecodingLocation(container: node(), key: key)
  }
}

/// `location` is made only for a value that opens a container, or for an error.
private func decodeValue<T: Decodable>(
  _ type: T.Type, from value: JSONValue, at location: @autoclosure () -> DecodingLocation, context: DecodingContext?
) throws -> T {
  if let plain = try primitive(type, from: value, at: location()) { return plain }
  guard let context, let memo = context.memo, let key = DecodingMemo.Key(of: value, as: T.self, refusingUnknownMembers: context.ledger != nil) else {
    return try T(from: TreeDecoder(value: value, location: location(), context: context))
  }
  if let known = memo.value(for: key, json: value) as? T { return known }
  let decoded = try T(from: TreeDecoder(value: value, location: location(), context: context))
  context.decoded.append(DecodingMemo.Entry(key: key, json: value, value: decoded))
  return decoded
}

/// What one decoding notes as it goes: the members each object had and which were asked for
/// (when unknown members are refused), and the large values decoded, for the memo.
private final class DecodingContext {
  let ledger: MemberLedger?
  let memo: DecodingMemo?
  var decoded: [DecodingMemo.Entry] = []

  init(ledger: MemberLedger?, memo: DecodingMemo?) {
    self.ledger = ledger
    self.memo = memo
  }
}

/// A plain value read from `value`, or `nil` for a type that decodes itself.
private func primitive<T>(_ type: T.Type, from value: JSONValue, at location: @autoclosure () -> DecodingLocation) throws -> T? {
  // Told by comparing metadata: most values a state decodes are structs and lists, which a
  // cast to each plain type in turn made pay for fifteen failed casts each.
  // `T` is the type just compared with: the value is handed back as itself, with no cast.
  func same<U>(_ leaf: U) -> T { unsafeBitCast(leaf, to: T.self) }
  if T.self == String.self {
    return same(try Leaf.string(value, at: location()))
  } else if T.self == Bool.self {
    return same(try Leaf.bool(value, at: location()))
  } else if T.self == Double.self {
    return same(try Leaf.double(value, at: location()))
  } else if T.self == Float.self {
    return same(Float(try Leaf.double(value, as: Float.self, at: location())))
  } else if T.self == Int.self {
    return same(try Leaf.integer(Int.self, value, at: location()))
  } else if T.self == Int64.self {
    return same(try Leaf.integer(Int64.self, value, at: location()))
  } else if T.self == Int32.self {
    return same(try Leaf.integer(Int32.self, value, at: location()))
  } else if T.self == Int16.self {
    return same(try Leaf.integer(Int16.self, value, at: location()))
  } else if T.self == Int8.self {
    return same(try Leaf.integer(Int8.self, value, at: location()))
  } else if T.self == UInt.self {
    return same(try Leaf.integer(UInt.self, value, at: location()))
  } else if T.self == UInt64.self {
    return same(try Leaf.integer(UInt64.self, value, at: location()))
  } else if T.self == UInt32.self {
    return same(try Leaf.integer(UInt32.self, value, at: location()))
  } else if T.self == UInt16.self {
    return same(try Leaf.integer(UInt16.self, value, at: location()))
  } else if T.self == UInt8.self {
    return same(try Leaf.integer(UInt8.self, value, at: location()))
  }
  return nil
}

/// The plain values, each read from a ``JSONValue`` as `JSONDecoder` reads it from text: the
/// containers' typed `decode` methods call these directly, with no generic dispatch or cast.
private enum Leaf {
  static func string(_ value: JSONValue, at location: @autoclosure () -> DecodingLocation) throws -> String {
    guard case .string(let text) = value else { throw mismatch(String.self, "a string", value, location()) }
    return text
  }

  static func bool(_ value: JSONValue, at location: @autoclosure () -> DecodingLocation) throws -> Bool {
    guard case .bool(let flag) = value else { throw mismatch(Bool.self, "a Boolean", value, location()) }
    return flag
  }

  static func double(
    _ value: JSONValue, as type: Any.Type = Double.self, at location: @autoclosure () -> DecodingLocation
  ) throws -> Double {
    switch value {
    case .number(let value): return value
    case .integer(let value): return Double(value)
    case .unsignedInteger(let value): return Double(value)
    default: throw mismatch(type, "a number", value, location())
    }
  }

  static func integer<I: FixedWidthInteger>(
    _: I.Type, _ value: JSONValue, at location: @autoclosure () -> DecodingLocation
  ) throws -> I {
    switch value {
    case .integer(let integer): if let exact = I(exactly: integer) { return exact }
    case .unsignedInteger(let integer): if let exact = I(exactly: integer) { return exact }
    case .number(let number): if let exact = I(exactly: number) { return exact }
    default: break
    }
    throw mismatch(I.self, "a number that fits \(I.self)", value, location())
  }

  private static func mismatch(_ type: Any.Type, _ expected: String, _ value: JSONValue, _ location: DecodingLocation) -> DecodingError {
    DecodingError.typeMismatch(
      type, DecodingError.Context(codingPath: location.codingPath, debugDescription: "Expected \(expected) but found \(value.text)."))
  }
}

private struct TreeDecoder: Decoder {
  let value: JSONValue
  let location: DecodingLocation
  let context: DecodingContext?
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var codingPath: [any CodingKey] { location.codingPath }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else {
      throw DecodingError.typeMismatch(
        [String: Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected an object but found \(value.text)."))
    }
    let firstFlag = context?.ledger?.open(members, at: location) ?? 0
    return KeyedDecodingContainer(KeyedContainer<Key>(members: members, location: location, context: context, firstFlag: firstFlag))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else {
      throw DecodingError.typeMismatch(
        [Any].self, DecodingError.Context(codingPath: codingPath, debugDescription: "Expected an array but found \(value.text)."))
    }
    return UnkeyedContainer(elements: elements, node: location.node(), context: context)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(value: value, location: location, context: context)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [JSONMember]
  let location: DecodingLocation
  let context: DecodingContext?
  var codingPath: [any CodingKey] { location.codingPath }
  /// The ledger's flag of this container's first member.
  let firstFlag: Int

  /// The index of the member named `name`, noted in the ledger as asked for.
  private func index(of name: String) -> Int? {
    guard let index = members.firstIndex(where: { $0.key == name }) else { return nil }
    context?.ledger?.use(firstFlag + index)
    return index
  }

  /// The members the type has a key for, each then known to it: an enum's case without a
  /// payload is read by its key alone, a dictionary's entries by theirs. A member whose value is
  /// `null` is left out: a trace writes `null` for a member that went away (the case an enum
  /// left, `{"cancel":null,"confirm":{}}`), and for an optional member it means nothing either.
  /// A name given twice is given once, its second member left unasked for the ledger to report
  /// (a dictionary would otherwise read the first member's value for both).
  var allKeys: [Key] {
    var keys: [Key] = []
    var names: Set<String>? = members.count > 1 && context?.ledger != nil ? [] : nil
    for (index, member) in members.enumerated() {
      if names != nil, !names!.insert(member.key).inserted { continue }
      guard member.value != .null, let key = Key(stringValue: member.key) else { continue }
      context?.ledger?.use(firstFlag + index)
      keys.append(key)
    }
    return keys
  }

  func contains(_ key: Key) -> Bool {
    index(of: key.stringValue) != nil
  }

  private func member(_ key: Key) throws -> JSONValue {
    guard let index = index(of: key.stringValue) else {
      throw DecodingError.keyNotFound(
        key, DecodingError.Context(codingPath: codingPath, debugDescription: "No value for key '\(key.stringValue)'."))
    }
    return members[index].value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try decodeMember(type, key) }

  private func decodeMember<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
    let value = try member(key)
    if case .null = value, !(T.self is any OptionalDecoding.Type) {
      throw DecodingError.valueNotFound(
        T.self, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "Found null for key '\(key.stringValue)'."))
    }
    return try decodeValue(type, from: value, at: location.child(key), context: context)
  }

  /// Member `key`'s value for a plain type, which `null` is not.
  private func plainMember(_ type: Any.Type, _ key: Key) throws -> JSONValue {
    let value = try member(key)
    if case .null = value {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath + [key], debugDescription: "Found null for key '\(key.stringValue)'."))
    }
    return value
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try Leaf.bool(plainMember(type, key), at: location.child(key)) }
  func decode(_ type: String.Type, forKey key: Key) throws -> String { try Leaf.string(plainMember(type, key), at: location.child(key)) }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try Leaf.double(plainMember(type, key), at: location.child(key)) }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try Float(Leaf.double(plainMember(type, key), as: type, at: location.child(key))) }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try Leaf.integer(type, plainMember(type, key), at: location.child(key)) }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
    try TreeDecoder(value: member(key), location: location.child(key), context: context).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try TreeDecoder(value: member(key), location: location.child(key), context: context).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    TreeDecoder(value: index(of: "super").map { members[$0].value } ?? .null, location: DecodingLocation(container: location.node()), context: context)
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    TreeDecoder(
      value: index(of: key.stringValue).map { members[$0].value } ?? .null, location: location.child(key),
      context: context)
  }
}

/// `Optional`, whose `null` is a value rather than a missing one.
private protocol OptionalDecoding {}
extension Optional: OptionalDecoding {}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let node: PathNode?
  let context: DecodingContext?
  var currentIndex = 0
  var codingPath: [any CodingKey] { PathNode.codingPath(node) }

  init(elements: [JSONValue], node: PathNode?, context: DecodingContext?) {
    self.elements = elements
    self.node = node
    self.context = context
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private mutating func next(_ type: Any.Type) throws -> (value: JSONValue, location: DecodingLocation) {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, DecodingError.Context(codingPath: codingPath + [JSONIndexKey(currentIndex)], debugDescription: "Unkeyed container is at end."))
    }
    defer { currentIndex += 1 }
    return (elements[currentIndex], DecodingLocation(container: node, key: JSONIndexKey(currentIndex)))
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, elements[currentIndex] == .null else { return false }
    currentIndex += 1
    return true
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try decodeNext(type) }
  mutating func decode(_ type: Bool.Type) throws -> Bool {
    let (value, location) = try next(type)
    return try Leaf.bool(value, at: location)
  }
  mutating func decode(_ type: String.Type) throws -> String {
    let (value, location) = try next(type)
    return try Leaf.string(value, at: location)
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    let (value, location) = try next(type)
    return try Leaf.double(value, at: location)
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    let (value, location) = try next(type)
    return try Float(Leaf.double(value, as: type, at: location))
  }
  mutating func decode(_ type: Int.Type) throws -> Int { try nextInteger(type) }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try nextInteger(type) }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try nextInteger(type) }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try nextInteger(type) }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try nextInteger(type) }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try nextInteger(type) }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try nextInteger(type) }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try nextInteger(type) }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try nextInteger(type) }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try nextInteger(type) }

  private mutating func nextInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    let (value, location) = try next(type)
    return try Leaf.integer(type, value, at: location)
  }

  private mutating func decodeNext<T: Decodable>(_ type: T.Type) throws -> T {
    let (value, location) = try next(type)
    return try decodeValue(type, from: value, at: location, context: context)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
    let (value, location) = try next(KeyedDecodingContainer<NestedKey>.self)
    return try TreeDecoder(value: value, location: location, context: context).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    let (value, location) = try next((any UnkeyedDecodingContainer).self)
    return try TreeDecoder(value: value, location: location, context: context).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    let (value, location) = try next((any Decoder).self)
    return TreeDecoder(value: value, location: location, context: context)
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let location: DecodingLocation
  let context: DecodingContext?
  var codingPath: [any CodingKey] { location.codingPath }

  func decodeNil() -> Bool { value == .null }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decodeValue(type, from: value, at: location, context: context)
  }

  func decode(_ type: Bool.Type) throws -> Bool { try Leaf.bool(value, at: location) }
  func decode(_ type: String.Type) throws -> String { try Leaf.string(value, at: location) }
  func decode(_ type: Double.Type) throws -> Double { try Leaf.double(value, at: location) }
  func decode(_ type: Float.Type) throws -> Float { try Float(Leaf.double(value, as: type, at: location)) }
  func decode(_ type: Int.Type) throws -> Int { try Leaf.integer(type, value, at: location) }
  func decode(_ type: Int8.Type) throws -> Int8 { try Leaf.integer(type, value, at: location) }
  func decode(_ type: Int16.Type) throws -> Int16 { try Leaf.integer(type, value, at: location) }
  func decode(_ type: Int32.Type) throws -> Int32 { try Leaf.integer(type, value, at: location) }
  func decode(_ type: Int64.Type) throws -> Int64 { try Leaf.integer(type, value, at: location) }
  func decode(_ type: UInt.Type) throws -> UInt { try Leaf.integer(type, value, at: location) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try Leaf.integer(type, value, at: location) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try Leaf.integer(type, value, at: location) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try Leaf.integer(type, value, at: location) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try Leaf.integer(type, value, at: location) }
}
