import Foundation
import Testing
import TideTestSupport
import TideTerminal

import CNcurses

/// The canvas against what the terminal does: ncurses advances the cursor by glibc's `wcwidth` of
/// each scalar it is given, and tmux joins a scalar after a ZWJ to the picture before it (the
/// widths in these tests were measured in tmux 3.3a with `printf` and `#{cursor_x}`). Every row
/// must then be exactly as wide as the canvas measured it, and no character may be dropped.
@Suite struct TerminalWidthTests {
  init() {
    _ = setlocale(LC_CTYPE, "C.UTF-8")
  }

  /// Columns the terminal advances for one cell's text: glibc's `wcwidth` of each scalar, where a
  /// scalar after a zero-width joiner joins the cell before it (as tmux 3.3 draws them, also
  /// when the joiner follows only zero-width scalars).
  static func terminalWidth(of text: String) -> Int {
    var total = 0
    var afterJoiner = false
    for scalar in text.unicodeScalars {
      if !afterJoiner { total += max(0, Int(tide_wcwidth(scalar.value))) }
      afterJoiner = scalar.value == 0x200D
    }
    return total
  }

  @Test(arguments: [
    ("k\u{93E}", 2), ("\u{E01}\u{E33}", 2), ("a\u{1F3FD}", 3), ("\u{FF76}\u{FF9E}", 2),
    ("\u{1100}\u{1100}", 4), ("\u{600}c", 2), ("\u{1100}\u{1161}", 2), ("e\u{301}", 1),
    ("👍🏽", 4), ("☝🏽", 3), ("🇯🇵", 2), ("👨‍👩‍👧", 2), ("👩🏽‍💻", 4), ("❤️", 1), ("1️⃣", 1), ("⌚︎", 2),
  ] as [(String, Int)])
  func clustersAreAsWideAsTheTerminalMakesThem(text: String, width: Int) {
    #expect(text.displayWidth == width)
    var canvas = Canvas(columns: 10, rows: 1)
    #expect(canvas.draw(text, atColumn: 0, row: 0) == width)
    #expect(canvas.text() == text, "drawn whole")
  }

  @Test func aPrependedMarkIsDrawnWithTheCharacterAfterItNotDropped() {
    var canvas = Canvas(columns: 10, rows: 1)
    let advanced = canvas.draw("ab\u{600}cd", atColumn: 0, row: 0)
    #expect(canvas.text() == "ab\u{600}cd")
    #expect(advanced == 5)
    var truncated = Canvas(columns: 4, rows: 1)
    truncated.drawTruncated("x\u{600}yz", atColumn: 0, row: 0, width: 3)
    #expect(truncated.text().hasSuffix("…"), "the ellipsis survives: \(truncated.text())")
  }

  @Test func rowsMatchTheTerminalsWidthsForRandomText() throws {
    let pool: [String] = [
      "a", "Z", " ", "é", "e\u{301}", "\u{301}", "k", "\u{93E}", "\u{E01}", "\u{E33}", "\u{FF76}",
      "\u{FF9E}", "\u{1100}", "\u{1161}", "\u{11A8}", "\u{1F3FD}", "👍", "🇯", "🇵", "\u{600}", "…", "中",
      "\u{200D}", "\u{FE0F}", "❤", "日本", "\u{200B}", "한", "👨", "Ａ", "\u{AD}", "ｶﾞ", "x", "👩🏽‍💻", "1️⃣", "☝",
    ]
    var generator = SeededGenerator(seed: 0x7469_6465)
    for round in 0..<3000 {
      let text = (0..<Int.random(in: 1...24, using: &generator)).map { _ in pool.randomElement(using: &generator)! }.joined()
      let columns = Int.random(in: 8...40, using: &generator)
      var canvas = Canvas(columns: columns, rows: 1)
      canvas.drawTruncated(text, atColumn: 0, row: 0, width: columns)
      var column = 0
      var drawn = ""
      for x in 0..<columns where !canvas[x, 0].isContinuation {
        let cell = canvas[x, 0].text
        try #require(x == column, "round \(round): cell \(x) is where the terminal puts column \(column) in \(text.debugDescription)")
        let width = Self.terminalWidth(of: cell)
        #expect(width == Int(canvas[x, 0].width), "round \(round): \(cell.debugDescription) is \(width) columns wide in the terminal")
        column += width
        drawn += cell
      }
      try #require(column == columns, "round \(round): the row is \(column) columns in the terminal, not \(columns)")
      // What fits is drawn whole: every spacing scalar of the text, in order.
      if text.displayWidth <= columns {
        // Zero-width clusters at the start of the row have no cell to join; the terminal drops
        // them too (tmux: `\u{200D}\u{93E}` first on a line advances 0 and shows nothing).
        let joinable = String(text.drop { $0.displayWidth == 0 })
        var expected = Array(joinable.decomposedStringWithCanonicalMapping.unicodeScalars.filter { tide_wcwidth($0.value) > 0 })
        var actual = Array(drawn.decomposedStringWithCanonicalMapping.unicodeScalars.filter { tide_wcwidth($0.value) > 0 })
        while expected.last == " " { expected.removeLast() }
        while actual.last == " " { actual.removeLast() }
        // Decomposed first: canonically equivalent spellings (é, e + ◌́) are the same text.
        try #require(String(String.UnicodeScalarView(expected)) == String(String.UnicodeScalarView(actual)), "round \(round): \(text.debugDescription) drawn as \(drawn.debugDescription)")
      }
    }
  }
}
