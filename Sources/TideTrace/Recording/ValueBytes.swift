@_spi(Reflection) import Swift

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a type that hold its value, without the padding between a struct's fields: the
/// differ's test of "the same value to the bit" (see `isSameSpelling`).
///
/// Padding is not part of a value, and a copy does not keep it: Swift copies a struct field by
/// field, so two copies of one state differ in their padding bytes. Compared whole, a state would
/// not look the same as its copy, and the differ would walk into it on every action. The fields'
/// places come from the type's metadata (`_forEachField`), structs followed down to their
/// leaves; any other leaf (an enum, an optional, a class reference) is compared whole, so a
/// padding byte inside it can only make two equal values look different, which costs a walk,
/// never a missed change.
struct ValueBytes {
  /// The ranges compared, in order, adjacent ones joined.
  private let ranges: [Range<Int>]

  /// The value bytes of `type`.
  init(of type: Any.Type) {
    var ranges: [Range<Int>] = []
    if !Self.appendFields(of: type, at: 0, to: &ranges) { ranges = [0..<Self.layout(of: type).size] }
    self.ranges = ranges.filter { !$0.isEmpty }
  }

  /// Whether `a` and `b`, both of the type these bytes are of, hold the same bytes.
  func same<A, B>(_ a: A, _ b: B) -> Bool {
    withUnsafeBytes(of: a) { a in
      withUnsafeBytes(of: b) { b in
        ranges.allSatisfy { memcmp(a.baseAddress! + $0.lowerBound, b.baseAddress! + $0.lowerBound, $0.count) == 0 }
      }
    }
  }

  /// Appends the ranges of a struct's leaves; `false` for a type that is not a struct or whose
  /// fields the metadata does not list in full (the caller then compares it whole, since a
  /// field left out would be a change not seen).
  private static func appendFields(of type: Any.Type, at base: Int, to ranges: inout [Range<Int>]) -> Bool {
    var fields: [(offset: Int, type: Any.Type, kind: _MetadataKind)] = []
    let isListed = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
      fields.append((offset, fieldType, kind))
      return true
    }
    guard isListed, !fields.isEmpty, covers(fields, type) else { return false }
    for field in fields where field.kind != .struct || !appendFields(of: field.type, at: base + field.offset, to: &ranges) {
      let range = base + field.offset..<base + field.offset + layout(of: field.type).size
      if let last = ranges.last, last.upperBound == range.lowerBound {
        ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
      } else {
        ranges.append(range)
      }
    }
    return true
  }

  /// Whether `fields` account for every byte of `type` but its padding: in order, each gap less
  /// than the next field's alignment, the last ending where the type does. The runtime lists a
  /// field whose type it cannot resolve as `()`, and an imported C type may keep storage (bit
  /// fields) that no field lists: either leaves bytes no range would compare.
  private static func covers(_ fields: [(offset: Int, type: Any.Type, kind: _MetadataKind)], _ type: Any.Type) -> Bool {
    var end = 0
    for field in fields {
      let (size, alignment) = layout(of: field.type)
      guard field.type != Void.self, field.offset >= end, field.offset - end < alignment else { return false }
      end = field.offset + size
    }
    return end == layout(of: type).size
  }

  private static func layout(of type: Any.Type) -> (size: Int, alignment: Int) {
    func layout<T>(_: T.Type) -> (size: Int, alignment: Int) { (MemoryLayout<T>.size, MemoryLayout<T>.alignment) }
    return _openExistential(type, do: layout)
  }
}

