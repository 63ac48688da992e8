import Testing
import TideTerminal

@Suite struct CanvasTests {
  @Test func drawsAsciiAndReturnsColumnsUsed() {
    var canvas = Canvas(columns: 10, rows: 2)
    #expect(canvas.draw("hello", atColumn: 2, row: 1) == 5)
    #expect(canvas.text() == "\n  hello")
  }

  @Test func wideCharactersTakeTwoCells() {
    var canvas = Canvas(columns: 10, rows: 1)
    #expect(canvas.draw("日本語", atColumn: 0, row: 0) == 6)
    #expect(canvas.text() == "日本語")
    #expect(canvas[0, 0].character == "日")
    #expect(canvas[0, 0].width == 2)
    #expect(canvas[1, 0].isContinuation)
    #expect(canvas[2, 0].character == "本")
    #expect(canvas.draw("x", atColumn: 6, row: 0) == 1)
    #expect(canvas.text() == "日本語x")
  }

  @Test func emojiTakeTwoCells() {
    var canvas = Canvas(columns: 12, rows: 1)
    #expect(canvas.draw("👍👨‍👩‍👧🇯🇵|", atColumn: 0, row: 0) == 7)
    #expect(canvas[2, 0].character == "👨‍👩‍👧")
    // A flag is two one-column regional indicators, as the terminal lays them out.
    #expect(canvas[4, 0].character == "🇯")
    #expect(canvas[5, 0].character == "🇵")
    #expect(canvas[6, 0].character == "|")
    #expect(canvas.text() == "👍👨‍👩‍👧🇯🇵|")
  }

  @Test func combiningMarksStayInTheirCell() {
    var canvas = Canvas(columns: 5, rows: 1)
    #expect(canvas.draw("e\u{301}x", atColumn: 0, row: 0) == 2)
    #expect(canvas[0, 0].character == "e\u{301}")
    #expect(canvas[1, 0].character == "x")
  }

  @Test func loneCombiningMarkJoinsThePreviousCellAndControlsAreSkipped() {
    var canvas = Canvas(columns: 5, rows: 1)
    #expect(canvas.draw("a\n\u{301}b", atColumn: 0, row: 0) == 2)
    #expect(canvas[0, 0].character == "a\u{301}")
    #expect(canvas.text() == "a\u{301}b")
  }

  @Test func mixedTextSwitchesToGraphemeBreakingWhereNeeded() {
    var canvas = Canvas(columns: 12, rows: 1)
    #expect(canvas.draw("日本e\u{301}👍🏽a\r\nb", atColumn: 0, row: 0) == 11)
    #expect(canvas.text() == "日本e\u{301}👍🏽ab")
    #expect(canvas[4, 0].character == "e\u{301}")
    // A skin tone takes its own two columns in the terminal (glibc wcwidth, tmux 3.3).
    #expect(canvas[5, 0].character == "👍")
    #expect(canvas[7, 0].character == "🏽")
    #expect(canvas[5, 0].width == 2)
  }

  @Test func multiScalarCellsCompareByCluster() {
    #expect(Cell("👨‍👩‍👧") == Cell("👨‍👩‍👧"))
    #expect(Cell("👨‍👩‍👧") != Cell("👨‍👩‍👦"))
    #expect(Cell("👨‍👩‍👧").character == "👨‍👩‍👧")
    #expect(Cell("👨‍👩‍👧").width == 2)
    #expect(Cell("\u{7}") == Cell(" "))
  }

  @Test func clipsToTheCanvas() {
    var canvas = Canvas(columns: 5, rows: 2)
    #expect(canvas.draw("abcd", atColumn: 3, row: 0) == 4)
    #expect(canvas.draw("abcd", atColumn: -2, row: 1) == 4)
    canvas.draw("zzz", atColumn: 0, row: 2)
    canvas.draw("zzz", atColumn: 0, row: -1)
    #expect(canvas.text() == "   ab\ncd")
  }

  @Test func wideCharacterAtTheRightEdgeBecomesASpace() {
    var canvas = Canvas(columns: 5, rows: 1)
    canvas.fill(canvas.bounds, with: "-")
    #expect(canvas.draw("ab日本", atColumn: 0, row: 0) == 6)
    #expect(canvas.text() == "ab日")
    #expect(canvas[4, 0] == Cell(" "))
  }

  @Test func wideCharacterCutByTheLeftEdgeLeavesASpace() {
    var canvas = Canvas(columns: 5, rows: 1)
    canvas.fill(canvas.bounds, with: "-")
    #expect(canvas.draw("日a", atColumn: -1, row: 0) == 3)
    #expect(canvas.text() == " a---")
  }

  @Test func maxWidthStopsDrawingAndPadsAStraddlingWideCharacter() {
    var canvas = Canvas(columns: 8, rows: 2)
    canvas.fill(canvas.bounds, with: "-")
    #expect(canvas.draw("ab日", atColumn: 0, row: 0, maxWidth: 3) == 3)
    #expect(canvas.draw("abcdef", atColumn: 0, row: 1, maxWidth: 2) == 2)
    #expect(canvas.text() == "ab -----\nab------")
  }

