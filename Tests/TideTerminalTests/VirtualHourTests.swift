import Testing
import Tide
import TideTerminal
import TideTestSupport

/// Long waits on virtual time: every tick of a fast timer reaches the reducer at its exact
/// instant, however long the wait, and a wait nobody watches frame by frame draws nothing until
/// its line ends.
@MainActor
@Suite struct VirtualHourTests {
  @Test func anHourOfATwentyHertzTimerDeliversAll72000TicksAtTheirInstants() async throws {
    let clock = VirtualClock()
    let app = Ticker.app(clock: clock, period: .milliseconds(50))
    let player = try await replay(
      """
      keys t
      wait 60m
      expect "ticks: 72000 (ticking)"
      """, on: app, clock: clock, size: TerminalSize(columns: 40, rows: 12), file: "hour.keys")

    let times = app.store.state.tickTimes
    #expect(times.count == 72_000)
    // Not one skipped, doubled or late: tick n at exactly n × 50 ms.
    let late = zip(1..., times).first { index, time in time != .milliseconds(50) * index }
    #expect(late == nil, "tick \(late?.0 ?? 0) came at \(late.map { "\($0.1)" } ?? "")")
    #expect(clock.now.offset == .seconds(3600))
    // Nobody watched the frames, so the wait drew none: the start, `t`, and the end of the wait.
    #expect(player.statistics.frames <= 3)
  }

  @Test func aWatchedWaitDrawsEveryTickOfTheTimer() async throws {
    let clock = VirtualClock()
    let app = Ticker.app(clock: clock, period: .milliseconds(50))
    var screens: [String] = []
    _ = try await replay(
      "keys t\nwait 1s", on: app, clock: clock, size: TerminalSize(columns: 40, rows: 12), file: "second.keys",
      onFrame: { screens.append($0.screen) })

    // 20 ticks a second is under the 60 frames a second cap: each tick is its own frame.
    #expect(app.store.state.ticks == 20)
    for tick in 1...20 {
      #expect(screens.contains { $0.contains("ticks: \(tick) (ticking)") }, "no frame showed tick \(tick)")
    }
  }
}
