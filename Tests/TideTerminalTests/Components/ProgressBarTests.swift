import Testing
import Tide
import TideTerminal
import TideTesting

@MainActor
@Suite("ProgressBar")
struct ProgressBarTests {
  func drawn(_ fraction: Double, width: Int) -> Canvas {
    var canvas = Canvas(columns: width, rows: 1)
    ProgressBar.draw(ProgressBar.State(fraction: fraction), in: canvas.bounds, on: &canvas)
    return canvas
  }

  @Test func drawsTheFractionAsABarInEighthsAndAPercentageRoundedDown() {
    #expect(drawn(0, width: 15).text() == "░░░░░░░░░░   0%")
    #expect(drawn(0.5, width: 15).text() == "█████░░░░░  50%")
    #expect(drawn(0.55, width: 15).text() == "█████▌░░░░  55%")
    #expect(drawn(0.999, width: 15).text() == "█████████▉  99%")
    #expect(drawn(1, width: 15).text() == "██████████ 100%")
    #expect(drawn(0.29, width: 15).text().hasSuffix(" 29%"))
    #expect(drawn(0.5, width: 3).text() == "50%")
    #expect(drawn(0, width: 15)[0, 0].style.dim)
  }

  @Test func setFractionKeepsWhatIsBeyondOneAndClampsTheRest() async {
    let store = TestStore(initialState: ProgressBar.State(), reducer: ProgressBar())
    store.exhaustivity = .off
    await store.send(.setFraction(0.25))
    #expect(store.state.fraction == 0.25 && store.state.percentage == 25 && !store.state.isComplete)
    await store.send(.setFraction(1.3))
    #expect(store.state.fraction == 1.3 && store.state.percentage == 130 && store.state.isComplete && store.state.isOver)
    await store.send(.setFraction(-1))
    #expect(store.state.fraction == 0)
    await store.send(.setFraction(.nan))
    #expect(store.state.fraction == 0)
    await store.send(.setFraction(.infinity))
    #expect(store.state.fraction == ProgressBar.State.maximumFraction && store.state.percentage == 1_000_000)
  }

  /// Beyond 100 %: the bar full in the theme's warning style and the true percentage, the bar
  /// no narrower than at 99 % until the label needs more than five columns.
  @Test func aFractionBeyondOneShowsItsTruePercentageInTheOverStyle() {
    let over = drawn(1.3, width: 15)
    #expect(over.text() == "██████████ 130%")
    #expect(over[0, 0].style == Theme.default.warning)
    #expect(drawn(0.5, width: 15)[0, 0].style == Theme.default.accent)
    #expect(drawn(12.5, width: 15).text() == "█████████ 1250%")
  }

  @Test func theLabelIsTheAppsWhenGiven() {
    var canvas = Canvas(columns: 20, rows: 1)
    ProgressBar.draw(ProgressBar.State(fraction: 0.3), in: canvas.bounds, on: &canvas, label: "3 of 10")
    #expect(canvas.text() == "███▌░░░░░░░░ 3 of 10")
  }
}
