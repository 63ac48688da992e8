/// Whether a text is one JSON value as ``JSONParser/check(_:)`` holds it to, told in one loop
/// over the bytes: no recursion, no call a token, eight bytes at a time inside strings. A trace's
/// index checks every line it holds this way (a million lines and the snapshots of a
/// 100,000-item state: 151 MB read at open).
///
/// `true` only for a text the check passes. `false` means not sure: the text is wrong, or holds
/// something this loop leaves to the reader (a `\u` escape, a number with an exponent or of more
/// than 18 characters); ``JSONParser/check(_:)`` then reads it again with ``JSONReader``, which
/// says what is wrong and where.
package enum JSONQuickCheck {
  package static func passes(_ text: UnsafeRawBufferPointer) -> Bool {
    guard let base = text.baseAddress, !text.isEmpty else { return false }
    return withUnsafeTemporaryAllocation(of: Bool.self, capacity: JSONReader.maximumDepth) { isObject in
      var scan = Scan(base: base, count: text.count)
      return scan.passes(isObject: isObject)
    }
  }

  private struct Scan {
    let base: UnsafeRawPointer
    let count: Int
    var index = 0

    init(base: UnsafeRawPointer, count: Int) {
      self.base = base
      self.count = count
    }

    @inline(__always) func byte(_ at: Int) -> UInt8 { base.load(fromByteOffset: at, as: UInt8.self) }

    @inline(__always) mutating func skipSpaces() {
      while index < count {
        switch byte(index) {
        case 0x20, 0x09, 0x0A, 0x0D: index += 1
        default: return
        }
      }
    }

    /// `isObject[level]`: whether the container open at that level is an object.
    mutating func passes(isObject: UnsafeMutableBufferPointer<Bool>) -> Bool {
      var depth = 0
      skipSpaces()
      while true {
        // A value starts here.
        guard index < count else { return false }
        switch byte(index) {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let opensObject = byte(index) == UInt8(ascii: "{")
          guard depth < JSONReader.maximumDepth else { return false }
          isObject[depth] = opensObject
          depth += 1
          index += 1
          skipSpaces()
          if index < count, byte(index) == (opensObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            index += 1
            depth -= 1
          } else {
            if opensObject {
              guard key() else { return false }
            }
            continue
          }
        case UInt8(ascii: "\""):
          guard string() else { return false }
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
          guard number() else { return false }
        case UInt8(ascii: "t"):
          guard word(0x7472_7565, length: 4) else { return false }
        case UInt8(ascii: "f"):
          guard index + 5 <= count, byte(index + 4) == UInt8(ascii: "e"), word(0x6661_6C73, length: 5) else { return false }
        case UInt8(ascii: "n"):
          guard word(0x6E75_6C6C, length: 4) else { return false }
        default:
          return false
        }
        // A value ended: close containers until one goes on with a `,`.
        while true {
          skipSpaces()
          guard depth > 0 else { return index == count }
          guard index < count else { return false }
          let next = byte(index)
          index += 1
          if next == UInt8(ascii: ",") {
            skipSpaces()
            if isObject[depth - 1] {
              guard key() else { return false }
            }
            break
          }
          guard next == (isObject[depth - 1] ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
          depth -= 1
        }
      }
    }

    /// A member's key and its `:`, the position then at its value.
    @inline(__always) mutating func key() -> Bool {
      guard index < count, byte(index) == UInt8(ascii: "\""), string() else { return false }
      skipSpaces()
      guard index < count, byte(index) == UInt8(ascii: ":") else { return false }
      index += 1
      skipSpaces()
      return true
    }

    /// `true`, `false` or `null`: its first four bytes, big-endian, are `first4`.
    @inline(__always) mutating func word(_ first4: UInt32, length: Int) -> Bool {
      guard index + length <= count else { return false }
      let bytes = UInt32(byte(index)) << 24 | UInt32(byte(index + 1)) << 16 | UInt32(byte(index + 2)) << 8 | UInt32(byte(index + 3))
      guard bytes == first4 else { return false }
      index += length
      return true
    }

    /// The string whose opening quote is at the position, held to what ``JSONReader`` holds
    /// strings to; `false` at a `\u` escape, which the reader decodes and checks for surrogates.
    mutating func string() -> Bool {
      index += 1
      while true {
        // Eight bytes at a time, to the first that is a quote, a backslash, a control
        // character or outside ASCII: each test sets the high bit of such a byte, and no bit
        // below the first one (a borrow only runs upwards from it).
        while index + 8 <= count {
          // The first byte in the lowest bits, whatever the machine's order.
          let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
          let ones: UInt64 = 0x0101_0101_0101_0101
          let quote = word ^ (ones &* 0x22)
          let backslash = word ^ (ones &* 0x5C)
          let special = ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | (word &- ones &* 0x20) | word
          let found = special & (ones &* 0x80)
          if found != 0 {
            index += found.trailingZeroBitCount >> 3
            break
          }
          index += 8
        }
        guard index < count else { return false }
        let next = byte(index)
        switch next {
        case UInt8(ascii: "\""):
          index += 1
          return true
        case UInt8(ascii: "\\"):
          guard index + 1 < count else { return false }
          switch byte(index + 1) {
          case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index += 2
          default:
            return false
          }
        case 0..<0x20:
          return false
        case 0x80...:
          guard scalar() else { return false }
        default:
          index += 1
        }
      }
    }

    /// One UTF-8 sequence of two to four bytes, as ``JSONReader`` checks it.
    @inline(__always) mutating func scalar() -> Bool {
      guard let length = JSONReader.utf8SequenceLength(base, at: index, end: count) else { return false }
      index += length
      return true
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, with no number byte after it;
    /// `false` for one with an exponent or of more than 18 characters, which may be beyond a
    /// `Double` (the reader tells).
    @inline(__always) mutating func number() -> Bool {
      let start = index
      if byte(index) == UInt8(ascii: "-") { index += 1 }
      let leading = index
      let whole = digits()
      guard whole > 0, whole == 1 || byte(leading) != UInt8(ascii: "0") else { return false }
      if index < count, byte(index) == UInt8(ascii: ".") {
        index += 1
        guard digits() > 0 else { return false }
      }
      if index < count, byte(index) | 0x20 == UInt8(ascii: "e") { return false }
      guard index - start <= 18 else { return false }
      guard index < count else { return true }
      switch byte(index) {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
        UInt8(ascii: "+"), UInt8(ascii: "-"):
        return false
      default:
        return true
      }
    }

    @inline(__always) mutating func digits() -> Int {
      let first = index
      while index < count, byte(index) &- UInt8(ascii: "0") < 10 { index += 1 }
      return index - first
    }
  }
}
