#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one part of the line a walk checked last (its time, its input): lines in a row
/// are mostly spelled alike — a trace's times while no real time passes, a key held down — and
/// comparing a few bytes costs less than the parse or the hash that checks them anew.
struct LastSpelling {
  private var bytes: [UInt8] = []
  private var isSet = false

  /// Whether `other` is the spelling noted last.
  func matches(_ other: UnsafeRawBufferPointer) -> Bool {
    guard isSet, bytes.count == other.count else { return false }
    return other.isEmpty || bytes.withUnsafeBytes { memcmp($0.baseAddress!, other.baseAddress!, other.count) == 0 }
  }

  /// Notes `other` as the last spelling.
  mutating func note(_ other: UnsafeRawBufferPointer) {
    if bytes.count == other.count, !other.isEmpty {
      bytes.withUnsafeMutableBytes { $0.copyMemory(from: other) }
    } else {
      bytes = Array(other)
    }
    isSet = true
  }
}
