import Testing
import TideTerminal
import TideTestSupport

/// Column widths (fixed, percentage, flexible) and alignment (leading, centre, trailing), each
/// header placed like its column, text cut with `…` by display width.
@MainActor
@Suite("Table columns")
struct TableColumnTests {
  func drawn(_ columns: [Table<TextRow>.Column], _ rows: [[String]], width: Int) -> String {
    var canvas = Canvas(columns: width, rows: rows.count + 1)
    let rows = textRows(rows)
    Table.draw(Table.State(columns: columns, rows: rows), rows: rows, in: canvas.bounds, on: &canvas)
    return canvas.text()
  }

  @Test func headersAndCellsAreAlignedLikeTheirColumn() {
    let columns: [Table<TextRow>.Column] = [
      .text("Name", 0, width: .fill()),
      .text("Size", 1, width: .fixed(6), alignment: .trailing),
      .text("Kind", 2, width: .fixed(7), alignment: .center),
    ]
    #expect(drawn(columns, [["a", "12", "x"], ["bb", "1234567", "dir"]], width: 20) == """
      Name    Size  Kind
      a         12    x
      bb    12345…   dir
      """)
  }

  @Test func theArticlesProcessTable() {
    let columns: [Table<TextRow>.Column] = [
      .text("PID", 0, width: .fixed(6), alignment: .trailing),
      .text("Command", 1, width: .fill()),
      .text("CPU", 2, width: .percentage(10), alignment: .trailing),
    ]
    let rows = [["1", "/sbin/init", "0.1"], ["4242", "tide-demo --screen todos", "0.9"]]
    #expect(drawn(columns, rows, width: 40) == """
         PID Command                       CPU
           1 /sbin/init                    0.1
        4242 tide-demo --screen todos      0.9
      """)
  }

  @Test func percentageFixedAndFlexibleWidthsAddUpToTheWidth() {
    let row = Rect(column: 0, row: 0, width: 21, height: 1)
    let percentage: [Table<TextRow>.Column] = [.text("A", 0, width: .percentage(50), alignment: .trailing), .text("B", 1)]
    #expect(Table<TextRow>.columnRects(percentage, in: row).map(\.width) == [10, 10])
    #expect(drawn(percentage, [["7", "x"]], width: 21) == "         A B\n         7 x")
    let weighted: [Table<TextRow>.Column] = [.text("A", 0, width: .fill(2)), .text("B", 1, width: .fill())]
    #expect(Table<TextRow>.columnRects(weighted, in: Rect(column: 0, row: 0, width: 10, height: 1)).map(\.width) == [6, 3])
    let mixed: [Table<TextRow>.Column] = [
      .text("A", 0, width: .fixed(4)), .text("B", 1, width: .percentage(25)), .text("C", 2),
      .text("D", 3, width: .fill(3)),
    ]
    let rects = Table<TextRow>.columnRects(mixed, in: Rect(column: 0, row: 0, width: 40, height: 1))
    #expect(rects.map(\.width) == [4, 10, 6, 17])
    let widths: Int = rects.map(\.width).reduce(0, +)
    #expect(widths + 3 == 40)
  }

  /// A wide character that would straddle the edge is left out, so the cut text is one column
  /// short and a trailing column starts it one column in; combining marks take no column.
  @Test func wideAndZeroWidthCharactersAreMeasuredByDisplayWidth() {
    let rows = [["漢字"], ["abc漢字"], ["e\u{301}e\u{301}"], ["a\u{200B}b"]]
    #expect(drawn([.text("H", 0, width: .fixed(5), alignment: .trailing)], rows, width: 5) == """
          H
       漢字
       abc…
         e\u{301}e\u{301}
         a\u{200B}b
      """)
    #expect(drawn([.text("H", 0, width: .fixed(5), alignment: .center)], rows, width: 5) == """
        H
      漢字
      abc…
       e\u{301}e\u{301}
       a\u{200B}b
      """)
  }

  @Test func aColumnTooNarrowForItsTextShowsOnlyTheEllipsis() {
    let columns: [Table<TextRow>.Column] = [.text("Name", 0, width: .fixed(1), alignment: .trailing), .text("", 1, width: .fixed(0))]
    #expect(drawn(columns, [["漢"], ["x"]], width: 3) == "…\n…\nx")
  }
}
