/// The titles of a ``SelectionList`` (or the rows of a ``Table``, their cells joined) folded to
/// lowercase once, side by side in one buffer, so that a filter keystroke scans bytes instead of
/// building strings: 100,000 titles are a few megabytes read in a millisecond or two.
///
/// Each character is folded on its own (`String(character).lowercased()`), so a match found
/// here can be mapped back to the characters it covers for highlighting (``matchedCharacters``).
struct FilterIndex: Sendable {
  private var bytes: [UInt8] = []
  /// Where each title starts in `bytes`, and one more entry for the end.
  private var starts: [Int] = [0]
  /// For a table's rows: where each cell starts in `bytes`, row after row, and one more entry
  /// for the end; each cell is followed by a 0 byte, which no query holds, so a match never
  /// runs from one cell into the next. Empty for a list's titles.
  private var cellStarts: [Int] = []
  /// The cells a row has (0 for a list's titles).
  private var columnCount = 0

  init(titles: some Sequence<String>) {
    starts.reserveCapacity(titles.underestimatedCount + 1)
    for title in titles { append(title) }
  }

  /// An index of no titles yet, room made for `count`.
  init(reservingCapacity count: Int) {
    starts.reserveCapacity(count + 1)
  }

  /// Adds `title` after the others.
  mutating func append(_ title: String) {
    let start = bytes.count
    bytes.append(contentsOf: title.utf8)
    // ASCII but CR (see `fold`): copied whole, its capitals lowered in place; else folded
    // character by character.
    if !Self.lowerASCII(&bytes, from: start) {
      bytes.removeSubrange(start...)
      Self.fold(title) { byte, _ in bytes.append(byte) }
    }
    starts.append(bytes.count)
  }

  /// Lowers the capitals of `bytes[start...]` in place when they are all ASCII but CR; returns
  /// whether they were (else leaves them as they were, possibly part-lowered).
  private static func lowerASCII(_ bytes: inout [UInt8], from start: Int) -> Bool {
    bytes.withUnsafeMutableBufferPointer { buffer in
      for index in start..<buffer.count {
        let byte = buffer[index]
        guard byte < 0x80, byte != 0x0D else { return false }
        if byte &- 0x41 < 26 { buffer[index] = byte + 0x20 }
      }
      return true
    }
  }

  /// Titles already folded (``foldedTitles`` of an index saved), taken as they are.
  init(folded titles: [String]) {
    for title in titles {
      bytes.append(contentsOf: title.utf8)
      starts.append(bytes.count)
    }
  }

  /// The titles as folded, one string each: what a list saves of its titles. Only for an index
  /// of titles (a table's cells are not saved).
  var foldedTitles: [String] {
    (0..<count).map { String(decoding: bytes[starts[$0]..<starts[$0 + 1]], as: UTF8.self) }
  }

  /// The `rows` rows of a table of `columns` columns, `cell(row, column)` the text of each
  /// cell: a row is a title made of its cells, each followed by a 0 byte (a 0 in a cell is
  /// folded to 1).
  init(rows: Int, columns: Int, cell: (Int, Int) -> String) {
    columnCount = max(0, columns)
    starts.reserveCapacity(rows + 1)
    cellStarts.reserveCapacity(rows * columnCount + 1)
    for row in 0..<max(0, rows) {
      for column in 0..<columnCount {
        cellStarts.append(bytes.count)
        Self.fold(cell(row, column)) { byte, _ in bytes.append(byte == 0 ? 1 : byte) }
        bytes.append(0)
      }
      starts.append(bytes.count)
    }
    cellStarts.append(bytes.count)
  }

  /// How many titles (or rows) the index holds.
  var count: Int { starts.count - 1 }

  /// The rows of a table's index in the order of their cells in `column`, last first when
  /// `descending`; rows whose cells are equal keep their order either way (the sort is stable).
  /// Cells compare as folded bytes (so case-insensitively, other letters by code point), except
  /// that runs of digits compare by value (`9` before `10`; after a `.` digit by digit, so
  /// `1.5` after `1.25`). An index with no such column gives the rows in order.
  func rowsSorted(byColumn column: Int, descending: Bool) -> [Int] {
    var order = Array(0..<count)
    guard column >= 0, column < columnCount else { return order }
    let columns = columnCount
    bytes.withUnsafeBufferPointer { bytes in
      cellStarts.withUnsafeBufferPointer { cells in
        order.sort { first, second in
          let a = first * columns + column
          let b = second * columns + column
          let order = Self.compare(bytes, cells[a]..<cells[a + 1] - 1, cells[b]..<cells[b + 1] - 1)
          if order != 0 { return descending ? order > 0 : order < 0 }
          return first < second
        }
      }
    }
    return order
  }

