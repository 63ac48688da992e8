import Testing
import Tide
import TideTerminal
import TideTesting

@MainActor
@Suite("Sparkline")
struct SparklineTests {
  func drawn(_ values: [Double], columns: Int, rows: Int = 1, range: ClosedRange<Double>? = nil) -> Canvas {
    var canvas = Canvas(columns: columns, rows: rows)
    Sparkline.draw(Sparkline.State(values: values, range: range), in: canvas.bounds, on: &canvas)
    return canvas
  }

  @Test func oneRowShowsEachValueInEighthsFromTheSmallestToTheLargest() {
    #expect(drawn([1, 2, 3, 4, 5, 6, 7, 8], columns: 8).text() == "▁▂▃▄▅▆▇█")
    #expect(drawn([3, 3, 3], columns: 5).text() == "▁▁▁")
    #expect(drawn([0, 1], columns: 5).text() == "▁█")
  }

  @Test func theNewestValuesAreAtTheRightEdgeScaledToThoseShown() {
    #expect(drawn((1...10).map(Double.init), columns: 4).text() == "▁▃▆█")
  }

  @Test func severalRowsStackTheEighths() {
    #expect(drawn([0, 1, 2, 3, 4], columns: 5, rows: 2).text() == """
        ▁▄█
      ▁▅███
      """)
  }

  @Test func aFixedRangeClampsValuesBeyondIt() {
    #expect(drawn([5, 10, 15], columns: 3, range: 0...10).text() == "▅██")
    #expect(drawn([5, 10], columns: 3, range: 0...Double.infinity).text() == "▅█")
    #expect(drawn([-5, 5], columns: 3, range: 0...10).text() == "▁▅")
  }

  /// Not a number is a gap; the infinities are drawn at the ends of the scale, which only the
  /// finite values set.
  @Test func notANumberIsAGapAndInfinitiesAreAtTheEnds() {
    #expect(drawn([.nan, 1, .infinity, 2, -.infinity], columns: 5).text() == " ▁██▁")
    #expect(drawn([.nan], columns: 3).text() == "")
    #expect(drawn([.infinity, -.infinity], columns: 3).text() == "▁▁")
  }

  @Test func hugeValuesAreScaledWithoutOverflow() {
    #expect(drawn([-.greatestFiniteMagnitude, .greatestFiniteMagnitude, 0], columns: 3).text() == "▁█▅")
    #expect(drawn([1e308, 1.5e308], columns: 2, rows: 3).text() == " █\n █\n▁█")
  }

  @Test func noValuesDrawTheAppsEmptyTextAndAOneByOneAreaTheNewest() {
    #expect(drawn([], columns: 10).text() == "No data")
    var canvas = Canvas(columns: 10, rows: 1)
    Sparkline.draw(Sparkline.State(emptyText: "waiting…"), in: canvas.bounds, on: &canvas)
    #expect(canvas.text() == "waiting…")
    #expect(canvas[0, 0].style == Theme.default.muted)
    #expect(drawn([], columns: 1).text() == "…")
    #expect(drawn([1, 8, 2], columns: 1).text() == "▁")
    #expect(drawn([1, 8, 2], columns: 1, range: 0...8).text() == "▃")
    #expect(drawn([1, 2], columns: 0, rows: 0).text() == "")
  }

  @Test func drawnInTheAccentOrTheStyleGiven() {
    #expect(drawn([1, 2], columns: 2)[0, 0].style == Theme.default.accent)
    var canvas = Canvas(columns: 2, rows: 1)
    Sparkline.draw(Sparkline.State(values: [1, 2]), in: canvas.bounds, on: &canvas, style: Theme.default.success)
    #expect(canvas[1, 0].style == Theme.default.success)
  }

  @Test func appendingKeepsTheLastValuesUpToTheCapacity() async {
    var state = Sparkline.State(values: (1...10).map(Double.init), capacity: 4)
    #expect(state.values == [7, 8, 9, 10])
    state.append(11)
    #expect(state.values == [8, 9, 10, 11])
    #expect(Sparkline.State(capacity: 0).capacity == 1)
    let store = TestStore(initialState: Sparkline.State(capacity: 2), reducer: Sparkline())
    await store.send(.append(1)) { $0.append(1) }
    await store.send(.setValues([1, 2, 3])) { $0.setValues([2, 3]) }
    await store.send(.append(4)) { $0.append(4) }
    #expect(store.state.values == [3, 4])
    await store.finish()
  }
}
