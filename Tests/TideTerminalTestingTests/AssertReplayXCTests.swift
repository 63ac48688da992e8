import Tide
import TideTerminal
import TideTerminalTesting
import XCTest

/// `assertReplay` from an XCTest test case.
final class AssertReplayXCTests: XCTestCase {
  @MainActor
  func testAScriptFileReplaysToItsGolden() async {
    let clock = VirtualClock()
    let app = Tally.app(clock: clock)
    let screen = await assertReplay(
      app, clock: clock, scriptFile: "Scripts/tally.keys", golden: "Goldens/tally.screen",
      size: TerminalSize(columns: 40, rows: 12))
    XCTAssertTrue(screen.contains("Ticks: 2 (ticking)"))
    XCTAssertEqual(app.store.state.count, 2)
  }
}
