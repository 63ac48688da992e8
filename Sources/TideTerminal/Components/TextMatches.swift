/// Where a query occurs in a text held as UTF-8 lines: ``Viewport``'s search.
///
/// A match is whole grapheme clusters of one line (`e` does not match the `e` of `é` written as
/// `e` and a combining accent, nor half a flag). The search is smartcase, like less's `-i` and
/// vim's `smartcase`: a query without an uppercase letter ignores case (each character folded
/// on its own, as a ``SelectionList`` filter folds), one with an uppercase letter matches case
/// exactly. Matches do not overlap: the search goes on after each one's end.
///
/// It is one pass over the bytes: the text is folded to lowercase byte by byte (ASCII letters),
/// and each line is searched with ``FilterIndex``'s byte scan. Only a line outside ASCII that
/// holds a hit has its clusters worked out, to check the hit starts and ends between them; only
/// a line with a non-ASCII letter that changes when lowercased (`É`, `Σ`) is folded character by
/// character. So 100,000 lines of 6 MB are searched in milliseconds.
enum TextMatches {
  /// Whether `query` matches case exactly: it has an uppercase letter.
  static func matchesCase(_ query: String) -> Bool { query.contains { $0.isUppercase } }

  /// The byte ranges of `bytes` where `query` occurs, in order; `lineStarts` holds where each
  /// line starts and one more entry one past the end of the last line's line feed, and
  /// `isPlainLine` whether each is printable ASCII.
  static func ranges(of query: String, in bytes: [UInt8], lineStarts: [Int], isPlainLine: [Bool]) -> [Range<Int>] {
    guard !query.isEmpty else { return [] }
    let ignoresCase = !matchesCase(query)
    let needle = ignoresCase ? FilterIndex.folded(query) : Array(query.utf8)
    let haystack = ignoresCase ? foldedASCII(bytes) : bytes
    // The result is made inside the closures, not captured by them, so appending to it stays
    // in place: a common word has a million matches.
    return needle.withUnsafeBufferPointer { needle in
      haystack.withUnsafeBufferPointer { haystack in
        var result: [Range<Int>] = []
        result.reserveCapacity(1024)
        for line in 0..<lineStarts.count - 1 {
          let start = lineStarts[line]
          var end = min(lineStarts[line + 1] - 1, haystack.count)
          if end > start, haystack[end - 1] == 0x0D { end -= 1 }
          guard end - start >= needle.count else { continue }
          if isPlainLine[line] || !haystack[start..<end].contains(where: { $0 >= 0x80 }) {
            // ASCII: a byte is a character.
            var position = start
            while let found = FilterIndex.find(needle, in: haystack, from: position, to: end) {
              result.append(found..<found + needle.count)
              position = found + needle.count
            }
          } else {
            appendRanges(of: needle, in: haystack, from: start, to: end, ignoringCase: ignoresCase, to: &result)
          }
        }
        return result
      }
    }
  }

  /// `bytes` with ASCII letters in lowercase, in one tight loop.
  private static func foldedASCII(_ bytes: [UInt8]) -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: bytes.count) { folded, count in
      bytes.withUnsafeBufferPointer { bytes in
        for index in bytes.indices {
          let byte = bytes[index]
          folded[index] = byte &- 0x41 < 26 ? byte | 0x20 : byte
        }
      }
      count = bytes.count
    }
  }

  /// Whether the bytes hold a scalar that might change when lowercased: one below U+3000, in
  /// U+A000–U+AFFF, U+F000–U+FFFF or above U+FFFF, by its lead byte. CJK ideographs, kana and
  /// Hangul never do, so their lines skip the exact (slower) test.
  private static func mightChangeWhenLowercased(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
    bytes.contains { $0 >= 0xC0 && ($0 < 0xE3 || $0 == 0xEA || $0 >= 0xEF) }
  }

  /// The matches in one line that is not ASCII, `haystack[start..<end]`.
  private static func appendRanges(
    of needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    ignoringCase: Bool, to result: inout [Range<Int>]
  ) {
    var decoded: String?
    func lineText() -> String {
      if let decoded { return decoded }
      let text = String(decoding: UnsafeBufferPointer(rebasing: haystack[start..<end]), as: UTF8.self)
      decoded = text
      return text
    }
    if ignoringCase, mightChangeWhenLowercased(haystack[start..<end]),
      lineText().unicodeScalars.contains(where: { !$0.isASCII && $0.properties.changesWhenLowercased })
    {
      let text = lineText()
      // Folding changes the bytes' lengths: fold each character, and map a match back through
      // the characters its bytes come from.
      var folded: [UInt8] = []
      var owners: [Int] = []
      FilterIndex.fold(text) { byte, owner in
        folded.append(byte)
        owners.append(owner)
      }
      var offsets: [Int] = []  // where each character starts in `haystack`, and the line's end
      var offset = start
      for character in text {
        offsets.append(offset)
        offset += character.utf8.count
      }
      offsets.append(offset)
      folded.withUnsafeBufferPointer { folded in
        var position = 0
        while let found = FilterIndex.find(needle, in: folded, from: position, to: folded.count) {
          let last = found + needle.count - 1
          let isWhole =
            (found == 0 || owners[found - 1] != owners[found])
            && (last + 1 == folded.count || owners[last + 1] != owners[last])
          guard isWhole else {
            position = found + 1
            continue
          }
          result.append(offsets[owners[found]]..<offsets[owners[last] + 1])
          position = last + 1
        }
      }
      return
    }
    // The bytes are the line's own (ASCII letters folded): a hit counts when it starts and ends
    // between clusters.
    var boundaries: [Int] = []  // where each character starts, in order, and the line's end
    func isBoundary(_ offset: Int) -> Bool {
      var low = 0
      var high = boundaries.count
      while low < high {
        let middle = (low + high) / 2
        if boundaries[middle] < offset { low = middle + 1 } else { high = middle }
      }
      return low < boundaries.count && boundaries[low] == offset
    }
    var position = start
    while let found = FilterIndex.find(needle, in: haystack, from: position, to: end) {
      if boundaries.isEmpty {
        var offset = start
        for character in lineText() {
          boundaries.append(offset)
          offset += character.utf8.count
        }
        boundaries.append(end)
      }
      guard isBoundary(found), isBoundary(found + needle.count) else {
        position = found + 1
        continue
      }
      result.append(found..<found + needle.count)
      position = found + needle.count
    }
  }
}
