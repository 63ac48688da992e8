import Testing
@testable import TideTerminal

@Suite("Colour pairs")
struct ColorPairsTests {
  /// An app that shows 10,000 distinct pairs over its life on a terminal with 256: each frame
  /// shows 60 of them on an 80×24 screen, and a new combination always gets a pair, never one
  /// a cell on screen still shows.
  @Test func tenThousandPairsOverTimeNeverRunOut() {
    var pairs = ColorPairs(capacity: 256, columns: 80, rows: 24)
    var shown: [Int32: ColorPairs.Colors] = [:]
    var onScreen = Array(repeating: Int32(0), count: 80 * 24)
    var definitions = 0
    for combination in 0..<10_000 {
      let colors = ColorPairs.Colors(foreground: Int32(combination % 256), background: Int32(combination / 256))
      guard let (pair, isNew) = pairs.pair(for: colors) else {
        Issue.record("no pair for combination \(combination)")
        return
      }
      if isNew {
        definitions += 1
        // Redefined: no cell on screen may show it.
        #expect(!onScreen.contains(pair), "pair \(pair) redefined while on screen")
        shown[pair] = colors
      }
      #expect(shown[pair] == colors)
      // Each combination takes one cell, 60 cells a "frame" apart, so 60 are on screen at once.
      let cell = (combination % 60) * 31 % onScreen.count
      pairs.show(pair, atColumn: cell % 80, row: cell / 80)
      onScreen[cell] = pair
    }
    #expect(definitions == 10_000)
  }

  /// xterm-256color's 65,536 pairs: once all are given out, each new combination takes the
  /// least recently released without looking at the others (it did scan them all: 65,535 looks
  /// a combination).
  @Test func aTerminalWithManyPairsRecyclesTheOldestFirst() {
    var pairs = ColorPairs(capacity: 65_536, columns: 80, rows: 24)
    var lastOfCell: [Int32] = Array(repeating: 0, count: 80 * 24)
    for combination in 0..<200_000 {
      let colors = ColorPairs.Colors(foreground: Int32(combination & 0xFFFF), background: Int32(combination >> 16))
      guard let (pair, _) = pairs.pair(for: colors) else {
        Issue.record("no pair for combination \(combination)")
        return
      }
      let cell = combination % lastOfCell.count
      pairs.show(pair, atColumn: cell % 80, row: cell / 80)
      lastOfCell[cell] = pair
      if combination >= 65_535 + 1_920 {
        // Every pair on screen was shown by one of the last 1,920 combinations; the one given
        // out now is one no cell shows.
        #expect(pairs.cells(showing: pair) == 1, "pair \(pair) given out while on screen")
      }
    }
  }

  /// A 256-colour terminal's 65,536 pairs cost an app that shows three of them the
  /// bookkeeping of three (it held all 65,536 from the start: 1.9 MiB resident).
  @Test func theBookkeepingGrowsWithThePairsGivenOutNotWithTheTerminals() throws {
    var pairs = ColorPairs(capacity: 65_536, columns: 80, rows: 24)
    #expect(pairs.pairsHeld == 1)
    for foreground: Int32 in 1...3 {
      let given = pairs.pair(for: ColorPairs.Colors(foreground: foreground, background: -1))
      let (pair, _) = try #require(given)
      pairs.show(pair, atColumn: Int(foreground), row: 0)
    }
    #expect(pairs.pairsHeld == 4)
    #expect(pairs.cells(showing: 3) == 1)
    #expect(pairs.cells(showing: 4) == 0)
  }

  @Test func aCombinationShownAgainKeepsItsPair() {
    var pairs = ColorPairs(capacity: 16, columns: 10, rows: 1)
    let red = ColorPairs.Colors(foreground: 1, background: -1)
    let (first, isNew) = pairs.pair(for: red)!
    pairs.show(first, atColumn: 0, row: 0)
    let (again, isNewAgain) = pairs.pair(for: red)!
    #expect(isNew && !isNewAgain && again == first)
    #expect(pairs.cells(showing: first) == 1)
  }

  @Test func withEveryPairOnScreenANewCombinationWaitsForOne() {
    var pairs = ColorPairs(capacity: 4, columns: 10, rows: 1)
    for index in 0..<3 {
      let (pair, _) = pairs.pair(for: ColorPairs.Colors(foreground: Int32(index), background: -1))!
      pairs.show(pair, atColumn: index, row: 0)
    }
    #expect(pairs.pair(for: ColorPairs.Colors(foreground: 9, background: -1)) == nil)
    // Cell 1 drawn in the default colours frees its pair.
    pairs.show(0, atColumn: 1, row: 0)
    let (pair, isNew) = pairs.pair(for: ColorPairs.Colors(foreground: 9, background: -1))!
    #expect(pair == 2 && isNew)
  }

  @Test func theLeastRecentlyReleasedPairIsRecycledFirst() {
    var pairs = ColorPairs(capacity: 4, columns: 10, rows: 1)
    var numbers: [Int32] = []
    for index in 0..<3 {
      let (pair, _) = pairs.pair(for: ColorPairs.Colors(foreground: Int32(index), background: -1))!
      pairs.show(pair, atColumn: index, row: 0)
      numbers.append(pair)
    }
    pairs.show(0, atColumn: 2, row: 0)
    pairs.show(0, atColumn: 0, row: 0)
    #expect(pairs.pair(for: ColorPairs.Colors(foreground: 7, background: -1))?.pair == numbers[2])
    #expect(pairs.pair(for: ColorPairs.Colors(foreground: 8, background: -1))?.pair == numbers[0])
  }

  @Test func aClearOrAResizeFreesEveryPair() {
    var pairs = ColorPairs(capacity: 2, columns: 4, rows: 1)
    let (pair, _) = pairs.pair(for: ColorPairs.Colors(foreground: 1, background: 2))!
    pairs.show(pair, atColumn: 3, row: 0)
    #expect(pairs.pair(for: ColorPairs.Colors(foreground: 2, background: 2)) == nil)
    pairs.clearScreen()
    #expect(pairs.pair(for: ColorPairs.Colors(foreground: 2, background: 2))?.pair == pair)
    pairs.show(pair, atColumn: 0, row: 0)
    pairs.resize(columns: 8, rows: 2)
    #expect(pairs.cells(showing: pair) == 0)
  }
}
