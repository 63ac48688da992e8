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
    switch peek {
    case UInt8(ascii: "{")?:
      try enterObject()
      var members: [JSONMember] = []
      while let key = try nextKey(after: members.count) {
        members.append(JSONMember(key: key, value: try value()))
      }
      return .object(members)
    case UInt8(ascii: "[")?:
      try enterArray()
      var elements: [JSONValue] = []
      while try nextElement(after: elements.count) {
        elements.append(try value())
      }
      return .array(elements)
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
