import Testing
import TideTerminal

@testable import TideDemo

/// The laps table: columns stay aligned whatever the times' lengths (past an hour too), and laps
/// that do not fit are counted, not silently dropped.
@Suite struct StopwatchViewTests {
  func laps(_ totals: [Duration]) -> [StopwatchFeature.Lap] {
    var previous = Duration.zero
    var laps: [StopwatchFeature.Lap] = []
    for (index, total) in totals.enumerated() {
      laps.insert(StopwatchFeature.Lap(number: index + 1, total: total, split: total - previous), at: 0)
      previous = total
    }
    return laps
  }

  func draw(_ laps: [StopwatchFeature.Lap], height: Int) -> [String] {
    var canvas = Canvas(columns: 60, rows: height)
    StopwatchFeature.drawLaps(laps, in: Rect(column: 0, row: 0, width: 60, height: height), on: &canvas)
    return canvas.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func columnsAlignAcrossAnHourAndTenLaps() {
    let rows = draw(laps([.seconds(5), .seconds(3599), .seconds(3601), .seconds(3700), .seconds(3800),
                          .seconds(3900), .seconds(4000), .seconds(4100), .seconds(4200), .seconds(36000)]), height: 12)
    let lines = rows.filter { !$0.isEmpty }
    #expect(lines.count == 10)
    #expect(lines.first?.contains("Lap 10") == true)
    // Every total's decimal point is in the same column, and every split ends in the same one.
    let totalEnds = Set(lines.map { $0.firstIndex(of: ".")!.utf16Offset(in: $0) })
    let lineEnds = Set(lines.map(\.count))
    #expect(totalEnds.count == 1, "\(lines.joined(separator: "\n"))")
    #expect(lineEnds.count == 1, "\(lines.joined(separator: "\n"))")
    #expect(lines.contains { $0.contains("Lap 1   ") }, "lap numbers padded to the widest")
  }

  @Test func hiddenLapsAreCounted() {
    let rows = draw(laps((1...9).map { .seconds($0) }), height: 4)
    #expect(rows.count == 4)
    #expect(rows[0].contains("Lap 9"))
    #expect(rows[2].contains("Lap 7"))
    #expect(rows[3].contains("… 6 earlier laps"))
    let one = draw(laps((1...5).map { .seconds($0) }), height: 4)
    #expect(one[3].contains("… 2 earlier laps"))
    let fits = draw(laps((1...4).map { .seconds($0) }), height: 4)
    #expect(fits[3].contains("Lap 1"))
  }
}
