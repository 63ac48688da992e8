import Testing
import TideTerminal

@Suite struct RendererTests {
  private func canvas(_ rows: [String], columns: Int = 10) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows.count)
    for (row, text) in rows.enumerated() {
      canvas.draw(text, atColumn: 0, row: row)
    }
    return canvas
  }

  @Test func firstFrameClearsAndWritesEveryNonBlankCell() {
    let terminal = RecordingTerminal(columns: 10, rows: 2)
    var renderer = Renderer()
    renderer.render(canvas(["hello", " 日"]), to: terminal)
    #expect(terminal.clears == 1)
    #expect(terminal.flushes == 1)
    #expect(terminal.puts.map(\.column) == [0, 1, 2, 3, 4, 1])
    #expect(terminal.puts.last == .init(cell: Cell("日"), column: 1, row: 1))
    #expect(renderer.statistics.frames == 1)
    #expect(renderer.statistics.cells == 6)
    #expect(renderer.statistics.bytes == 5 + 3)
  }

  /// After ctrl-z the last frame is drawn again whole, with nothing new from the app.
  @Test func aRepaintRedrawsTheLastFrameWhole() {
    let terminal = RecordingTerminal(columns: 10, rows: 1)
    var renderer = Renderer()
    renderer.repaint(to: terminal)
    #expect(terminal.puts.isEmpty && terminal.clears == 0, "nothing before the first frame")
    renderer.render(canvas(["hello"]), to: terminal)
    renderer.repaint(to: terminal)
    #expect(terminal.clears == 2 && terminal.puts.count == 10)
    renderer.render(canvas(["hello"]), to: terminal)
    #expect(terminal.puts.count == 10, "the repainted frame is the one to diff against")
  }

  @Test func unchangedFrameWritesNothing() {
    let terminal = RecordingTerminal(columns: 10, rows: 1)
    var renderer = Renderer()
    renderer.render(canvas(["hello"]), to: terminal)
    renderer.render(canvas(["hello"]), to: terminal)
    #expect(renderer.statistics.frames == 1)
    #expect(renderer.statistics.cells == 5)
    #expect(terminal.flushes == 1)
    #expect(terminal.puts.count == 5)
  }

  @Test func writesOnlyChangedCells() {
    let terminal = RecordingTerminal(columns: 10, rows: 2)
    var renderer = Renderer()
    renderer.render(canvas(["hello", "world"]), to: terminal)
    terminal.puts.removeAll()
    renderer.render(canvas(["heLLO", "world"]), to: terminal)
    #expect(terminal.puts.map(\.column) == [2, 3, 4])
    #expect(terminal.puts.map(\.cell.character) == ["L", "L", "O"])
    #expect(terminal.clears == 1)
    #expect(renderer.statistics.frames == 2)
    #expect(renderer.statistics.cells == 10 + 3)
    #expect(renderer.statistics.bytes == 10 + 3)
  }

  @Test func styleChangesAndErasedCellsAreWritten() {
    let terminal = RecordingTerminal(columns: 10, rows: 1)
    var renderer = Renderer()
    renderer.render(canvas(["abc"]), to: terminal)
    terminal.puts.removeAll()
    var next = Canvas(columns: 10, rows: 1)
    next.draw("a", atColumn: 0, row: 0, style: Style(bold: true))
    next.draw("b", atColumn: 1, row: 0)
    renderer.render(next, to: terminal)
    #expect(terminal.puts == [
      .init(cell: Cell("a", style: Style(bold: true)), column: 0, row: 0),
      .init(cell: .blank, column: 2, row: 0),
    ])
    #expect(renderer.statistics.cells == 3 + 2)
  }

  @Test func wideCharacterReplacedByNarrowOnes() {
    let terminal = RecordingTerminal(columns: 4, rows: 1)
    var renderer = Renderer()
    renderer.render(canvas(["日x"], columns: 4), to: terminal)
    #expect(renderer.statistics.cells == 2)
    #expect(renderer.statistics.bytes == 4)
    terminal.puts.removeAll()
    renderer.render(canvas(["abx"], columns: 4), to: terminal)
    #expect(terminal.puts.map(\.column) == [0, 1])
    terminal.puts.removeAll()
    renderer.render(canvas(["本x"], columns: 4), to: terminal)
    #expect(terminal.puts == [.init(cell: Cell("本"), column: 0, row: 0)])
  }

  @Test func bytesCountTheUtf8OfWrittenClusters() {
    let terminal = RecordingTerminal(columns: 10, rows: 1)
    var renderer = Renderer()
    renderer.render(canvas(["👨‍👩‍👧é"]), to: terminal)
    #expect(renderer.statistics.cells == 2)
    #expect(renderer.statistics.bytes == 18 + 2)
    #expect(terminal.puts.first?.cell.character == "👨‍👩‍👧")
  }

  @Test func sizeChangeForcesAFullRedraw() {
    let terminal = RecordingTerminal(columns: 10, rows: 1)
    var renderer = Renderer()
    renderer.render(canvas(["hello"]), to: terminal)
    renderer.render(canvas(["hello"], columns: 12), to: terminal)
    #expect(terminal.clears == 2)
    #expect(renderer.statistics.frames == 2)
    #expect(renderer.statistics.cells == 10)
  }

  @Test func invalidateForcesAFullRedraw() {
    let terminal = RecordingTerminal(columns: 10, rows: 1)
    var renderer = Renderer()
    renderer.render(canvas(["hi"]), to: terminal)
    renderer.invalidate()
    renderer.render(canvas(["hi"]), to: terminal)
    #expect(terminal.clears == 2)
    #expect(renderer.statistics.cells == 4)
  }

  @Test func headlessTerminalShowsTheRenderedFrames() {
    let terminal = HeadlessTerminal(columns: 12, rows: 2)
    var renderer = Renderer()
    renderer.render(canvas(["Count: 9", "日本"], columns: 12), to: terminal)
    #expect(terminal.screenText() == "Count: 9\n日本")
    renderer.render(canvas(["Count: 10", "ab"], columns: 12), to: terminal)
    #expect(terminal.screenText() == "Count: 10\nab")
    // Frame 1: 7 non-blank cells of "Count: 9" plus 2 wide cells; frame 2: "10" over "9 ",
    // then a, b and two blanks where 日本 was.
    #expect(renderer.statistics.cells == 9 + 6)
    #expect(terminal.flushCount == 2)
  }
}
