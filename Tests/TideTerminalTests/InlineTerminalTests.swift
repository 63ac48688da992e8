import Testing
import TideTestSupport
@testable import TideTerminal

/// The inline renderer's bytes: exact for each step an inline app takes (the first frame, grow,
/// shrink, a diff, lines printed above, wide characters, the exit kept or cleared), and, decoded
/// by a small terminal emulator, a screen whose scrollback above the live area is never touched.
@Suite struct InlineTerminalTests {
  /// A `columns`-wide canvas of `rows` rows showing `lines` from the top.
  func canvas(_ lines: [String], columns: Int = 10, rows: Int = 4) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    for (row, line) in lines.enumerated() { canvas.draw(line, atColumn: 0, row: row) }
    return canvas
  }

  /// Draws `frame` as the inline screen does and returns the bytes.
  func draw(_ frame: Canvas, on terminal: InlineTerminal, with renderer: inout Renderer) -> String {
    terminal.prepare(height: InlineTerminal.height(of: frame))
    renderer.render(frame, to: terminal)
    return terminal.takeOutput()
  }

  @Test func heightIsTheLastRowShowingSomethingAtLeastOne() {
    #expect(InlineTerminal.height(of: canvas([])) == 1)
    #expect(InlineTerminal.height(of: canvas(["a"])) == 1)
    #expect(InlineTerminal.height(of: canvas(["a", "", "c"])) == 3)
    var styled = canvas([])
    // A styled blank shows something (a bar's background).
    styled.fill(Rect(column: 0, row: 3, width: 1, height: 1), style: Style(reverse: true))
    #expect(InlineTerminal.height(of: styled) == 4)
  }

  @Test func firstFrameErasesFromTheCursorsLineTakesItsLinesAndComesBackToTheTop() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    let bytes = draw(canvas(["ab", "", "c"]), on: terminal, with: &renderer)
    // Reset, erase below; two line feeds take lines 2 and 3; cells; back to the first line.
    // After a line feed the column is not known (a tty may or may not return the carriage).
    #expect(bytes.debugDescription == "\u{1B}[0m\r\u{1B}[J\n\n\u{1B}[2A\rab\u{1B}[2B\rc\u{1B}[2A\r".debugDescription)
    #expect(terminal.height == 3)
  }

  @Test func aChangeWritesOnlyTheChangedCellsWithRelativeMoves() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    _ = draw(canvas(["ab", "cd"]), on: terminal, with: &renderer)
    let bytes = draw(canvas(["ab", "cX"]), on: terminal, with: &renderer)
    #expect(bytes.debugDescription == "\u{1B}[B\u{1B}[2GX\u{1B}[A\r".debugDescription)
    #expect(draw(canvas(["ab", "cX"]), on: terminal, with: &renderer) == "")
  }

  /// Issue 40, the real cursor inline: a frame with a caret leaves the cursor there, shown;
  /// the next frame hides it before writing and shows it again at the (moved) caret, counting
  /// its moves from there; a frame without one hides it and rests at the first line.
  @Test func theCursorShowsAtTheCaretAndHidesWhileAFrameIsWritten() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    var first = canvas(["> ab", "x"])
    first.showCursor(atColumn: 4, row: 0)
    #expect(draw(first, on: terminal, with: &renderer).hasSuffix("\u{1B}[A\u{1B}[5G\u{1B}[?25h"))
    var second = canvas(["> abc", "x"])
    second.showCursor(atColumn: 5, row: 0)
    // Hidden first, already at column 5 of the first line: c written; then shown at column 6.
    #expect(draw(second, on: terminal, with: &renderer).debugDescription == "\u{1B}[?25lc\u{1B}[?25h".debugDescription)
    let third = canvas(["> abc", "y"])
    #expect(draw(third, on: terminal, with: &renderer).debugDescription == "\u{1B}[?25l\u{1B}[B\ry\u{1B}[A\r".debugDescription)
  }

  @Test func growingTakesLinesWithLineFeedsFromTheLastLine() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    _ = draw(canvas(["a"]), on: terminal, with: &renderer)
    let bytes = draw(canvas(["a", "b", "c"]), on: terminal, with: &renderer)
    // From the first (and last) line, two line feeds; then the cells, from line 2 up.
    #expect(bytes.debugDescription == "\n\n\u{1B}[A\rb\u{1B}[B\rc\u{1B}[2A\r".debugDescription)
    #expect(terminal.height == 3)
  }

  @Test func shrinkingErasesTheLinesNoLongerTaken() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    _ = draw(canvas(["a", "b", "c"]), on: terminal, with: &renderer)
    let bytes = draw(canvas(["a"]), on: terminal, with: &renderer)
    // The renderer's blanks are not written below the frame: one erase from line 2 does it.
    #expect(bytes.debugDescription == "\u{1B}[B\r\u{1B}[J\u{1B}[A".debugDescription)
    #expect(terminal.height == 1)
  }

  @Test func wideCharactersAreWrittenWholeAndMovesCountTheirColumns() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    _ = draw(canvas(["日本x"]), on: terminal, with: &renderer)
    let bytes = draw(canvas(["日本y"]), on: terminal, with: &renderer)
    // 日本 take columns 1–4: y goes to column 5.
    #expect(bytes.debugDescription == "\u{1B}[5Gy\r".debugDescription)
    // Shifted by one column: every cell changed, written in one run from the line's start.
    let replaced = draw(canvas(["a日本y"]), on: terminal, with: &renderer)
    #expect(replaced.debugDescription == "a日本y\r".debugDescription)
  }

  @Test func printingAboveErasesTheLiveAreaWritesTheLinesAndRedrawsBelowThem() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    _ = draw(canvas(["ab", "cd"]), on: terminal, with: &renderer)
    terminal.printAbove(["one", "t\u{1B}[2Jwo"])
    // Control characters dropped: the escape's bytes are text.
    // The style is plain already: no reset needed before the erase.
    #expect(terminal.takeOutput().debugDescription == "\r\u{1B}[Jone\r\nt[2Jwo\r\n".debugDescription)
    #expect(terminal.height == 0)
    renderer.repaint(to: terminal)
    #expect(terminal.takeOutput().debugDescription == "\r\u{1B}[J\n\u{1B}[A\rab\u{1B}[B\rcd\u{1B}[A\r".debugDescription)
  }

  @Test func exitKeepingTheFrameLeavesTheCursorBelowIt() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    _ = draw(canvas(["ab", "cd"]), on: terminal, with: &renderer)
    terminal.finish(keepingLastFrame: true)
    #expect(terminal.takeOutput().debugDescription == "\u{1B}[0m\u{1B}[B\r\n".debugDescription)
  }

  @Test func exitClearingErasesTheFrameAndLeavesTheCursorWhereItBegan() {
    let terminal = InlineTerminal(size: TerminalSize(columns: 10, rows: 4))
    var renderer = Renderer()
    _ = draw(canvas(["ab", "cd"]), on: terminal, with: &renderer)
    terminal.finish(keepingLastFrame: false)
    #expect(terminal.takeOutput().debugDescription == "\u{1B}[0m\r\u{1B}[J".debugDescription)
  }

  /// Random frames of random heights, lines printed between them and resizes, at the bottom of
  /// a screen full of the shell's lines: decoded, the scrollback and the screen above the live
  /// area hold the shell's lines and the printed ones in order, untouched, and the live area
  /// shows the frame, blank below it.
  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func decodedTheScrollbackStaysAndTheLiveAreaShowsTheFrame(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    let columns = 16
    let screenRows = 8
    var screen = ANSIInterpreter(columns: columns, rows: screenRows)
    // The shell's lines, the cursor on the line after them (column 0), at the bottom.
    var expectedAbove: [String] = []
    for index in 0..<screenRows - 1 {
      expectedAbove.append("shell \(index)")
      try screen.feed("shell \(index)\r\n")
    }
    let terminal = InlineTerminal(size: TerminalSize(columns: columns, rows: 5))
    var renderer = Renderer()
    let texts = ["日本語", "e\u{301}", "→ ok", "漢a字", "|", "abc", "x"]
    for step in 0..<30 {
      if Int.random(in: 0..<5, using: &random) == 0 {
        let lines = (0..<Int.random(in: 1...2, using: &random)).map { "printed \(step).\($0)" }
        terminal.printAbove(lines)
        expectedAbove += lines
        try screen.feed(terminal.takeOutput())
        renderer.repaint(to: terminal)
        try screen.feed(terminal.takeOutput())
      }
      var frame = Canvas(columns: columns, rows: 5)
      for row in 0..<Int.random(in: 1...5, using: &random) {
        frame.draw(
          texts.randomElement(using: &random)!, atColumn: Int.random(in: 0..<columns - 3, using: &random), row: row,
          style: Bool.random(using: &random) ? Style(bold: true) : .plain)
      }
      try screen.feed(draw(frame, on: terminal, with: &renderer))
      let height = InlineTerminal.height(of: frame)
      // The cursor rests at the start of the live area's first line.
      let top = screen.cursor.row
      #expect(screen.cursor.column == 0)
      let above = screen.scrollback.map(ANSIInterpreter.text(of:)) + (0..<top).map { screen.line($0) }
      #expect(Array(above.suffix(expectedAbove.count)) == expectedAbove, "step \(step)")
      #expect(above.count == expectedAbove.count, "nothing but the printed lines above, step \(step)")
      for row in 0..<height {
        var expected = ""
        for column in 0..<columns where !frame[column, row].isContinuation { expected += frame[column, row].text }
        while expected.hasSuffix(" ") { expected.removeLast() }
        #expect(screen.line(top + row) == expected, "step \(step) row \(row)")
      }
      for row in top + height..<screenRows { #expect(screen.line(row) == "", "blank below, step \(step)") }
    }
    terminal.finish(keepingLastFrame: true)
    try screen.feed(terminal.takeOutput())
    #expect(screen.cursor.column == 0)
  }
}
