#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The spellings of the actions a walk of lines has seen, by their bytes: a session sends the
/// same few actions over and over, and a line whose action is spelled as one before needs no
/// tree of it to know it was checked. It keeps a copy of each spelling, beside the tree of each
/// distinct action the walk checked: a walk over actions that all differ (pastes) holds both.
struct ActionSpellings {
  private var byHash: [Int: [[UInt8]]] = [:]

  /// Notes `bytes`; whether they are a spelling not seen before.
  mutating func insert(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    let hash = hasher.finalize()
    if let seen = byHash[hash],
      seen.contains(where: { spelling in
        spelling.count == bytes.count
          && (bytes.isEmpty || spelling.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
      })
    {
      return false
    }
    byHash[hash, default: []].append(Array(bytes))
    return true
  }
}
