#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The spellings a walk of lines has seen, by their bytes: a session sends the same few actions
/// over and over, from the same few keys, and a line whose action or input is spelled as one
/// before needs no tree of it to know it was checked. It keeps a copy of each spelling, beside
/// the tree of each distinct action the walk checked: a walk over actions that all differ
/// (pastes) holds both.
struct SpellingsSeen {
  private var byHash: [Int: [[UInt8]]] = [:]
  /// The spelling ``contains(_:)`` found last, then the first few it found (up to ``fewest``),
  /// compared before any hash: a session's inputs are a handful of keys, and a hash of a few
  /// bytes costs more than comparing them with each.
  private var last: ShortSpelling?
  private var few: [ShortSpelling] = []
  private static let fewest = 16
  /// The time (`t`) of the line checked last, which passed: a line with the same time's bytes
  /// needs no parse of it.
  var lastTime = LastSpelling()

  /// Notes `bytes`; whether they are a spelling not seen before.
  mutating func insert(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let hash = Self.hash(bytes)
    if contains(bytes, hash: hash) { return false }
    byHash[hash, default: []].append(Array(bytes))
    return true
  }

  /// Whether `bytes` were noted before.
  mutating func contains(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let short = ShortSpelling(bytes)
    if let short, short == last || few.contains(short) {
      last = short
      return true
    }
    guard contains(bytes, hash: Self.hash(bytes)) else { return false }
    if let short {
      last = short
      if few.count < Self.fewest { few.append(short) }
    }
    return true
  }

  private func contains(_ bytes: UnsafeRawBufferPointer, hash: Int) -> Bool {
    guard let seen = byHash[hash] else { return false }
    return seen.contains { Self.same($0, bytes) }
  }

  private static func same(_ spelling: [UInt8], _ bytes: UnsafeRawBufferPointer) -> Bool {
    spelling.count == bytes.count
      && (bytes.isEmpty || spelling.withUnsafeBytes { memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 })
  }

  private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
    var hasher = Hasher()
    hasher.combine(bytes: bytes)
    return hasher.finalize()
  }
}
