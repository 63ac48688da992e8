import TideJSON
/// Encodes an `Encodable` value straight to a ``JSONValue``, with no text in between: the trace
/// writer encodes a state per action, so this path must be cheap.
///
/// It produces what `JSONEncoder` with default strategies would, so ``JSONValueDecoder`` reads
/// the result back to the same value (and `JSONDecoder` its text).
package enum JSONValueEncoder {
  /// The JSON value `value` encodes to.
  package static func encode<Value: Encodable>(_ value: Value) throws -> JSONValue {
    let encoder = TreeEncoder(codingPath: [])
    try value.encode(to: encoder)
    return encoder.storage.value
  }
}

/// What an encoder or container writes into: a value set once, or an object or array filled in
/// place, which nested containers share by reference.
private final class Storage {
  enum Kind {
    case empty
    case single(JSONValue)
    case object([(key: String, storage: Storage)])
    case array([Storage])
  }

  var kind: Kind = .empty

  init() {}

  init(_ value: JSONValue) {
    kind = .single(value)
  }

  var value: JSONValue {
    switch kind {
    case .empty: .object([])
    case .single(let value): value
    case .object(let members): .object(members.map { JSONMember(key: $0.key, value: $0.storage.value) })
    case .array(let elements): .array(elements.map(\.value))
    }
  }

  func member(_ key: String) -> Storage {
    var members: [(key: String, storage: Storage)] = []
    if case .object(let existing) = kind {
      if let found = existing.first(where: { $0.key == key }) { return found.storage }
      members = existing
    }
    let storage = Storage()
    kind = .empty
    members.append((key, storage))
    kind = .object(members)
    return storage
  }

  func set(_ key: String, _ value: JSONValue) {
    member(key).kind = .single(value)
  }

  func makeObject() {
    if case .object = kind { return }
    kind = .object([])
  }

  func makeArray() {
    if case .array = kind { return }
    kind = .array([])
  }

  func appendElement() -> Storage {
    let storage = Storage()
    guard case .array(var elements) = kind else {
      kind = .array([storage])
      return storage
    }
    kind = .empty
    elements.append(storage)
    kind = .array(elements)
    return storage
  }

  var elementCount: Int {
    if case .array(let elements) = kind { return elements.count }
    return 0
  }
}

/// A plain value as JSON, or `nil` for one that encodes itself (shared with the trace's differ).
///
/// Told by its type first: a trace's differ asks this of every part of a state it takes apart,
/// and a dynamic cast to each plain type in turn was most of a struct's cost. Only an `Optional`
/// holding one casts to a plain type without being it, so any other type answers `nil` without a
/// cast; an optional is cast as before.
func primitiveJSON<T: Encodable>(_ value: T) -> JSONValue? {
  if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
  if T.self == Int.self { return .integer(Int64(unsafeBitCast(value, to: Int.self))) }
  if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
  if T.self == Double.self { return .number(unsafeBitCast(value, to: Double.self)) }
  guard isOtherPlainType(T.self) || optionalMayBePlain(T.self) else { return nil }
  return castPrimitiveJSON(value)
}

/// Whether ``primitiveJSON(_:)`` may answer for a value of `type`: a plain type, or an optional
/// that may hold one.
func isPlainType(_ type: Any.Type) -> Bool {
  type == String.self || type == Int.self || type == Bool.self || type == Double.self
    || isOtherPlainType(type) || optionalMayBePlain(type)
}

/// Whether `type` is an optional whose value a cast may find a plain value in: one of a plain
/// type, or of a type that may hold anything (a class). An optional of a struct or enum of
/// another type is written as its value writes itself, through its `encode(to:)`, as the same
/// value outside an optional is; it was cast to each plain type in turn every time one changed
/// (`editor: Editor?`), for nothing where casts do not bridge (Linux).
private func optionalMayBePlain(_ type: Any.Type) -> Bool {
  guard let optional = type as? any OptionalValue.Type else { return false }
  let wrapped = optional.wrappedType
  // The metadata's kind, its first word (the runtime's ABI, include/swift/ABI/MetadataKind.def):
  // 0x200 a struct, 0x201 an enum, 0x202 an optional; a class's is 0, or with Objective-C
  // interoperability its isa pointer: cast, as before.
  switch unsafeBitCast(wrapped, to: UnsafePointer<UInt>.self).pointee {
  case 0x200, 0x201: return isPlainType(wrapped)
  case 0x202: return optionalMayBePlain(wrapped)
  default: return true
  }
}

