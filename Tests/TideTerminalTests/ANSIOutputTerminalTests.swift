import Foundation
import Testing
import TideTestSupport
@testable import TideTerminal

/// The cast encoder: the renderer's cell diff, encoded as ANSI and decoded again by a small
/// terminal emulator, ends on exactly the canvas that was rendered — after every frame.
@Suite struct ANSIOutputTerminalTests {
  static let texts = ["Count: 12", "日本語", "e\u{301}", "👍🏽", "[x] buy milk", "  ", "→ ok", "漢a字", "🇫🇷", "|"]

  func randomStyle(_ random: inout SeededGenerator) -> Style {
    Style(
      bold: Bool.random(using: &random), dim: Int.random(in: 0..<4, using: &random) == 0,
      italic: Int.random(in: 0..<4, using: &random) == 0, reverse: Int.random(in: 0..<4, using: &random) == 0,
      underline: Int.random(in: 0..<3, using: &random) == 0 ? Underline.allCases.randomElement(using: &random) : nil,
      underlineColor: Int.random(in: 0..<4, using: &random) == 0 ? randomColor(&random) : .default,
      strikethrough: Int.random(in: 0..<6, using: &random) == 0,
      foreground: randomColor(&random), background: randomColor(&random))
  }

  /// The default, an ANSI, a palette or an RGB colour.
  func randomColor(_ random: inout SeededGenerator) -> Color {
    switch Int.random(in: 0..<4, using: &random) {
    case 0: .default
    case 1: .indexed(UInt8.random(in: 0..<16, using: &random))
    case 2: .indexed(UInt8.random(in: 16...255, using: &random))
    default:
      Color(red: .random(in: 0...255, using: &random), green: .random(in: 0...255, using: &random), blue: .random(in: 0...255, using: &random))
    }
  }

  func randomFrame(base: Canvas, _ random: inout SeededGenerator) -> Canvas {
    var canvas = base
    for _ in 0..<Int.random(in: 1...12, using: &random) {
      let text = Self.texts.randomElement(using: &random)!
      canvas.draw(
        text, atColumn: Int.random(in: 0..<canvas.columns, using: &random),
        row: Int.random(in: 0..<canvas.rows, using: &random), style: randomStyle(&random))
    }
    if Int.random(in: 0..<5, using: &random) == 0 {
      canvas.fill(Rect(column: 2, row: 1, width: 7, height: 2), with: " ", style: randomStyle(&random))
    }
    return canvas
  }

  @Test(arguments: 1...20 as ClosedRange<UInt64>)
  func decodingTheOutputGivesEveryFrame(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var size = TerminalSize(columns: 20, rows: 6)
    let encoder = ANSIOutputTerminal(size: size)
    var screen = ANSIInterpreter(columns: size.columns, rows: size.rows)
    var renderer = Renderer()
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    for frame in 0..<40 {
      if frame == 25 {
        // A resize: the renderer redraws everything at the new size.
        size = TerminalSize(columns: 14, rows: 8)
        encoder.resize(to: size)
        screen.resize(columns: size.columns, rows: size.rows)
        canvas = Canvas(columns: size.columns, rows: size.rows)
      }
      canvas = randomFrame(base: canvas, &random)
      renderer.render(canvas, to: encoder)
      try screen.feed(encoder.takeOutput())
      let mismatches = screen.mismatches(with: canvas)
      #expect(mismatches.isEmpty, "seed \(seed), frame \(frame): \(mismatches.prefix(3))")
      if !mismatches.isEmpty { return }
    }
    #expect(screen.cursorHidden)
  }