  @Test func clipRectangleRestrictsDrawingAndNests() {
    var canvas = Canvas(columns: 8, rows: 2)
    canvas.withClip(Rect(column: 2, row: 0, width: 3, height: 1)) { canvas in
      canvas.draw("abcdefgh", atColumn: 0, row: 0)
      canvas.draw("abcdefgh", atColumn: 0, row: 1)
      canvas.withClip(Rect(column: 4, row: 0, width: 4, height: 2)) { canvas in
        canvas.fill(canvas.bounds, with: "#")
      }
    }
    canvas.draw("after", atColumn: 0, row: 1)
    #expect(canvas.text() == "  cd#\nafter")
  }

  @Test func wideCharacterCutByTheClipRectangleBecomesASpace() {
    var canvas = Canvas(columns: 6, rows: 1)
    canvas.fill(canvas.bounds, with: "-")
    canvas.withClip(Rect(column: 0, row: 0, width: 3, height: 1)) { canvas in
      canvas.draw("a日", atColumn: 0, row: 0)
    }
    #expect(canvas.text() == "a日---")
    canvas.withClip(Rect(column: 0, row: 0, width: 3, height: 1)) { canvas in
      // Only the left half of 本 is inside: it becomes a space, which also breaks 日.
      canvas.draw("本", atColumn: 2, row: 0)
    }
    #expect(canvas.text() == "a  ---")
    var other = Canvas(columns: 6, rows: 1)
    other.withClip(Rect(column: 0, row: 0, width: 4, height: 1)) { canvas in
      canvas.draw("ab本x", atColumn: 1, row: 0)
    }
    #expect(other.text() == " ab")
    #expect(other[3, 0] == Cell(" "))
  }

  @Test func overwritingHalfOfAWideCharacterBlanksTheOtherHalf() {
    var canvas = Canvas(columns: 6, rows: 2)
    canvas.draw("日本", atColumn: 0, row: 0)
    canvas.draw("x", atColumn: 1, row: 0)
    #expect(canvas.text(ofRow: 0) == " x本")
    canvas.draw("y", atColumn: 2, row: 0)
    #expect(canvas.text(ofRow: 0) == " xy")
    #expect(!canvas[3, 0].isContinuation)

    canvas.draw("日本", atColumn: 0, row: 1)
    canvas.draw("語", atColumn: 1, row: 1)
    #expect(canvas.text(ofRow: 1) == " 語")
    #expect(canvas[1, 1].width == 2)
    #expect(canvas[2, 1].isContinuation)
    #expect(canvas[3, 1] == Cell(" "))
  }

  @Test func drawTruncatedEndsWithAnEllipsis() {
    var canvas = Canvas(columns: 12, rows: 2)
    #expect(canvas.drawTruncated("Hello, world", atColumn: 0, row: 0, width: 6) == 6)
    #expect(canvas.drawTruncated("日本語です", atColumn: 0, row: 1, width: 6) == 5)
    #expect(canvas.text() == "Hello…\n日本…")
  }

  @Test func fillCoversTheRectangle() {
    var canvas = Canvas(columns: 6, rows: 3)
    let style = Style(reverse: true)
    canvas.fill(Rect(column: 1, row: 0, width: 3, height: 2), with: "x", style: style)
    #expect(canvas.text() == " xxx\n xxx\n")
    #expect(canvas[1, 1] == Cell("x", style: style))
    canvas.fill(Rect(column: 0, row: 2, width: 5, height: 1), with: "日")
    #expect(canvas.text(ofRow: 2) == "日日")
  }

  @Test func boxUsesSingleLineCharacters() {
    var canvas = Canvas(columns: 6, rows: 4)
    canvas.drawBox(Rect(column: 0, row: 0, width: 6, height: 3))
    #expect(canvas.text() == "┌────┐\n│    │\n└────┘\n")
  }

  @Test func boxTitleIsTruncatedToFit() {
    var canvas = Canvas(columns: 10, rows: 2)
    canvas.drawBox(Rect(column: 0, row: 0, width: 10, height: 2), title: "Hi")
    #expect(canvas.text() == "┌ Hi ────┐\n└────────┘")
    var narrow = Canvas(columns: 8, rows: 2)
    narrow.drawBox(narrow.bounds, title: "Hello world")
    #expect(narrow.text() == "┌ Hel… ┐\n└──────┘")
  }

  @Test func boxIsClippedAndTinyBoxesDrawNothing() {
    var canvas = Canvas(columns: 4, rows: 2)
    canvas.drawBox(Rect(column: 2, row: 0, width: 5, height: 5))
    canvas.drawBox(Rect(column: 0, row: 0, width: 1, height: 2))
    #expect(canvas.text() == "  ┌─\n  │")
  }

  @Test func textTrimsTrailingSpacesEvenWhenStyled() {
    var canvas = Canvas(columns: 8, rows: 2)
    canvas.fill(Rect(column: 0, row: 0, width: 8, height: 1), style: Style(reverse: true))
    canvas.draw(" tab ", atColumn: 0, row: 0, style: Style(reverse: true))
    canvas.draw("a  b", atColumn: 0, row: 1)
    #expect(canvas.text() == " tab\na  b")
  }

  @Test func clearBlanksEverything() {
    var canvas = Canvas(columns: 3, rows: 1)
    canvas.draw("abc", atColumn: 0, row: 0, style: Style(bold: true))
    canvas.clear()
    #expect(canvas == Canvas(columns: 3, rows: 1))
  }
}
