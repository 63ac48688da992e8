/// A query searched for in a text held as UTF-8 lines: ``Viewport``'s search.
///
/// A match is whole grapheme clusters of one line (`e` does not match the `e` of `é` written as
/// `e` and a combining accent, nor half a flag). The search is smartcase, like less's `-i` and
/// vim's `smartcase`: a query without an uppercase letter ignores case (each character folded
/// on its own, as a ``SelectionList`` filter folds), one with an uppercase letter matches case
/// exactly. Matches do not overlap: a line's search goes on after each one's end, so the matches
/// of a line are found from its start.
///
/// No match is kept: the viewport counts them at enter, finds the next or previous one from the
/// current one at `n` and `N`, and finds those of the lines on screen when it draws them, so a
/// query matching a million times costs a scan, not a million ranges. A line of ASCII is scanned
/// byte by byte, its letters folded as they are read. Only a line outside ASCII that holds a hit
/// has the hit's ends checked against its clusters (without working them out when the
/// characters either side of an end are ASCII or CJK ideographs); only a line with a non-ASCII
/// letter that changes when lowercased (`É`, `Σ`) is folded character by character.
struct TextMatches: Equatable, Sendable {
  /// The query's bytes, folded when the search ignores case.
  private let needle: [UInt8]
  /// Whether the search ignores case: the query has no uppercase letter.
  private let ignoresCase: Bool

  /// The search for `query`; `nil` for an empty query.
  init?(_ query: String) {
    guard !query.isEmpty else { return nil }
    ignoresCase = !query.contains { $0.isUppercase }
    needle = ignoresCase ? FilterIndex.folded(query) : Array(query.utf8)
  }

  /// A text as the viewport holds it: its bytes, where each line starts (and one more entry one
  /// past the end of the last line's line feed), and whether each line is printable ASCII.
  struct Text {
    let bytes: UnsafeBufferPointer<UInt8>
    let lineStarts: UnsafeBufferPointer<Int>
    let isPlainLine: UnsafeBufferPointer<Bool>

    var lineCount: Int { lineStarts.count - 1 }

    /// The line that holds `byte` (the last line for a byte past the end).
    func line(ofByte byte: Int) -> Int {
      lineStarts.lastIndex(startingAtOrBefore: byte, among: lineCount)
    }

    /// Where line `line` ends, before its line feed (or CR LF).
    func end(ofLine line: Int) -> Int {
      let start = lineStarts[line]
      var end = min(lineStarts[line + 1] - 1, bytes.count)
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
      return end
    }
  }

  /// Calls `body` with the matches of line `line` in order, until it returns false; returns
  /// whether it never did.
  @discardableResult
  func forEach(inLine line: Int, of text: Text, _ body: (Range<Int>) -> Bool) -> Bool {
    needle.withUnsafeBufferPointer { needle in
      let start = text.lineStarts[line]
      let end = text.end(ofLine: line)
      guard end - start >= needle.count else { return true }
      let haystack = text.bytes
      if text.isPlainLine[line] || !haystack[start..<end].contains(where: { $0 >= 0x80 }) {
        // ASCII: a byte is a character.
        var position = start
        while let found = Self.find(needle, in: haystack, from: position, to: end, ignoringCase: ignoresCase) {
          guard body(found..<found + needle.count) else { return false }
          position = found + needle.count
        }
        return true
      }
      return forEach(of: needle, inLineOutsideASCII: haystack, from: start, to: end, body)
    }
  }

  /// Calls `body` with the matches that start at `byte` or after it, in order, until it
  /// returns false.
  func forEach(startingAtOrAfter byte: Int, in text: Text, _ body: (Range<Int>) -> Bool) {
    guard text.lineCount > 0 else { return }
    for line in text.line(ofByte: byte)..<text.lineCount {
      let isGoingOn = forEach(inLine: line, of: text) { match in
        match.lowerBound < byte || body(match)
      }
      guard isGoingOn else { return }
    }
  }

  /// The first match that starts at `byte` or after it.
  func first(startingAtOrAfter byte: Int, in text: Text) -> Range<Int>? {
    var first: Range<Int>?
    forEach(startingAtOrAfter: byte, in: text) { match in
      first = match
      return false
    }
    return first
  }

  /// The last match that starts before `byte`.
  func last(startingBefore byte: Int, in text: Text) -> Range<Int>? {
    guard text.lineCount > 0 else { return nil }
    var line = text.line(ofByte: byte)
    while line >= 0 {
      var last: Range<Int>?
      forEach(inLine: line, of: text) { match in
        guard match.lowerBound < byte else { return false }
        last = match
        return true
      }
      if let last { return last }
      line -= 1
    }
    return nil
  }

  /// The number of matches that start at `start` or after it and before `end`.
  func count(from start: Int, to end: Int, in text: Text) -> Int {
    var count = 0
    forEach(startingAtOrAfter: start, in: text) { match in
      guard match.lowerBound < end else { return false }
      count += 1
      return true
    }
    return count
  }

