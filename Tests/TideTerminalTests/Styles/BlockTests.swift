import Testing
@testable import TideTerminal

@Suite("Block and borders")
struct BlockTests {
  func drawn(_ block: Block, columns: Int = 20, rows: Int = 5, theme: Theme = .default) -> (Canvas, Rect) {
    var canvas = Canvas(columns: columns, rows: rows)
    canvas.theme = theme
    let inner = block.draw(in: canvas.bounds, on: &canvas)
    return (canvas, inner)
  }

  @Test func eachShapeDrawsItsCharacters() {
    let expected: [(Border, String, String)] = [
      (.normal, "┌────┐", "└────┘"), (.rounded, "╭────╮", "╰────╯"), (.double, "╔════╗", "╚════╝"),
      (.thick, "┏━━━━┓", "┗━━━━┛"), (.ascii, "+----+", "+----+"),
    ]
    for (border, top, bottom) in expected {
      let (canvas, inner) = drawn(Block(border: border), columns: 6, rows: 3)
      #expect(canvas.text(ofRow: 0) == top && canvas.text(ofRow: 2) == bottom)
      #expect(canvas.text(ofRow: 1) == String(canvas.text(ofRow: 1).first!) + "    " + String(canvas.text(ofRow: 1).last!))
      #expect(inner == Rect(column: 1, row: 1, width: 4, height: 1))
    }
  }

  @Test func titleAndFooterSitWhereTheyAreAligned() {
    let (leading, _) = drawn(Block(title: "Hi", footer: "3 of 9", footerAlignment: .trailing))
    #expect(leading.text(ofRow: 0) == "┌ Hi ──────────────┐")
    #expect(leading.text(ofRow: 4) == "└────────── 3 of 9 ┘")
    let (centred, _) = drawn(Block(title: "Hi", titleAlignment: .center, footer: "end", footerAlignment: .center))
    #expect(centred.text(ofRow: 0) == "┌─────── Hi ───────┐")
    #expect(centred.text(ofRow: 4) == "└────── end ───────┘")
    let (long, _) = drawn(Block(title: "A title far too long for it"), columns: 12, rows: 3)
    #expect(long.text(ofRow: 0) == "┌ A title… ┐")
  }

  @Test func marginAndPaddingShrinkTheInside() {
    let block = Block(padding: Insets(vertical: 1, horizontal: 2), margin: Insets(top: 1, leading: 3))
    let (canvas, inner) = drawn(block, columns: 20, rows: 8)
    #expect(canvas.text(ofRow: 0) == "")
    #expect(canvas.text(ofRow: 1) == "   ┌───────────────┐")
    #expect(inner == Rect(column: 6, row: 3, width: 11, height: 3))
    #expect(block.inner(of: Rect(column: 0, row: 0, width: 2, height: 2)).isEmpty)
  }

  @Test func tooSmallForABorderDrawsNothing() {
    let (canvas, inner) = drawn(Block(title: "x"), columns: 1, rows: 5)
    #expect(canvas.text() == Canvas(columns: 1, rows: 5).text())
    #expect(inner.width == 1)
  }

  @Test func theThemeGivesTheStylesAndTheShape() {
    let (canvas, _) = drawn(Block(title: "Hi", footer: "f"), theme: .dark)
    #expect(canvas.text(ofRow: 0).hasPrefix("╭ Hi"))
    #expect(canvas[0, 0].style == Theme.dark.border)
    #expect(canvas[2, 0].style == Theme.dark.title)
    #expect(canvas[2, 4].style == Theme.dark.muted)
    let (focused, _) = drawn(Block(isFocused: true), theme: .dark)
    #expect(focused[0, 2].style == Theme.dark.focus)
  }

  @Test func boxCharactersBecomeASCIIWhereTheTerminalCannotDrawThem() {
    #expect(ASCIIBorders.areNeeded(term: "xterm-256color", codeset: "UTF-8") == false)
    #expect(ASCIIBorders.areNeeded(term: "xterm-256color", codeset: "utf8") == false)
    #expect(ASCIIBorders.areNeeded(term: "xterm-256color", codeset: "ANSI_X3.4-1968") == true)
    #expect(ASCIIBorders.areNeeded(term: "xterm", codeset: "ISO-8859-1") == true)
    #expect(ASCIIBorders.areNeeded(term: "linux", codeset: "UTF-8") == true)
    #expect(ASCIIBorders.areNeeded(term: "vt100", codeset: "UTF-8") == true)
    #expect(ASCIIBorders.areNeeded(term: nil, codeset: nil) == true)
    for border in [Border.normal, .rounded, .double, .thick] {
      var canvas = Canvas(columns: 4, rows: 3)
      canvas.drawBorder(canvas.bounds, border, style: .plain)
      let ascii = (0..<3).map { row in
        String((0..<4).map { column in
          let scalar = canvas[column, row].scalar!.value
          return Character(Unicode.Scalar(ASCIIBorders.replacement(for: scalar) ?? scalar)!)
        })
      }
      #expect(ascii == ["+--+", "|  |", "+--+"], "\(border)")
      // The cells both screens (full and inline) put, their styles kept.
      let shown = (0..<4).map { ASCIIBorders.shown(canvas[$0, 0]).text }.joined()
      #expect(shown == "+--+", "\(border)")
    }
    let styled = Cell("█", style: Style(bold: true))
    #expect(ASCIIBorders.shown(styled).style == styled.style && ASCIIBorders.shown(styled).text != "█")
    #expect(ASCIIBorders.shown(Cell("a")) == Cell("a"))
    #expect(ASCIIBorders.replacement(for: 0x41) == nil && ASCIIBorders.replacement(for: 0x2588) == nil)
  }
}