  @Test func anUnchangedFrameWritesNothingAndAChangeWritesOnlyItsCells() {
    let encoder = ANSIOutputTerminal(size: TerminalSize(columns: 10, rows: 2))
    var renderer = Renderer()
    var canvas = Canvas(columns: 10, rows: 2)
    canvas.draw("Count: 1", atColumn: 0, row: 0)
    renderer.render(canvas, to: encoder)
    // A full redraw skips blank cells (the clear made them), moving over them.
    #expect(encoder.takeOutput() == "\u{1B}[?25l\u{1B}[0m\u{1B}[2J\u{1B}[1;1HCount:\u{1B}[1;8H1")
    renderer.render(canvas, to: encoder)
    #expect(encoder.takeOutput() == "")
    canvas.draw("2", atColumn: 7, row: 0, style: Style(bold: true, foreground: .red))
    renderer.render(canvas, to: encoder)
    #expect(encoder.takeOutput() == "\u{1B}[1;8H\u{1B}[0;1;31m2")
  }

  @Test func theCastHasAHeaderAndTimedEventsThatDecodeToTheFinalScreen() throws {
    let size = TerminalSize(columns: 12, rows: 3)
    let encoder = ANSIOutputTerminal(size: size)
    var cast = AsciicastWriter(size: size, title: "a \"quoted\" title")
    var renderer = Renderer()
    var canvas = Canvas(columns: 12, rows: 3)
    canvas.draw("Tide \\ \"日\"", atColumn: 0, row: 0, style: Style(underline: .single, background: .blue))
    renderer.render(canvas, to: encoder)
    cast.output(encoder.takeOutput(), at: .zero)
    canvas.draw("after 1.5 s", atColumn: 0, row: 2, style: Style(reverse: true))
    renderer.render(canvas, to: encoder)
    cast.output(encoder.takeOutput(), at: .milliseconds(1500))
    renderer.render(canvas, to: encoder)
    cast.output(encoder.takeOutput(), at: .seconds(2))  // nothing changed: no event

    let lines = cast.text.split(separator: "\n").map(String.init)
    #expect(cast.eventCount == 2)
    #expect(lines.count == 3)
    let header = try #require(JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    #expect(header["version"] as? Int == 2)
    #expect(header["width"] as? Int == 12)
    #expect(header["height"] as? Int == 3)
    #expect(header["title"] as? String == "a \"quoted\" title")
    #expect(lines[0].hasPrefix("{\"version\": 2, \"width\": 12, \"height\": 3"))

    var screen = ANSIInterpreter(columns: 12, rows: 3)
    var times: [Double] = []
    for line in lines.dropFirst() {
      let event = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
      #expect(event.count == 3)
      #expect(event[1] as? String == "o")
      times.append(try #require((event[0] as? NSNumber)?.doubleValue))
      try screen.feed(try #require(event[2] as? String))
    }
    #expect(times == [0, 1.5])
    #expect(lines[2].hasPrefix("[1.500000, \"o\", \""))
    #expect(screen.mismatches(with: canvas).isEmpty)
  }

  @Test func castTimesAndStringsAreExactJSON() {
    #expect(AsciicastWriter.seconds(.zero) == "0.000000")
    #expect(AsciicastWriter.seconds(.milliseconds(3_600_001)) == "3600.001000")
    #expect(AsciicastWriter.seconds(.nanoseconds(1_999)) == "0.000001")
    #expect(AsciicastWriter.jsonString("a\"b\\c\u{1B}[0m\n\u{0}\u{2028}é") == #""a\"b\\c\u001b[0m\n\u0000\u2028é""#)
    // Written by the package's one JSON writer, as traces and todo files are: a C1 control
    // (U+009B, a terminal's CSI) and DEL are escaped too.
    #expect(AsciicastWriter.jsonString("\u{9B}2J\u{7F}") == #""\u009b2J\u007f""#)
    var cast = AsciicastWriter(size: TerminalSize(columns: 80, rows: 24))
    cast.resize(to: TerminalSize(columns: 100, rows: 30), at: .seconds(2))
    #expect(cast.text == "{\"version\": 2, \"width\": 80, \"height\": 24, \"env\": {\"TERM\": \"xterm-256color\"}}\n[2.000000, \"r\", \"100x30\"]\n")
  }
}
