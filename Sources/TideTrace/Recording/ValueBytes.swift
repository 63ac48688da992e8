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
/// field, so two copies of one state differ in their padding bytes. Compared whole, such a state
/// never looked the same as its copy, and the differ walked into it on every action. The fields'
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
    if !Self.appendFields(of: type, at: 0, to: &ranges) { ranges = [0..<Self.size(of: type)] }
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
    var isStruct = false
    let isComplete = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
      isStruct = true
      if kind != .struct || !appendFields(of: fieldType, at: base + offset, to: &ranges) {
        let range = base + offset..<base + offset + size(of: fieldType)
        if let last = ranges.last, last.upperBound == range.lowerBound {
          ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
        } else {
          ranges.append(range)
        }
      }
      return true
    }
    return isStruct && isComplete
  }

  private static func size(of type: Any.Type) -> Int {
    func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
    return _openExistential(type, do: size)
  }
}

