#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The large lists and objects of a parsed JSON text, each with the bytes it was read from and
/// the depth it lay at: what a text of the same value changed in a few places shares with it.
///
/// A trace's snapshot of 100,000 items differs from the state before it in a few bytes (a
/// cursor), and parsing its 5.3 MB again took a quarter of a jump to a step far from every
/// state kept. ``JSONParser/parse(_:reusing:)`` takes such a container as it was parsed before,
/// where ``placed(in:at:reference:at:)`` found it spelled the same in the new text, instead of
/// reading it again; the new tree then shares that container's storage, in which a memo of
/// decoded values finds it by its address.
///
/// Taking one is exact: a JSON value's parse depends on its bytes alone and on the depth it
/// starts at (the nesting limit), and both are the same. A container is taken only where the
/// new text's parse reaches a value at that place and depth; elsewhere (say, inside a string
/// of the new text) its bytes are read as they come.
package struct JSONLargeContainers: Sendable {
  /// The smallest container kept, in bytes: one smaller parses in about the time finding where
  /// two texts differ takes for it.
  package static let minimumBytes = 16 * 1024

  /// A container: the bytes its text takes, the containers around it, and its value.
  package struct Entry: Sendable {
    package var range: Range<Int>
    package var depth: Int
    package var value: JSONValue
  }

  /// By where each starts; one inside another after it.
  package private(set) var entries: [Entry] = []

  package init() {}

  init(sorting entries: [Entry]) {
    // Parsed inside out (a container is known once it ends); looked up from the start.
    self.entries = entries.sorted { $0.range.lowerBound < $1.range.lowerBound }
  }

  /// These containers, of `reference`, where `text` holds each with the same bytes before it up
  /// to `textStart` (and `referenceStart` in `reference`) or after it to both texts' end: at
  /// their place in `text`, for ``JSONParser/parse(_:reusing:)`` of `text`. The starts are
  /// where the two texts are the same value's, a state's in two trace lines that begin
  /// differently; a container between the first and the last byte where they differ is not
  /// placed.
  package func placed(
    in text: UnsafeRawBufferPointer, at textStart: Int, reference: UnsafeRawBufferPointer, at referenceStart: Int
  ) -> JSONLargeContainers {
    guard !entries.isEmpty, textStart <= text.count, referenceStart <= reference.count else { return JSONLargeContainers() }
    let prefix = Self.alikeLength(
      UnsafeRawBufferPointer(rebasing: text[textStart...]), UnsafeRawBufferPointer(rebasing: reference[referenceStart...]), fromEnd: false)
    let suffix = Self.alikeLength(text, reference, fromEnd: true)
    let shift = text.count - reference.count
    var placed = JSONLargeContainers()
    for entry in entries {
      var moved = entry
      if entry.range.lowerBound >= referenceStart, entry.range.upperBound <= referenceStart + prefix {
        moved.range = entry.range.lowerBound - referenceStart + textStart..<entry.range.upperBound - referenceStart + textStart
      } else if entry.range.lowerBound >= reference.count - suffix {
        moved.range = entry.range.lowerBound + shift..<entry.range.upperBound + shift
      } else {
        continue
      }
      placed.entries.append(moved)
    }
    // Where the texts are alike throughout, a place found from the end may come first.
    placed.entries.sort { $0.range.lowerBound < $1.range.lowerBound }
    return placed
  }

  /// How many bytes `a` and `b` begin with alike, or end with alike `fromEnd`: compared a block
  /// at a time, then byte by byte in the first block that differs.
  package static func alikeLength(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer, fromEnd: Bool) -> Int {
    let count = min(a.count, b.count)
    guard count > 0 else { return 0 }
    /// Where the next `taken` bytes of `text` start, once `length` are alike.
    func next(_ taken: Int, of text: UnsafeRawBufferPointer, after length: Int) -> UnsafeRawPointer {
      fromEnd ? text.baseAddress! + text.count - length - taken : text.baseAddress! + length
    }
    let block = 256
    var length = 0
    while length + block <= count, memcmp(next(block, of: a, after: length), next(block, of: b, after: length), block) == 0 {
      length += block
    }
    while length < count, next(1, of: a, after: length).load(as: UInt8.self) == next(1, of: b, after: length).load(as: UInt8.self) {
      length += 1
    }
    return length
  }
}

/// What a parse does at each list and object: none for a plain parse (specialised away), or
/// ``JSONLargeContainers`` taken and kept.
protocol JSONContainerLedger {
  /// The value of the container at `position`, whose `{` or `[` is there, at `depth`, and the
  /// position after it, if it is known; `nil`: it is read.
  mutating func known(at position: Int, depth: Int) -> (value: JSONValue, end: Int)?
  /// Notes a container read or taken, from `start` to `end`.
  mutating func parsed(_ value: JSONValue, from start: Int, to end: Int, depth: Int)
}

/// A plain parse.
struct NoContainerLedger: JSONContainerLedger {
  @inline(__always) func known(at position: Int, depth: Int) -> (value: JSONValue, end: Int)? { nil }
  @inline(__always) func parsed(_ value: JSONValue, from start: Int, to end: Int, depth: Int) {}
}

/// A parse that takes the containers placed for it and keeps the large ones it meets.
struct LargeContainerLedger: JSONContainerLedger {
  let known: [JSONLargeContainers.Entry]
  var next = 0
  var found: [JSONLargeContainers.Entry] = []

  @inline(__always) mutating func known(at position: Int, depth: Int) -> (value: JSONValue, end: Int)? {
    guard next < known.count else { return nil }
    return placed(at: position, depth: depth)
  }

  private mutating func placed(at position: Int, depth: Int) -> (value: JSONValue, end: Int)? {
    while next < known.count, known[next].range.lowerBound < position { next += 1 }
    guard next < known.count, known[next].range.lowerBound == position, known[next].depth == depth else { return nil }
    let entry = known[next]
    next += 1
    // The large containers inside it are the new text's too, for the text after this one: a
    // snapshot the same as the last would otherwise keep its state alone, and the next one,
    // unlike it in a cursor, read its lists again.
    while next < known.count, known[next].range.lowerBound < entry.range.upperBound {
      found.append(known[next])
      next += 1
    }
    return (entry.value, entry.range.upperBound)
  }

  @inline(__always) mutating func parsed(_ value: JSONValue, from start: Int, to end: Int, depth: Int) {
    guard end - start >= JSONLargeContainers.minimumBytes else { return }
    found.append(JSONLargeContainers.Entry(range: start..<end, depth: depth, value: value))
  }
}