/// Whether `type` is one of the plain types ``primitiveJSON(_:)`` does not tell by type.
private func isOtherPlainType(_ type: Any.Type) -> Bool {
  type == Int64.self || type == UInt64.self || type == Int32.self || type == UInt32.self || type == Int16.self
    || type == UInt16.self || type == Int8.self || type == UInt8.self || type == UInt.self || type == Float.self
}

/// An `Optional`, which may hold a plain value.
private protocol OptionalValue {
  static var wrappedType: Any.Type { get }
}

extension Optional: OptionalValue {
  fileprivate static var wrappedType: Any.Type { Wrapped.self }
}

/// ``primitiveJSON(_:)`` by dynamic casts, for an optional or a plain type.
private func castPrimitiveJSON<T: Encodable>(_ value: T) -> JSONValue? {
  switch value {
  case let value as String: .string(value)
  case let value as Int: .integer(Int64(value))
  case let value as Bool: .bool(value)
  case let value as Int64: .integer(value)
  case let value as UInt64: .unsigned(value)
  case let value as Double: .number(value)
  case let value as Int32: .integer(Int64(value))
  case let value as UInt32: .integer(Int64(value))
  case let value as Int16: .integer(Int64(value))
  case let value as UInt16: .integer(Int64(value))
  case let value as Int8: .integer(Int64(value))
  case let value as UInt8: .integer(Int64(value))
  case let value as UInt: .unsigned(UInt64(value))
  case let value as Float: .number(Double(value))
  default: nil
  }
}

private func encodeValue<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
  if let plain = primitiveJSON(value) { return plain }
  let encoder = TreeEncoder(codingPath: codingPath)
  try value.encode(to: encoder)
  return encoder.storage.value
}

private final class TreeEncoder: Encoder {
  let storage: Storage
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(codingPath: [any CodingKey], storage: Storage = Storage()) {
    self.codingPath = codingPath
    self.storage = storage
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    storage.makeObject()
    return KeyedEncodingContainer(KeyedContainer<Key>(storage: storage, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    storage.makeArray()
    return UnkeyedContainer(storage: storage, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(storage: storage, codingPath: codingPath)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let storage: Storage
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws { storage.set(key.stringValue, .null) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { storage.set(key.stringValue, .bool(value)) }
  mutating func encode(_ value: String, forKey key: Key) throws { storage.set(key.stringValue, .string(value)) }
  mutating func encode(_ value: Int, forKey key: Key) throws { storage.set(key.stringValue, .integer(Int64(value))) }
  mutating func encode(_ value: Double, forKey key: Key) throws { storage.set(key.stringValue, .number(value)) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    storage.set(key.stringValue, try encodeValue(value, codingPath: codingPath + [key]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = storage.member(key.stringValue)
    child.makeObject()
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(storage: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = storage.member(key.stringValue)
    child.makeArray()
    return UnkeyedContainer(storage: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(codingPath: codingPath, storage: storage.member("super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeEncoder(codingPath: codingPath + [key], storage: storage.member(key.stringValue))
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let storage: Storage
  let codingPath: [any CodingKey]
  var count: Int { storage.elementCount }

  mutating func encodeNil() throws { storage.appendElement().kind = .single(.null) }
  mutating func encode(_ value: String) throws { storage.appendElement().kind = .single(.string(value)) }
  mutating func encode(_ value: Int) throws { storage.appendElement().kind = .single(.integer(Int64(value))) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    let path = codingPath + [JSONIndexKey(count)]
    storage.appendElement().kind = .single(try encodeValue(value, codingPath: path))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    let path = codingPath + [JSONIndexKey(count)]
    let child = storage.appendElement()
    child.makeObject()
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(storage: child, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = codingPath + [JSONIndexKey(count)]
    let child = storage.appendElement()
    child.makeArray()
    return UnkeyedContainer(storage: child, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let path = codingPath + [JSONIndexKey(count)]
    return TreeEncoder(codingPath: path, storage: storage.appendElement())
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let storage: Storage
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws { storage.kind = .single(.null) }
  mutating func encode(_ value: Bool) throws { storage.kind = .single(.bool(value)) }
  mutating func encode(_ value: String) throws { storage.kind = .single(.string(value)) }
  mutating func encode(_ value: Int) throws { storage.kind = .single(.integer(Int64(value))) }
  mutating func encode(_ value: Double) throws { storage.kind = .single(.number(value)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    storage.kind = .single(try encodeValue(value, codingPath: codingPath))
  }
}
