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

  @Test func setFractionClampsToZeroThroughOne() async {
    let store = TestStore(initialState: ProgressBar.State(), reducer: ProgressBar())
    store.exhaustivity = .off
    await store.send(.setFraction(0.25))
    #expect(store.state.fraction == 0.25 && store.state.percentage == 25 && !store.state.isComplete)
    await store.send(.setFraction(7))
    #expect(store.state.fraction == 1 && store.state.isComplete)
    await store.send(.setFraction(-1))
    #expect(store.state.fraction == 0)
    await store.send(.setFraction(.nan))
    #expect(store.state.fraction == 0)
  }
}
