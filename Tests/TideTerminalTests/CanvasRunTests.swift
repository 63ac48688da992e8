import Testing
import TideTerminal
import TideTestSupport

/// A run of text or a fill lands on the cells exactly as its characters placed one at a time
/// would: runs store their cells in one pass and check only their two ends for a wide character
/// they cut, so these compare the two on rows full of wide characters, cut and whole.
@Suite struct CanvasRunTests {
  /// Two rows of 1–12 columns of ASCII and wide characters, a wide one cut at the left edge
  /// now and then.
  private func scenery(_ random: inout SeededGenerator) -> Canvas {
    let (columns, rows) = (Int.random(in: 1...12, using: &random), 2)
    var canvas = Canvas(columns: columns, rows: rows)
    for row in 0..<rows {
      var column = Int.random(in: -1...0, using: &random)
      while column < columns {
        let text = ["日", "本", "a", "-", "語x"].randomElement(using: &random)!
        column += canvas.draw(text, atColumn: column, row: row, style: Style(bold: Bool.random(using: &random)))
      }
    }
    return canvas
  }

  private func randomClip(_ random: inout SeededGenerator, columns: Int) -> Rect {
    Rect(
      column: .random(in: -1...columns, using: &random), row: .random(in: 0...1, using: &random),
      width: .random(in: 0...columns + 1, using: &random), height: .random(in: 0...2, using: &random))
  }

  @Test func textDrawnAtOnceEqualsItsCharactersDrawnOneByOne() {
    var random = SeededGenerator(seed: 63)
    for round in 0..<3_000 {
      var whole = scenery(&random)
      var single = whole
      let columns = whole.columns
      let length = Int.random(in: 0...14, using: &random)
      let text = String((0..<length).map { _ in "abcxyz -~".randomElement(using: &random)! })
      let column = Int.random(in: -3...columns + 1, using: &random)
      let row = Int.random(in: -1...2, using: &random)
      let maxWidth = Bool.random(using: &random) ? nil : Int.random(in: -1...10, using: &random)
      let clip = randomClip(&random, columns: columns)
      let style = Style(bold: true)
      let advanced = whole.withClip(clip) { $0.draw(text, atColumn: column, row: row, style: style, maxWidth: maxWidth) }
      let limit = maxWidth.map { column + max(0, $0) } ?? Int.max
      var pen = column
      single.withClip(clip) { canvas in
        for character in text where pen < limit {
          pen += canvas.draw(String(character), atColumn: pen, row: row, style: style)
        }
      }
      #expect(advanced == pen - column, "round \(round)")
      #expect(whole == single, "round \(round): \"\(text)\" at \(column),\(row), clip \(clip)")
    }
  }

  @Test func aFillEqualsItsCellsFilledOneByOne() {
    var random = SeededGenerator(seed: 60)
    for round in 0..<3_000 {
      var whole = scenery(&random)
      var single = whole
      let columns = whole.columns
      let rect = Rect(
        column: .random(in: -2...columns, using: &random), row: .random(in: -1...2, using: &random),
        width: .random(in: 0...columns + 2, using: &random), height: .random(in: 0...3, using: &random))
      let character = (["-", " ", "─", "#"] as [Character]).randomElement(using: &random)!
      let clip = randomClip(&random, columns: columns)
      whole.withClip(clip) { $0.fill(rect, with: character, style: Style(dim: true)) }
      single.withClip(clip) { canvas in
        for row in rect.row..<rect.endRow {
          for column in rect.column..<rect.endColumn {
            canvas.fill(Rect(column: column, row: row, width: 1, height: 1), with: character, style: Style(dim: true))
          }
        }
      }
      #expect(whole == single, "round \(round): \(character) over \(rect), clip \(clip)")
    }
  }
}
