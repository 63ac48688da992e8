import Foundation
import Testing
import Tide
import TideTesting

@testable import TideTerminal

@MainActor
@Suite("BarChart")
struct BarChartTests {
  func drawn(_ state: BarChart.State, columns: Int, rows: Int, style: Style? = nil) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    BarChart.draw(state, in: canvas.bounds, on: &canvas, style: style)
    return canvas
  }

  func bars(_ pairs: KeyValuePairs<String, Double>) -> [BarChart.Bar] {
    pairs.map { BarChart.Bar($0.key, value: $0.value) }
  }

  @Test func horizontalBarsAreScaledToTheWidthInEighthsWithLabelsAndValues() {
    let canvas = drawn(BarChart.State(bars: bars(["cpu": 4, "disk": 8, "net": 1])), columns: 20, rows: 3)
    #expect(canvas.text() == """
      cpu  ██████▌       4
      disk █████████████ 8
      net  █▋            1
      """)
  }

  @Test func verticalBarsStandOnTheirLabelsUnderTheirValues() {
    let state = BarChart.State(bars: bars(["a": 2, "b": 4, "c": 0]), orientation: .vertical)
    #expect(drawn(state, columns: 8, rows: 5).text() == """
      2  4  0
         ██
      ▄▄ ██
      ██ ██
      a  b  c
      """)
  }

  @Test func negativeBarsGrowLeftOfZero() {
    #expect(drawn(BarChart.State(bars: bars(["a": -4, "b": 4])), columns: 16, rows: 2).text() == """
      a ██████      -4
      b       █████  4
      """)
    // Leftwards only an eighth, a half or a whole cell: a quarter is drawn as a half.
    let fixed = BarChart.State(bars: bars(["x": -0.25, "y": 1]), range: -4...4)
    #expect(drawn(fixed, columns: 20, rows: 2).text() == """
      x       ▐       -0.3
      y        █▌        1
      """)
  }

  @Test func negativeVerticalBarsHangFromZero() {
    let state = BarChart.State(bars: bars(["up": 2, "dn": -2]), orientation: .vertical)
    #expect(drawn(state, columns: 5, rows: 6).text() == """
      2  -2
      ██
      ██
         ██
         ██
      up dn
      """)
    let half = BarChart.State(bars: bars(["up": 2, "dn": -0.5]), orientation: .vertical, range: -2...2)
    #expect(drawn(half, columns: 5, rows: 6).text() == """
      2  -…
      ██
      ██
         ▀▀
      
      up dn
      """)
  }

  @Test func zeroValuesDrawNoBar() {
    #expect(drawn(BarChart.State(bars: bars(["a": 0, "b": 0])), columns: 10, rows: 2).text() == """
      a        0
      b        0
      """)
  }

  @Test func aOneByOneAreaShowsOneCellOfTheFirstBar() {
    let state = BarChart.State(bars: bars(["cpu": 5, "disk": 1]))
    #expect(drawn(state, columns: 1, rows: 1).text() == "█")
    var vertical = state
    vertical.orientation = .vertical
    #expect(drawn(vertical, columns: 1, rows: 1).text() == "█")
    #expect(drawn(BarChart.State(), columns: 1, rows: 1).text() == "…")
  }

  @Test func noBarsDrawTheAppsEmptyText() {
    #expect(drawn(BarChart.State(), columns: 10, rows: 2).text() == "No data\n")
    let canvas = drawn(BarChart.State(range: 0...1, emptyText: "Nothing yet"), columns: 20, rows: 2)
    #expect(canvas.text() == "Nothing yet\n")
    #expect(canvas[0, 0].style == Theme.default.muted)
    #expect(drawn(BarChart.State(orientation: .vertical), columns: 0, rows: 0).text() == "")
  }

  @Test func hugeValuesAreScaledWithoutOverflow() {
    let state = BarChart.State(bars: bars(["big": .greatestFiniteMagnitude, "neg": -.greatestFiniteMagnitude]))
    #expect(drawn(state, columns: 20, rows: 2).text() == """
      big       █████ 1.7…
      neg ██████      -1.…
      """)
    #expect(BarChart.text(of: 1e20) == "1e+20")
  }

  /// Not a number draws no bar; an infinity a bar to the end of its side, which -∞ has none of
  /// here; neither changes the scale, which the one finite value sets.
  @Test func notANumberAndInfinitiesNeverCrashAndShowWhatTheyAre() {
    let state = BarChart.State(bars: bars(["nan": .nan, "inf": .infinity, "one": 1, "-inf": -.infinity]))
    #expect(drawn(state, columns: 20, rows: 4).text() == """
      nan              NaN
      inf  ███████████   ∞
      one  ███████████   1
      -inf              -∞
      """)
    var vertical = state
    vertical.orientation = .vertical
    #expect(drawn(vertical, columns: 7, rows: 3).text(ofRow: 1) == "  █ █")
    #expect(drawn(BarChart.State(bars: bars(["n": .nan])), columns: 13, rows: 1).text() == "n         NaN")
  }

  @Test func labelsAreCutWithAnEllipsisByDisplayWidth() {
    let canvas = drawn(BarChart.State(bars: bars(["漢字ラベル": 1, "e\u{301}x": 1])), columns: 16, rows: 2)
    #expect(canvas.text() == """
      漢字… ████████ 1
      e\u{301}x    ████████ 1
      """)
    // Control characters take no column and are not drawn.
    #expect(drawn(BarChart.State(bars: bars(["a\u{7}b\u{1B}": 1])), columns: 10, rows: 1).text() == "ab █████ 1")
    let vertical = BarChart.State(bars: bars(["漢字": 1, "ab": 1]), orientation: .vertical)
    #expect(drawn(vertical, columns: 3, rows: 2).text() == "█ █\n… …")
  }

  @Test func barsAreDrawnInTheirRoleOrTheChartsStyleFromTheTheme() {
    let state = BarChart.State(bars: [BarChart.Bar("ok", value: 1), BarChart.Bar("hot", value: 1, role: .warning)])
    let canvas = drawn(state, columns: 12, rows: 2)
    #expect(canvas[4, 0].style == Theme.default.accent)
    #expect(canvas[4, 1].style == Theme.default.warning)
    #expect(canvas[0, 0].style == Theme.default.text)
    #expect(canvas[11, 0].style == Theme.default.muted)
    let styled = drawn(state, columns: 12, rows: 2, style: Theme.default.success)
    #expect(styled[4, 0].style == Theme.default.success && styled[4, 1].style == Theme.default.warning)
    var dark = Canvas(columns: 12, rows: 2)
    dark.theme = .dark
    BarChart.draw(state, in: dark.bounds, on: &dark)
    #expect(dark[4, 1].style == Theme.dark.warning)
  }

  @Test func theAppsValueLabelIsShownInsteadOfTheNumber() {
    let state = BarChart.State(bars: [BarChart.Bar("disk", value: 50, valueLabel: "50 GB")], range: 0...100)
    #expect(drawn(state, columns: 24, rows: 1).text() == "disk ██████▌       50 GB")
  }

  @Test func valuesAreShownToOneDecimalPlace() {
    #expect(BarChart.text(of: 42) == "42")
    #expect(BarChart.text(of: 3.5) == "3.5")
    #expect(BarChart.text(of: -2.25) == "-2.3")
    #expect(BarChart.text(of: 2.96) == "3")
    #expect(BarChart.text(of: -0.04) == "0")
    #expect(BarChart.text(of: -.infinity) == "-∞")
  }

  @Test func setBarsReplacesTheBars() async {
    let store = TestStore(initialState: BarChart.State(), reducer: BarChart())
    await store.send(.setBars(bars(["a": 1]))) { $0.bars = [BarChart.Bar("a", value: 1)] }
    await store.finish()
  }

  @Test func aChartAndItsActionRoundTripThroughJSONNonFiniteValuesIncluded() throws {
    let bars = [
      BarChart.Bar("cpu", value: 42.5, role: .warning, valueLabel: "42 %"), BarChart.Bar("idle", value: -3),
      BarChart.Bar("nan", value: .nan), BarChart.Bar("up", value: .infinity), BarChart.Bar("down", value: -.infinity),
    ]
    let state = BarChart.State(bars: bars, orientation: .vertical, range: -.infinity...100, emptyText: "Nothing")
    let data = try JSONEncoder().encode(state)
    let json = String(decoding: data, as: UTF8.self)
    #expect(json.contains(#""nan""#) && json.contains(#""inf""#) && json.contains(#""-inf""#), "\(json)")
    let decoded = try JSONDecoder().decode(BarChart.State.self, from: data)
    #expect(decoded.orientation == .vertical && decoded.emptyText == "Nothing")
    #expect(decoded.range?.lowerBound == -.infinity && decoded.range?.upperBound == 100)
    #expect(decoded.bars.map(\.label) == bars.map(\.label) && decoded.bars.map(\.role) == bars.map(\.role))
    #expect(decoded.bars.map(\.valueLabel) == bars.map(\.valueLabel))
    #expect(decoded.bars.map(\.value.bitPattern) == bars.map(\.value.bitPattern))
    let plain = BarChart.State(bars: [BarChart.Bar("a", value: 1)])
    #expect(try JSONDecoder().decode(BarChart.State.self, from: JSONEncoder().encode(plain)) == plain)
    let action = BarChart.Action.setBars(Array(bars.prefix(2)))
    let actionJSON = try JSONEncoder().encode(action)
    #expect(String(decoding: actionJSON, as: UTF8.self).hasPrefix(#"{"setBars":{"_0":["#))
    #expect(try JSONDecoder().decode(BarChart.Action.self, from: actionJSON) == action)
    // A range upside down is refused, not a crash.
    let upsideDown = Data(#"{"bars":[],"orientation":{"horizontal":{}},"range":[2,1],"emptyText":""}"#.utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(BarChart.State.self, from: upsideDown) }
  }
}