  /// A byte folded to lowercase when it is an ASCII letter.
  @inline(__always)
  private static func folded(_ byte: UInt8) -> UInt8 { byte &- 0x41 < 26 ? byte | 0x20 : byte }

  /// Where `needle` first occurs in `haystack[start..<end]`, the haystack's ASCII letters folded
  /// as they are read when `ignoringCase` (the needle is folded already).
  private static func find(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
    ignoringCase: Bool
  ) -> Int? {
    guard ignoringCase else { return FilterIndex.find(needle, in: haystack, from: start, to: end) }
    let first = needle[0]
    let firstUppercase = first &- 0x61 < 26 ? first & 0xDF : first
    let last = end - needle.count
    guard last >= start else { return nil }
    var position = start
    search: while position <= last {
      let byte = haystack[position]
      if byte == first || byte == firstUppercase {
        for offset in 1..<needle.count where folded(haystack[position + offset]) != needle[offset] {
          position += 1
          continue search
        }
        return position
      }
      position += 1
    }
    return nil
  }

  /// Whether the bytes hold a scalar that might change when lowercased: one below U+3000, in
  /// U+A000–U+AFFF, U+F000–U+FFFF or above U+FFFF, by its lead byte. CJK ideographs, kana and
  /// Hangul never do, so their lines skip the exact (slower) test.
  private static func mightChangeWhenLowercased(_ bytes: UnsafeBufferPointer<UInt8>.SubSequence) -> Bool {
    bytes.contains { $0 >= 0xC0 && ($0 < 0xE3 || $0 == 0xEA || $0 >= 0xEF) }
  }

  /// The matches in one line that is not ASCII, `haystack[start..<end]`.
  private func forEach(
    of needle: UnsafeBufferPointer<UInt8>, inLineOutsideASCII haystack: UnsafeBufferPointer<UInt8>, from start: Int,
    to end: Int, _ body: (Range<Int>) -> Bool
  ) -> Bool {
    var decoded: String?
    func lineText() -> String {
      if let decoded { return decoded }
      let text = String(decoding: UnsafeBufferPointer(rebasing: haystack[start..<end]), as: UTF8.self)
      decoded = text
      return text
    }
    if ignoresCase, Self.mightChangeWhenLowercased(haystack[start..<end]),
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
      return folded.withUnsafeBufferPointer { folded in
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
          guard body(offsets[owners[found]]..<offsets[owners[last] + 1]) else { return false }
          position = last + 1
        }
        return true
      }
    }
    // The bytes are the line's own (ASCII letters folded as read): a hit counts when it starts
    // and ends between clusters.
    var boundaries: [Int] = []  // where each character starts, in order, and the line's end
    func isBoundary(_ offset: Int) -> Bool {
      if offset == start || offset == end { return true }
      if let isSimple = Self.isBetweenSimpleCharacters(offset, in: haystack, from: start, to: end) { return isSimple }
      if boundaries.isEmpty {
        var offset = start
        for character in lineText() {
          boundaries.append(offset)
          offset += character.utf8.count
        }
        boundaries.append(end)
      }
      var low = 0
      var high = boundaries.count
      while low < high {
        let middle = (low + high) / 2
        if boundaries[middle] < offset { low = middle + 1 } else { high = middle }
      }
      return low < boundaries.count && boundaries[low] == offset
    }
    var position = start
    while let found = Self.find(needle, in: haystack, from: position, to: end, ignoringCase: ignoresCase) {
      guard isBoundary(found), isBoundary(found + needle.count) else {
        position = found + 1
        continue
      }
      guard body(found..<found + needle.count) else { return false }
      position = found + needle.count
    }
    return true
  }

  /// Whether `offset` (inside `haystack[start..<end]`, not at either end) is between clusters,
  /// when the scalars either side of it say so alone: `false` when it is inside a scalar, `true`
  /// when both are printable ASCII or CJK ideographs (U+3400–U+4DBF, U+4E00–U+9FFF), which no
  /// rule of grapheme cluster segmentation joins to anything; `nil` otherwise.
  private static func isBetweenSimpleCharacters(
    _ offset: Int, in haystack: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Bool? {
    let next = haystack[offset]
    if next & 0xC0 == 0x80 { return false }  // a continuation byte
    func isSimple(_ lead: Int) -> Bool {
      let byte = haystack[lead]
      if byte < 0x80 { return byte >= 0x20 && byte < 0x7F }
      // A three-byte scalar from U+3400 to U+9FFF: lead E3 (from 0x90) to E9.
      guard byte >= 0xE3, byte <= 0xE9, lead + 2 < end else { return false }
      let scalar = (Int(byte & 0x0F) << 12) | (Int(haystack[lead + 1] & 0x3F) << 6) | Int(haystack[lead + 2] & 0x3F)
      return (0x3400...0x4DBF).contains(scalar) || (0x4E00...0x9FFF).contains(scalar)
    }
    var previous = offset - 1
    while previous > start, haystack[previous] & 0xC0 == 0x80 { previous -= 1 }
    return isSimple(previous) && isSimple(offset) ? true : nil
  }
}
