/// The titles of a ``SelectionList`` folded to lowercase once, side by side in one buffer, so
/// that a filter keystroke scans bytes instead of building strings: 100,000 titles are a few
/// megabytes read in a millisecond or two.
///
/// Each character is folded on its own (`String(character).lowercased()`), so a match found
/// here can be mapped back to the characters it covers for highlighting (``matchedCharacters``).
struct FilterIndex: Sendable {
  private var bytes: [UInt8] = []
  /// Where each title starts in `bytes`, and one more entry for the end.
  private var starts: [Int] = [0]

  init(titles: some Sequence<String>) {
    for title in titles {
      Self.fold(title) { byte, _ in bytes.append(byte) }
      starts.append(bytes.count)
    }
  }

  /// The bytes of `text` folded to lowercase, each given with the index of the character it
  /// comes from.
  static func fold(_ text: String, _ body: (UInt8, Int) -> Void) {
    // ASCII but CR (which joins a following LF into one character): a byte is a character.
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
      for (index, byte) in text.utf8.enumerated() {
        body(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte, index)
      }
      return
    }
    for (index, character) in text.enumerated() {
      for byte in String(character).lowercased().utf8 { body(byte, index) }
    }
  }

  /// The folded bytes of a query.
  static func folded(_ text: String) -> [UInt8] {
    var result: [UInt8] = []
    fold(text) { byte, _ in result.append(byte) }
    return result
  }

  /// The titles among `candidates` (all of them when `nil`), in order, that hold `query`.
  func matches(of query: [UInt8], among candidates: [Int]?) -> [Int] {
    guard !query.isEmpty else { return candidates ?? Array(0..<starts.count - 1) }
    return bytes.withUnsafeBufferPointer { bytes in
      query.withUnsafeBufferPointer { query in
        var result: [Int] = []
        func holds(_ title: Int) -> Bool {
          Self.find(query, in: bytes, from: starts[title], to: starts[title + 1]) != nil
        }
        if let candidates {
          for title in candidates where holds(title) { result.append(title) }
        } else {
          for title in 0..<starts.count - 1 where holds(title) { result.append(title) }
        }
        return result
      }
    }
  }

  /// The first position of `needle` in `haystack[start..<end]`.
  static func find(
    _ needle: UnsafeBufferPointer<UInt8>, in haystack: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Int? {
    let first = needle[0]
    let last = end - needle.count
    guard last >= start else { return nil }
    var position = start
    search: while position <= last {
      if haystack[position] == first {
        for offset in 1..<needle.count where haystack[position + offset] != needle[offset] {
          position += 1
          continue search
        }
        return position
      }
      position += 1
    }
    return nil
  }

  /// The indices of the characters of `title` that the first match of `query` covers; empty
  /// when it does not hold the query.
  static func matchedCharacters(of query: [UInt8], in title: String) -> Range<Int> {
    guard !query.isEmpty else { return 0..<0 }
    var bytes: [UInt8] = []
    var owners: [Int] = []
    fold(title) { byte, owner in
      bytes.append(byte)
      owners.append(owner)
    }
    let found = bytes.withUnsafeBufferPointer { bytes in
      query.withUnsafeBufferPointer { query in find(query, in: bytes, from: 0, to: bytes.count) }
    }
    guard let found else { return 0..<0 }
    return owners[found]..<owners[found + query.count - 1] + 1
  }
}
