#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The action of the last line a walk took apart, which the next line's most likely repeats (a
/// field's changes come from the same few actions over and over): the next line is scanned past
/// it (``ActionLineParts/init(_:knownAction:)``), and a line that repeats it is known to.
struct LastAction {
  private var bytes: [UInt8] = []

  /// The parts of `line`, its action passed over without looking into it where it is the
  /// last one's bytes.
  func parts(of line: UnsafeRawBufferPointer) -> ActionLineParts? {
    bytes.withUnsafeBytes { ActionLineParts(line, knownAction: $0) }
  }

  /// Notes `action`, the bytes of the action of a line taken apart, as the last; whether they
  /// were already.
  mutating func note(_ action: UnsafeRawBufferPointer) -> Bool {
    let same = bytes.count == action.count
      && (action.isEmpty || bytes.withUnsafeBytes { memcmp($0.baseAddress!, action.baseAddress!, action.count) == 0 })
    if !same { bytes = Array(action) }
    return same
  }
}
