import Foundation
import Testing
@testable import TideTerminal

/// The SVG screenshot of a canvas: a grid of styled text runs, safely escaped.
@Suite struct SVGWriterTests {
  func elements(_ name: String, in svg: String) -> [Substring] {
    svg.split(separator: "\n").filter { $0.hasPrefix("<\(name) ") }
  }

  func attribute(_ name: String, of element: Substring) -> String? {
    guard let start = element.range(of: " \(name)=\"") else { return nil }
    let rest = element[start.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
  }

  /// The text between `>` and `</text>`, found by scalars: a skin tone right after `>` would
  /// join it in one `Character`.
  func content(of element: Substring) -> String? {
    let scalars = element.unicodeScalars
    guard let open = scalars.firstIndex(of: ">"), let close = element.range(of: "</text>") else { return nil }
    return String(scalars[scalars.index(after: open)..<close.lowerBound])
  }

  @Test func theDocumentIsTheGridSize() {
    let svg = SVGWriter.document(for: Canvas(columns: 80, rows: 24))
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"720\" height=\"432\" viewBox=\"0 0 720 432\""))
    #expect(svg.hasSuffix("</svg>\n"))
    #expect(elements("text", in: svg).isEmpty, "a blank screen has no text")
    #expect(elements("rect", in: svg).count == 1, "only the background")
  }

  @Test func runsKeepTheirCellsStylesAndColours() throws {
    var canvas = Canvas(columns: 20, rows: 2)
    canvas.draw("Count: ", atColumn: 0, row: 0)
    canvas.draw("12", atColumn: 7, row: 0, style: Style(bold: true, foreground: .green))
    canvas.draw(" tabs ", atColumn: 10, row: 0, style: Style(reverse: true))
    canvas.draw("dim", atColumn: 0, row: 1, style: Style(dim: true, underline: .single, background: .blue))
    let svg = SVGWriter.document(for: canvas)
    let texts = elements("text", in: svg)
    // Blanks at the ends of a run are left out of its text (the reversed box still covers them).
    #expect(texts.map { content(of: $0) } == ["Count:", "12", "tabs", "dim"])
    #expect(texts.map { attribute("x", of: $0) } == ["0", "63", "99", "0"])
    #expect(texts.map { attribute("textLength", of: $0) } == ["54", "18", "36", "27"])
    #expect(attribute("font-weight", of: texts[1]) == "bold")
    #expect(attribute("fill", of: texts[1]) == SVGWriter.Theme.dark.palette[2])
    // Reverse: default colours swapped, so the text takes the background colour on a foreground box.
    #expect(attribute("fill", of: texts[2]) == SVGWriter.Theme.dark.background)
    #expect(attribute("opacity", of: texts[3]) == "0.6")
    #expect(attribute("text-decoration", of: texts[3]) == "underline")
    let rects = elements("rect", in: svg)
    #expect(rects.count == 3)
    #expect(attribute("fill", of: rects[1]) == SVGWriter.Theme.dark.foreground)
    #expect(attribute("x", of: rects[1]) == "90")
    #expect(attribute("width", of: rects[1]) == "54")
    #expect(attribute("fill", of: rects[2]) == SVGWriter.Theme.dark.palette[4])
    #expect(attribute("y", of: rects[2]) == "18")
  }

  @Test func everyColourAndAttributeIsDrawnExactly() {
    var canvas = Canvas(columns: 12, rows: 5)
    canvas.draw("rgb", atColumn: 0, row: 0, style: Style(foreground: Color(hex: "#7aa2f7"), background: .indexed(208)))
    canvas.draw("it", atColumn: 4, row: 0, style: Style(italic: true, strikethrough: true))
    canvas.draw("both", atColumn: 7, row: 0, style: Style(underline: .single, strikethrough: true))
    for (row, shape) in [Underline.double, .curly, .dotted, .dashed].enumerated() {
      canvas.draw("ab", atColumn: 0, row: row + 1, style: Style(underline: shape, underlineColor: Color(hex: "#ff0000")))
    }
    let svg = SVGWriter.document(for: canvas)
    let texts = elements("text", in: svg)
    #expect(attribute("fill", of: texts[0]) == "#7aa2f7")
    #expect(attribute("fill", of: elements("rect", in: svg)[1]) == "#ff8700")
    #expect(attribute("font-style", of: texts[1]) == "italic" && attribute("text-decoration", of: texts[1]) == "line-through")
    #expect(attribute("text-decoration", of: texts[2]) == "underline line-through")
    // Shapes and colours of underlines are lines of their own, in the underline's colour.
    let lines = elements("line", in: svg)
    #expect(lines.count == 4, "double: two lines, dotted and dashed one each")
    #expect(lines.allSatisfy { attribute("stroke", of: $0) == "#ff0000" && attribute("x1", of: $0) == "0" && attribute("x2", of: $0) == "18" })
    #expect(attribute("y1", of: lines[0]) != attribute("y1", of: lines[1]))
    #expect(attribute("stroke-dasharray", of: lines[2]) == "1 2" && attribute("stroke-dasharray", of: lines[3]) == "4 2")
    let curly = elements("path", in: svg)
    #expect(curly.count == 1 && attribute("stroke", of: curly[0]) == "#ff0000")
    #expect(texts.allSatisfy { attribute("text-decoration", of: $0) != "underline" || content(of: $0) != "ab" })
    // Downgraded to a profile, the colours are the profile's.
    let palette = SVGWriter.document(for: canvas, profile: .ansi256)
    #expect(attribute("fill", of: elements("text", in: palette)[0]) == "#87afff")
  }

  @Test func wideCharactersTakeTwoCells() {
    var canvas = Canvas(columns: 10, rows: 1)
    // A terminal gives the skin tone a cell pair of its own (glibc wcwidth), and so does the canvas.
    canvas.draw("a日本b👍🏽", atColumn: 0, row: 0)
    let texts = elements("text", in: SVGWriter.document(for: canvas))
    #expect(texts.map { content(of: $0) } == ["a", "日", "本", "b", "👍", "🏽"])
    #expect(texts.map { attribute("x", of: $0) } == ["0", "9", "27", "45", "54", "72"])
    #expect(texts.map { attribute("textLength", of: $0) } == ["9", "18", "18", "9", "18", "18"])
  }

  @Test func textIsEscapedForXML() throws {
    var canvas = Canvas(columns: 30, rows: 1)
    canvas.draw("<b>&\"'</b> ]]>", atColumn: 0, row: 0)
    let svg = SVGWriter.document(for: canvas)
    let text = try #require(elements("text", in: svg).first)
    #expect(content(of: text) == "&lt;b&gt;&amp;&quot;&apos;&lt;/b&gt; ]]&gt;")
    #expect(!svg.contains("<b>"))
  }

  @Test func theDocumentIsWellFormedXML() throws {
    var canvas = Canvas(columns: 12, rows: 2)
    canvas.draw("a < b & c", atColumn: 0, row: 0, style: Style(underline: .single))
    canvas.draw("日本 \"q\"", atColumn: 0, row: 1, style: Style(foreground: .red, background: .yellow))
    let svg = SVGWriter.document(for: canvas)
    // A tag-balance check: every element opened is closed, in order, and no raw '<' or '&' is left in text.
    var stack: [String] = []
    var index = svg.startIndex
    while let open = svg[index...].firstIndex(of: "<") {
      let text = svg[index..<open]
      #expect(!text.contains("&") || text.contains(";"), "raw ampersand in \(text)")
      let close = try #require(svg[open...].firstIndex(of: ">"))
      let tag = svg[svg.index(after: open)..<close]
      let name = String(tag.prefix { $0 != " " && $0 != "/" && $0 != ">" })
      if tag.hasPrefix("/") {
        #expect(stack.popLast() == String(tag.dropFirst()))
      } else if !tag.hasSuffix("/") {
        stack.append(name)
      }
      index = svg.index(after: close)
    }
    #expect(stack.isEmpty)
  }
}
