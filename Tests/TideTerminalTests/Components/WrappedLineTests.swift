import Testing

@testable import TideTerminal

/// `WrappedLine` takes a shortcut for printable ASCII; its layout must be the one the general
/// path gives a line of the same widths.
@Suite("WrappedLine")
struct WrappedLineTests {
  @Test func theASCIIShortcutLaysOutAsTheGeneralPathDoes() {
    for count in 0...25 {
      let ascii = String(repeating: "a", count: count)
      let accented = String(repeating: "é", count: count)  // one column, not ASCII
      for width in 0...9 {
        let fast = WrappedLine(ascii, width: width)
        let general = WrappedLine(accented, width: width)
        #expect(fast.isPlainASCII && (count == 0 || !general.isPlainASCII))
        #expect(fast.rowStarts == general.rowStarts, "\(count) characters at width \(width)")
        #expect(fast.columns == general.columns, "\(count) characters at width \(width)")
        #expect(fast.widths == general.widths)
        #expect(fast.characters.count == count)
        #expect(WrappedLine.rowCount(of: ascii, width: width) == general.rowCount)
      }
    }
  }

  @Test func aWideCharacterThatDoesNotFitStartsTheNextRowAndATabGoesToTheNextStop() {
    // 漢 does not fit after "ab"; the tab (6 columns at column 2) does not fit after 漢 and
    // takes 8 on a row of its own, wider than the area; c follows on the next row.
    let line = WrappedLine("ab漢\tc", width: 3)
    #expect(line.rowStarts == [0, 2, 3, 4])
    #expect(line.columns == [0, 1, 0, 0, 0])
    #expect(line.widths == [1, 1, 2, 8, 1])
    #expect(line.index(atColumn: 1, row: 1) == 2, "the right half of 漢")
    #expect(line.index(atColumn: 2, row: 3) == 5, "past c on the last row: the line's end")
    #expect(line.row(of: 5) == 3)
    #expect(line.column(of: 5) == 1, "the cursor after c")
  }
}
