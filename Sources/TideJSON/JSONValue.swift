#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A JSON value as a tree: what a trace's states and actions encode to, diffed and written by
/// the trace writer, read back by the inspector; its text is the one JSON writer of the package
/// (``write(to:)``, ``writeString(_:to:)``), which traces, todo files and casts are written with.
///
/// Objects keep their keys in order (the order Swift encodes properties in), so a state writes
/// the same way every time. Integers stay integers (`Int64`), so ids and revisions read back
/// exactly; an integer above `Int64.max` is an ``unsignedInteger(_:)`` (a `UInt64` hash or id
/// reads back exactly too, not through a `Double`). Two values are equal when they are written alike: texts compare by their UTF-8
/// bytes, not by Swift's canonical equivalence, and numbers by their bits (-0.0 is not 0.0),
/// so a diff misses no change of spelling.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  /// An integer above `Int64.max` that fits `UInt64`: only such values, so that each integer
  /// has one form and equality stays a comparison of cases.
  case unsignedInteger(UInt64)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.unsignedInteger(let a), .unsignedInteger(let b)): a == b
    case (.number(let a), .number(let b)): a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): sameText(a, b)
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a == b
    default: false
    }
  }

  /// The member named `key` of an object, if any.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The JSON text, compact, keys in order.
  package var text: String {
    var bytes: [UInt8] = []
    write(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The JSON text, indented two spaces a level, for people to read.
  package var prettyText: String {
    var text = ""
    writePretty(to: &text, indent: "")
    return text
  }

  /// Appends the compact JSON text.
  package func write(to bytes: inout [UInt8]) {
    switch self {
    case .null: bytes.append(contentsOf: "null".utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .integer(let value): Self.writeInteger(value, to: &bytes)
    case .unsignedInteger(let value): Self.writeDecimal(value, isNegative: false, to: &bytes)
    case .number(let value):
      // JSON has no infinities or NaN; a state that holds one is written as null.
      if value.isFinite { bytes.append(contentsOf: value.description.utf8) } else { bytes.append(contentsOf: "null".utf8) }
    case .string(let value): Self.writeString(value, to: &bytes)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        element.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let members):
      bytes.append(UInt8(ascii: "{"))
      for (index, member) in members.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.writeString(member.key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        member.value.write(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  private func writePretty(to text: inout String, indent: String) {
    switch self {
    case .array(let elements) where !elements.isEmpty:
      text += "[\n"
      for (index, element) in elements.enumerated() {
        text += indent + "  "
        element.writePretty(to: &text, indent: indent + "  ")
        text += index < elements.count - 1 ? ",\n" : "\n"
      }
      text += indent + "]"
    case .object(let members) where !members.isEmpty:
      text += "{\n"
      for (index, member) in members.enumerated() {
        text += indent + "  " + JSONValue.string(member.key).text + ": "
        member.value.writePretty(to: &text, indent: indent + "  ")
        text += index < members.count - 1 ? ",\n" : "\n"
      }
      text += indent + "}"
    default:
      text += self.text
    }
  }

  /// The JSON value of an unsigned integer: an ``integer(_:)`` where it fits `Int64`.
  package static func unsigned(_ value: UInt64) -> JSONValue {
    value <= UInt64(Int64.max) ? .integer(Int64(value)) : .unsignedInteger(value)
  }

  private static func writeInteger(_ value: Int64, to bytes: inout [UInt8]) {
    if value >= 0, value < 10 {
      bytes.append(UInt8(ascii: "0") + UInt8(value))
      return
    }
    writeDecimal(value.magnitude, isNegative: value < 0, to: &bytes)
  }

  /// The digits of `magnitude`, after a minus sign when `isNegative`: written in place, where a
  /// `String` made for each number was most of the cost of a trace line's number (a million
  /// lines, each with its action's number and often a count).
  private static func writeDecimal(_ magnitude: UInt64, isNegative: Bool, to bytes: inout [UInt8]) {
    // 20 digits at most (UInt64.max), and a sign.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 21) { digits in
      var rest = magnitude
      var start = digits.count
      repeat {
        start -= 1
        digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
        rest /= 10
      } while rest > 0
      if isNegative {
        start -= 1
        digits[start] = UInt8(ascii: "-")
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Appends `string` quoted, with `"`, `\` and control characters escaped: the C0 ones, as
  /// JSON requires, and also DEL, the C1 ones and U+2028/U+2029, so that no text from a trace
  /// (a typed title) reaches a terminal raw when an answer prints it.
  package static func writeString(_ string: String, to bytes: inout [UInt8]) {
    bytes.append(UInt8(ascii: "\""))
    var string = string
    string.withUTF8 { utf8 in
      var start = 0
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        // The bytes that may start something escaped: C0, `"`, `\`, DEL, and the first byte of
        // a C1 control (C2 80…9F) or of U+2028/U+2029 (E2 80 A8/A9).
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0x7F
          || byte == 0xC2 || byte == 0xE2
        else {
          index += 1
          continue
        }
        let scalar: UInt32
        let length: Int
        if byte == 0xC2 {
          guard index + 1 < utf8.count, (0x80...0x9F).contains(utf8[index + 1]) else {
            index += 1
            continue
          }
          scalar = UInt32(utf8[index + 1])
          length = 2
        } else if byte == 0xE2 {
          guard index + 2 < utf8.count, utf8[index + 1] == 0x80, utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9 else {
            index += 1
            continue
          }
          scalar = 0x2000 | UInt32(utf8[index + 2] - 0x80)
          length = 3
        } else {
          scalar = UInt32(byte)
          length = 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        index += length
        start = index
        switch scalar {
        case 0x22: bytes.append(contentsOf: #"\""#.utf8)
        case 0x5C: bytes.append(contentsOf: #"\\"#.utf8)
        case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
        case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
        case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
        default:
          bytes.append(contentsOf: #"\u"#.utf8)
          for shift in stride(from: 12, through: 0, by: -4) { bytes.append(hexDigits[Int(scalar >> UInt32(shift) & 0xF)]) }
        }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }
}

/// Hashed as `==` compares: texts by their UTF-8 bytes, numbers by their bits. A set of values
/// tells the actions a question has checked apart without writing each one's text.
extension JSONValue: Hashable {
  package func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0 as UInt8)
    case .bool(let value):
      hasher.combine(1 as UInt8)
      hasher.combine(value)
    case .integer(let value):
      hasher.combine(2 as UInt8)
      hasher.combine(value)
    case .unsignedInteger(let value):
      hasher.combine(3 as UInt8)
      hasher.combine(value)
    case .number(let value):
      hasher.combine(4 as UInt8)
      hasher.combine(value.bitPattern)
    case .string(let text):
      hasher.combine(5 as UInt8)
      hashText(text, into: &hasher)
    case .array(let elements):
      hasher.combine(6 as UInt8)
      hasher.combine(elements.count)
      for element in elements { element.hash(into: &hasher) }
    case .object(let members):
      hasher.combine(7 as UInt8)
      hasher.combine(members.count)
      for member in members { member.hash(into: &hasher) }
    }
  }
}

/// A text's UTF-8 bytes and their count (so that `["ab","c"]` and `["a","bc"]` differ).
private func hashText(_ text: String, into hasher: inout Hasher) {
  var text = text
  text.withUTF8 { bytes in
    hasher.combine(bytes.count)
    hasher.combine(bytes: UnsafeRawBufferPointer(bytes))
  }
}

/// One member of a JSON object.
package struct JSONMember: Hashable, Sendable {
  package var key: String
  package var value: JSONValue

  package init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }

  /// Equal when written alike: the keys' UTF-8 bytes and the values (see ``JSONValue``).
  package static func == (lhs: JSONMember, rhs: JSONMember) -> Bool {
    sameText(lhs.key, rhs.key) && lhs.value == rhs.value
  }

  package func hash(into hasher: inout Hasher) {
    hashText(key, into: &hasher)
    value.hash(into: &hasher)
  }
}

/// Whether two texts have the same UTF-8 bytes — not Swift's `==`, which calls canonically
/// equivalent spellings equal. The same storage (or the same small text) answers at once.
package func sameText(_ a: String, _ b: String) -> Bool {
  if isSameSpelling(a, b) { return true }
  guard a.utf8.count == b.utf8.count else { return false }
  var a = a
  var b = b
  return a.withUTF8 { a in
    b.withUTF8 { b in a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
  }
}
