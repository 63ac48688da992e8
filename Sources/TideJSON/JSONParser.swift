/// Reads JSON text into a ``JSONValue`` with ``JSONReader``: one trace line at a time, straight
/// from the file's bytes, so opening a trace of a million actions does not go through Foundation.
package enum JSONParser {
  package typealias Failure = JSONReader.Failure

  /// Parses `bytes`, which must hold exactly one JSON value (spaces around it allowed).
  package static func parse(_ bytes: UnsafeRawBufferPointer) throws(Failure) -> JSONValue {
    var reader = JSONReader(bytes)
    reader.skipSpaces()
    let value = try reader.value()
    try reader.end()
    return value
  }

  /// Parses `bytes` as ``parse(_:)`` does, taking each container of `known` whose place it
  /// reaches (``JSONLargeContainers/placed(in:at:reference:at:)``) as it is, and keeping the
  /// large containers it holds, for the next text like it.
  package static func parse(
    _ bytes: UnsafeRawBufferPointer, reusing known: JSONLargeContainers
  ) throws(Failure) -> (value: JSONValue, containers: JSONLargeContainers) {
    var reader = JSONReader(bytes)
    var ledger = LargeContainerLedger(known: known.entries)
    reader.skipSpaces()
    let value = try reader.value(&ledger)
    try reader.end()
    return (value, JSONLargeContainers(sorting: ledger.found))
  }

  /// Where the value of the member `key` of the object in `bytes` begins, the members before it
  /// passed over and checked; `nil` when `bytes` holds no object, or no such member, or is not
  /// JSON up to it.
  package static func startOfMember(_ key: String, in bytes: UnsafeRawBufferPointer) -> Int? {
    var reader = JSONReader(bytes)
    reader.skipSpaces()
    do throws(Failure) {
      try reader.enterObject()
      var count = 0
      while let name = try reader.nextKey(after: count) {
        if name == key { return reader.position }
        try reader.skipValue()
        count += 1
      }
    } catch {
      return nil
    }
    return nil
  }

  /// Throws what ``parse(_:)`` would throw for `bytes`, building nothing: how a trace's index
  /// knows every line is JSON without the cost of reading each line's values.
  package static func check(_ bytes: UnsafeRawBufferPointer) throws(Failure) {
    if JSONQuickCheck.passes(bytes) { return }
    var reader = JSONReader(bytes)
    reader.skipSpaces()
    try reader.skipValue()
    try reader.end()
  }

  /// Parses the UTF-8 of `text`.
  package static func parse(_ text: String) throws(Failure) -> JSONValue {
    var text = text
    let result = text.withUTF8 { utf8 in Result { () throws(Failure) in try parse(UnsafeRawBufferPointer(utf8)) } }
    return try result.get()
  }
}

extension JSONReader {
  /// The value at the position, as a tree. Integers that fit `Int64` or `UInt64` stay integers;
  /// any other number is a `Double`.
  package mutating func value() throws(Failure) -> JSONValue {
    var plain = NoContainerLedger()
    return try value(&plain)
  }

  /// ``value()``, asking `ledger` at each list and object whether it is known already, and
  /// telling it of each one read.
  mutating func value<Ledger: JSONContainerLedger>(_ ledger: inout Ledger) throws(Failure) -> JSONValue {
    switch peek {
    case UInt8(ascii: "{")?:
      let start = position
      if let known = taken(from: &ledger) { return known }
      try enterObject()
      var members: [JSONMember] = []
      while let key = try nextKey(after: members.count) {
        members.append(JSONMember(key: key, value: try value(&ledger)))
      }
      return noted(.object(members), from: start, in: &ledger)
    case UInt8(ascii: "[")?:
      let start = position
      if let known = taken(from: &ledger) { return known }
      try enterArray()
      var elements: [JSONValue] = []
      while try nextElement(after: elements.count) {
        elements.append(try value(&ledger))
      }
      return noted(.array(elements), from: start, in: &ledger)
    case UInt8(ascii: "\"")?: return .string(try string())
    case UInt8(ascii: "t")?, UInt8(ascii: "f")?:
      if let value = bool() { return .bool(value) }
      try literal()
      return .null
    case UInt8(ascii: "n")?:
      try literal()
      return .null
    case UInt8(ascii: "-")?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?:
      return try numberValue()
    case nil: throw failure(.unexpectedEnd)
    default: throw failure(.unexpectedCharacter)
    }
  }

  /// The container at the position if `ledger` knows it, the position then after it.
  @inline(__always)
  private mutating func taken<Ledger: JSONContainerLedger>(from ledger: inout Ledger) -> JSONValue? {
    guard let known = ledger.known(at: position, depth: depth) else { return nil }
    let start = position
    position = known.end
    return noted(known.value, from: start, in: &ledger)
  }

  /// `container`, read from `start` to the position, told to `ledger`.
  @inline(__always)
  private func noted<Ledger: JSONContainerLedger>(_ container: JSONValue, from start: Int, in ledger: inout Ledger) -> JSONValue {
    ledger.parsed(container, from: start, to: position, depth: depth)
    return container
  }

  private mutating func numberValue() throws(Failure) -> JSONValue {
    let range = try number()
    let text = UnsafeRawBufferPointer(rebasing: bytes[range])
    // Up to 18 digits always fit: the common case, read without a conversion.
    var isPlain = text.count <= 18
    var magnitude: Int64 = 0
    for byte in text where byte != UInt8(ascii: "-") {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else {
        isPlain = false
        break
      }
      magnitude = magnitude &* 10 &+ Int64(byte - UInt8(ascii: "0"))
    }
    if isPlain { return .integer(text.first == UInt8(ascii: "-") ? -magnitude : magnitude) }
    let string = String(decoding: text, as: UTF8.self)
    if !string.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = Int64(string) { return .integer(integer) }
    if !string.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let integer = UInt64(string) {
      return .unsignedInteger(integer)
    }
    guard let number = Double(string), number.isFinite else {
      position = range.lowerBound
      throw failure(.malformedNumber)
    }
    return .number(number)
  }
}
