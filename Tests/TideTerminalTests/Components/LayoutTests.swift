import Testing
import TideTerminal
import TideTestSupport

@Suite("Layout")
struct LayoutTests {
  @Test func fixedPartsThenFillTakesTheRest() {
    let parts = Rect(column: 2, row: 1, width: 10, height: 24).rows([.fixed(1), .fill(), .fixed(2)])
    #expect(parts == [
      Rect(column: 2, row: 1, width: 10, height: 1),
      Rect(column: 2, row: 2, width: 10, height: 21),
      Rect(column: 2, row: 23, width: 10, height: 2),
    ])
  }

  @Test func percentagesRoundDownAndTheLastPartTakesWhatIsLeft() {
    #expect(Rect.split([.percentage(50), .percentage(50)], along: 7) == [3, 4])
    #expect(Rect.split([.percentage(33), .percentage(33), .percentage(34)], along: 10) == [3, 3, 4])
    #expect(Rect(column: 0, row: 0, width: 81, height: 1).columns([.percentage(33), .fill()]).map(\.width) == [26, 55])
  }

  @Test func fillsShareByWeightWithTheLargestRemaindersGettingTheSpareCells() {
    #expect(Rect.split([.fill(), .fill(), .fill()], along: 10) == [4, 3, 3])
    #expect(Rect.split([.fill(1), .fill(2)], along: 10) == [3, 7])
    #expect(Rect.split([.fixed(3), .fill(), .fill()], along: 8) == [3, 3, 2])
  }

  @Test func aTooSmallRectangleGivesFixedPartsWhatThereIsInOrder() {
    #expect(Rect.split([.fixed(5), .fixed(5), .fill()], along: 7) == [5, 2, 0])
    #expect(Rect.split([.fixed(5), .percentage(80)], along: 0) == [0, 0])
    #expect(Rect.split([], along: 10) == [])
  }

  /// The contract: whatever the sizes, the parts are never negative, follow each other without
  /// gap or overlap, and add up to the whole.
  @Test func partsAlwaysAddUpToTheWholeOverGeneratedSizes() {
    var random = SeededGenerator(seed: 21)
    for round in 0..<5_000 {
      let length = Int.random(in: 0...300, using: &random)
      let sizes: [LayoutSize] = (0..<Int.random(in: 1...8, using: &random)).map { _ in
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return .fixed(Int.random(in: -2...120, using: &random))
        case 1: return .percentage(Int.random(in: -10...110, using: &random))
        default: return .fill(Int.random(in: 0...5, using: &random))
        }
      }
      let rect = Rect(column: 3, row: 7, width: length, height: length)
      for parts in [rect.rows(sizes), rect.columns(sizes)] {
        #expect(parts.count == sizes.count, "round \(round)")
        var position = 0
        for part in parts {
          let (start, size) = parts == rect.rows(sizes) ? (part.row - 7, part.height) : (part.column - 3, part.width)
          #expect(start == position && size >= 0, "round \(round): \(sizes) over \(length)")
          position += size
        }
        #expect(position == length, "round \(round): \(sizes) over \(length) gave \(parts)")
      }
      #expect(Rect.split(sizes, along: length) == Rect.split(sizes, along: length))
    }
  }
}
