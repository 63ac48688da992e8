import TideJSON
/// What a value's `encode(to:)` hands its container, one level deep: the members of a keyed
/// container, the elements of an unkeyed one, the value of a single-value one — each kept as the
/// typed value it is, not encoded — so that ``CodableStateDiffer`` compares two values part by
/// part and encodes only the parts that differ.
enum EncodedParts {
  /// A value JSON holds as it is (a number, a text, true or false, null).
  case leaf(JSONValue)
  /// A value encoded as another one (a raw value, a wrapper's wrapped value).
  case single(any Encodable)
  case keyed([(key: String, value: any Encodable)])
  case unkeyed([any Encodable])
  /// Anything else: nested containers, a super encoder, several kinds of container. Such a part
  /// is encoded whole and diffed as a tree.
  case other

  init<Value: Encodable>(of value: Value) throws {
    if let json = primitiveJSON(value) {
      self = .leaf(json)
      return
    }
    let encoder = PartsEncoder()
    try value.encode(to: encoder)
    switch encoder.parts {
    case .single(let inner):
      if let json = Self.primitive(of: inner) { self = .leaf(json) } else { self = .single(inner) }
    case let parts:
      self = parts
    }
  }

  private static func primitive(of value: any Encodable) -> JSONValue? {
    primitiveJSON(value)
  }
}

/// `null`, as a part of a container.
private struct EncodedNull: Encodable {
  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encodeNil()
  }
}

/// An encoder that keeps what it is handed, one level deep (see ``EncodedParts``).
private final class PartsEncoder: Encoder {
  var parts = EncodedParts.other
  private var isUsed = false
  let codingPath: [any CodingKey] = []
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  /// Starts a container of `kind`; a second container of another kind, or one nested in it,
  /// makes the value's parts `.other`.
  func begin(_ kind: EncodedParts) {
    switch (isUsed, parts, kind) {
    case (false, _, _):
      parts = kind
      isUsed = true
    case (true, .keyed, .keyed), (true, .unkeyed, .unkeyed):
      break
    default:
      parts = .other
    }
  }

  func giveUp() {
    isUsed = true
    parts = .other
  }

  func add(_ key: String, _ value: any Encodable) {
    if case .keyed(var members) = parts {
      parts = .other
      members.append((key, value))
      parts = .keyed(members)
    }
  }

  func add(_ value: any Encodable) {
    if case .unkeyed(var elements) = parts {
      parts = .other
      elements.append(value)
      parts = .unkeyed(elements)
    }
  }

  func set(_ value: any Encodable) {
    guard !isUsed else { return giveUp() }
    isUsed = true
    parts = .single(value)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    begin(.keyed([]))
    return KeyedEncodingContainer(KeyedParts<Key>(encoder: self))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    begin(.unkeyed([]))
    return UnkeyedParts(encoder: self)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleParts(encoder: self)
  }
}

private struct KeyedParts<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let encoder: PartsEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil(forKey key: Key) throws { encoder.add(key.stringValue, EncodedNull()) }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { encoder.add(key.stringValue, value) }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    encoder.giveUp()
    return PartsEncoder().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    encoder.giveUp()
    return PartsEncoder().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    encoder.giveUp()
    return PartsEncoder()
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    encoder.giveUp()
    return PartsEncoder()
  }
}

private struct UnkeyedParts: UnkeyedEncodingContainer {
  let encoder: PartsEncoder
  var codingPath: [any CodingKey] { [] }
  var count: Int {
    if case .unkeyed(let elements) = encoder.parts { return elements.count }
    return 0
  }

  mutating func encodeNil() throws { encoder.add(EncodedNull()) }
  mutating func encode<T: Encodable>(_ value: T) throws { encoder.add(value) }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
    encoder.giveUp()
    return PartsEncoder().container(keyedBy: keyType)
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    encoder.giveUp()
    return PartsEncoder().unkeyedContainer()
  }

  mutating func superEncoder() -> any Encoder {
    encoder.giveUp()
    return PartsEncoder()
  }
}

private struct SingleParts: SingleValueEncodingContainer {
  let encoder: PartsEncoder
  var codingPath: [any CodingKey] { [] }

  mutating func encodeNil() throws { encoder.set(EncodedNull()) }
  mutating func encode<T: Encodable>(_ value: T) throws { encoder.set(value) }
}