  /// -1, 0 or 1 as the bytes of `first` sort before, with or after those of `second`: bytes by
  /// value, runs of digits by the number they write (see ``rowsSorted(byColumn:descending:)``).
  static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Int {
    func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }
    var i = first.lowerBound
    var j = second.lowerBound
    while i < first.upperBound, j < second.upperBound {
      let x = bytes[i]
      let y = bytes[j]
      guard isDigit(x), isDigit(y) else {
        if x != y { return x < y ? -1 : 1 }
        i += 1
        j += 1
        continue
      }
      let fraction = i > first.lowerBound && bytes[i - 1] == 0x2E
      if !fraction {
        // Leading zeros say nothing; a longer run is a larger number.
        while i < first.upperBound, bytes[i] == 0x30, i + 1 < first.upperBound, isDigit(bytes[i + 1]) { i += 1 }
        while j < second.upperBound, bytes[j] == 0x30, j + 1 < second.upperBound, isDigit(bytes[j + 1]) { j += 1 }
        var endI = i
        while endI < first.upperBound, isDigit(bytes[endI]) { endI += 1 }
        var endJ = j
        while endJ < second.upperBound, isDigit(bytes[endJ]) { endJ += 1 }
        if endI - i != endJ - j { return endI - i < endJ - j ? -1 : 1 }
      }
      // Same length (or a fraction's digits): digit by digit, a run that ends first is smaller.
      while i < first.upperBound, j < second.upperBound, isDigit(bytes[i]), isDigit(bytes[j]) {
        if bytes[i] != bytes[j] { return bytes[i] < bytes[j] ? -1 : 1 }
        i += 1
        j += 1
      }
      let moreI = i < first.upperBound && isDigit(bytes[i])
      let moreJ = j < second.upperBound && isDigit(bytes[j])
      if moreI != moreJ { return moreI ? 1 : -1 }
    }
    let restI = first.upperBound - i
    let restJ = second.upperBound - j
    return restI == restJ ? 0 : (restI < restJ ? -1 : 1)
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
    let titleCount = starts.count - 1
    guard !query.isEmpty else { return candidates ?? Array(0..<titleCount) }
    return bytes.withUnsafeBufferPointer { bytes in
      query.withUnsafeBufferPointer { query in
        starts.withUnsafeBufferPointer { starts in
          var result: [Int] = []
          result.reserveCapacity(candidates?.count ?? titleCount)
          if let candidates {
            for title in candidates where Self.find(query, in: bytes, from: starts[title], to: starts[title + 1]) != nil {
              result.append(title)
            }
            return result
          }
          // Every title: one walk over the whole buffer, a match moving on to the next title.
          var title = 0
          var position = 0
          while title < titleCount {
            guard let found = Self.find(query, in: bytes, from: position, to: bytes.count) else { break }
            while starts[title + 1] <= found { title += 1 }
            if found + query.count <= starts[title + 1] {
              result.append(title)
              position = starts[title + 1]
              title += 1
            } else {
              position = found + 1  // the match ran into the next title
            }
          }
          return result
        }
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

/// What each query typed so far matched, shortest first, for the lists and tables that filter
/// as you type: the next keystroke narrows the last result, an erased one goes back to a
/// result already computed.
struct FilterNarrowing: Sendable {
  private var results: [(query: [UInt8], matches: [Int])] = []

  /// The indices the query matches, in the order searched; `nil` while the query is empty.
  var matches: [Int]? { results.last?.matches }

  /// Follows the query `text`: drops the results it no longer extends and, when it is longer,
  /// searches `index` (which must be given for a query that is not empty) — among the last
  /// result's matches, else among `all` (every entry, in order, when `nil`).
  mutating func follow(_ text: String, among all: [Int]? = nil, index: FilterIndex?) {
    let folded = FilterIndex.folded(text)
    while let last = results.last, !folded.starts(with: last.query) {
      results.removeLast()
    }
    guard !folded.isEmpty, results.last?.query != folded, let index else { return }
    results.append((folded, index.matches(of: folded, among: results.last?.matches ?? all)))
  }

  /// Forgets every result: the entries changed.
  mutating func reset() { results = [] }
}
