import Testing
import Tide
import TideTerminal

/// End-to-end replays of a small ``TerminalApp`` (the ``Ticker``) through ``KeyScriptPlayer`` on
/// a ``VirtualClock``: screens, frames, time and how a replay ends.
@MainActor
@Suite struct ProgramReplayTests {
  // MARK: Screens

  @Test func replayEndsOnTheGoldenScreen() async throws {
    let replay = TickerReplay()
    let outcome = try await replay.play("""
      keys + + + -
      keys t
      wait 2.5s
      expect "ticks: 2"
      """)
    #expect(outcome == .completed)
    let golden = """
       Ticker




                      count: 2
                 ticks: 2 (ticking)




       + inc  - dec  t ticks  q quit
      """
    #expect(replay.player.screenText == golden)
  }

  @Test func theFirstFrameIsTheInitialStateBeforeAnyLine() async throws {
    let replay = TickerReplay()
    try await replay.play("")
    #expect(replay.frames.count == 1)
    let first = try #require(replay.frames.first)
    #expect(first.number == 1)
    #expect(first.line == 0)
    #expect(first.source == "start")
    #expect(first.screen.contains("count: 0"))
    #expect(first.screen.contains("ticks: 0 (stopped)"))
  }

  // MARK: Determinism

  @Test func theSameScriptGivesTheSameFramesEveryTime() async throws {
    let script = """
      keys t
      wait 2s
      keys + +
      resize 50x14
      wait 1s
      keys t
      wait 5s
      type "+-+"
      """
    let first = TickerReplay()
    try await first.play(script)
    let second = TickerReplay()
    try await second.play(script)

    #expect(first.frames == second.frames)
    #expect(first.frames.count == second.frames.count)
    #expect(first.player.statistics == second.player.statistics)
    // Which lines drew, and how often: the start, `t`, a tick at 1s and 2s, the two `+` (one
    // frame at the end of the line), the resize, the tick at 3s, `t` stopping it; nothing while
    // stopped; the typed keys.
    #expect(first.frames.map(\.line) == [0, 1, 2, 2, 3, 4, 5, 6, 8])
    #expect(first.frames.map(\.number) == Array(1...9))
    #expect(first.frames.last?.screen.contains("count: 3") == true)
    #expect(first.frames.last?.screen.contains("ticks: 3 (stopped)") == true)
    #expect(first.state.tickTimes == [.seconds(1), .seconds(2), .seconds(3)])
  }

  // MARK: Settling and time

  @Test func waitFiresEveryTickDueByItsEndAndNoneAfter() async throws {
    let replay = TickerReplay()
    try await replay.play("keys t\nwait 3s")
    #expect(replay.state.ticks == 3)
    #expect(replay.state.tickTimes == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(replay.clock.now.offset == .seconds(3))
    #expect(replay.player.screenText.contains("ticks: 3 (ticking)"))

    try await replay.play("wait 999ms")
    #expect(replay.state.ticks == 3)
    #expect(replay.clock.now.offset == .milliseconds(3999))

    try await replay.play("wait 1ms")
    #expect(replay.state.ticks == 4)
    #expect(replay.state.tickTimes.last == .seconds(4))
    #expect(replay.player.screenText.contains("ticks: 4 (ticking)"))
  }

  @Test func aQuarterSecondTimerFiresFourTimesASecondAtExactInstants() async throws {
    let replay = TickerReplay(period: .milliseconds(250))
    try await replay.play("keys t\nwait 1s")
    #expect(replay.state.tickTimes == [
      .milliseconds(250), .milliseconds(500), .milliseconds(750), .milliseconds(1000),
    ])
    // Each tick was drawn at its own instant, during the wait.
    #expect(replay.frames.filter { $0.line == 2 }.map(\.screen).map { $0.contains("(ticking)") } == [true, true, true, true])
    #expect(replay.frames.filter { $0.line == 2 }.count == 4)
  }

  @Test func stoppingTheTickerCancelsItsSleepOnTheClock() async throws {
    let replay = TickerReplay()
    try await replay.play("keys t\nwait 1500ms")
    #expect(replay.clock.sleeperCount == 1)
    try await replay.play("keys t\nwait 10s")
    #expect(replay.clock.sleeperCount == 0)
    #expect(replay.state.ticks == 1)
    #expect(replay.player.screenText.contains("ticks: 1 (stopped)"))
  }

  @Test func framesDuringAWaitAreCappedAtSixtyPerVirtualSecond() async throws {
    let replay = TickerReplay(period: .milliseconds(5))
    try await replay.play("keys t\nwait 1s")
    #expect(replay.state.ticks == 200)
    let waitFrames = replay.frames.filter { $0.line == 2 }
    #expect(waitFrames.count >= 30)
    #expect(waitFrames.count <= 61)
    // The end of the line always brings the screen up to date.
    #expect(replay.player.screenText.contains("ticks: 200 (ticking)"))
  }

  // MARK: Expectations

  @Test func aFailedExpectThrowsWithItsLineAndTheScreen() async throws {
    let replay = TickerReplay()
    let script = try KeyScript(parsing: """
      keys +
      # a comment, then a passing expectation
      expect "count: 1"
      expect "count: 2"
      keys +
      """, file: "fail.keys")
    do {
      try await replay.player.play(script)
      Issue.record("the replay should have failed at line 4")
    } catch {
      guard case .expectation(let error) = error else { throw error }
      #expect(error.file == "fail.keys")
      #expect(error.line == 4)
      #expect(error.source == #"expect "count: 2""#)
      #expect(error.screen.contains("count: 1"))
      #expect(error.description.hasPrefix(#"fail.keys:4: expectation failed: expect "count: 2""#))
    }
    // The lines after the failure did not run.
    #expect(replay.state.count == 1)
  }

  @Test func aFailedExpectNotThrowsWithItsLine() async throws {
    let replay = TickerReplay()
    let script = try KeyScript(parsing: """
      expect-not "count: 1"
      keys +
      expect-not "count: 1"
      """, file: "not.keys")
    do {
      try await replay.player.play(script)
      Issue.record("the replay should have failed at line 3")
    } catch {
      guard case .expectation(let error) = error else { throw error }
      #expect(error.line == 3)
      #expect(error.source == #"expect-not "count: 1""#)
      #expect(error.screen.contains("count: 1"))
    }
  }

  // MARK: Quitting

  @Test func aScriptEndingWithItsQuitPasses() async throws {
    let replay = TickerReplay()
    let outcome = try await replay.play("""
      keys +
      keys + q +
      # comments and blank lines after the quit are not lines that never ran

      """)
    #expect(outcome == .quit(line: 2))
    #expect(replay.state.isQuitting)
    // The key after `q` on the same line is not sent: the app is finished.
    #expect(replay.state.count == 2)
    #expect(replay.frames.last?.line == 2)
    #expect(replay.frames.last?.screen.contains("count: 2") == true)
  }

  @Test func aLineAfterTheQuitIsAFailureNamingItNotAFalsePass() async throws {
    let replay = TickerReplay()
    let script = try KeyScript(parsing: """
        keys +
        keys + q +

        # the checks below would never run
        keys +
        expect "never checked"
        """, file: "late.keys")
    do {
      try await replay.player.play(script)
      Issue.record("a script with lines after the quit must not pass")
    } catch {
      guard case .linesAfterQuit(let failure) = error else { throw error }
      #expect(failure.description == "late.keys:5: the app quit at line 2; this line never ran")
    }
    #expect(replay.state.count == 2)
  }

  @Test func aQuitFromAnEffectDuringAWaitEndsTheReplayAtTheWait() async throws {
    let replay = TickerReplay(quitAtTick: 3)
    let outcome = try await replay.play("""
      keys t
      wait 10s
      """)
    #expect(outcome == .quit(line: 2))
    #expect(replay.state.isQuitting)
    #expect(replay.state.tickTimes == [.seconds(1), .seconds(2), .seconds(3)])
    #expect(replay.state.count == 0)
    #expect(replay.clock.now.offset == .seconds(3))
    #expect(replay.clock.sleeperCount == 0)
  }

  @Test func aQuitFromAnEffectBeforeTheLastLineIsAFailure() async throws {
    let replay = TickerReplay(quitAtTick: 3)
    await #expect(throws: KeyScriptPlayer<Ticker.State, Ticker.Action>.Failure.self) {
      try await replay.play("keys t\nwait 10s\nkeys +", file: "tick.keys")
    }
    #expect(replay.state.count == 0, "the line after the quit did not run")
  }

  @Test func aScriptWithoutQuitCompletes() async throws {
    let replay = TickerReplay()
    #expect(try await replay.play("keys + -") == .completed)
    #expect(!replay.state.isQuitting)
  }

  // MARK: Resizing

  @Test func belowTheMinimumSizeTheMessageShowsAndResizingBackRecovers() async throws {
    let replay = TickerReplay()
    try await replay.play("""
      keys +
      resize 39x12
      expect "Terminal too small (need 40x12)"
      expect-not "count:"
      """)
    #expect(replay.player.screenText == """





          Terminal too small (need 40x12)






      """)
    // Keys do nothing while the message shows: the user cannot see what they would do.
    try await replay.play("""
      keys +
      resize 40x11
      expect "Terminal too small (need 40x12)"
      resize 40x12
      expect "count: 1"
      expect-not "Terminal too small"
      """)
    #expect(replay.player.screenText.split(separator: "\n", omittingEmptySubsequences: false).count == 12)
    try await replay.play("resize 100x30\nexpect \"count: 1\"")
    #expect(replay.player.screenText.split(separator: "\n", omittingEmptySubsequences: false).count == 30)
  }

  @Test func resizingToTheSameSizeRedrawsTheScreen() async throws {
    let replay = TickerReplay()
    try await replay.play("""
      keys +
      resize 40x12
      expect "count: 1"
      """)
    #expect(replay.player.screenText.hasPrefix(" Ticker"))
  }

  // MARK: Frames

  @Test func framesAreReportedOnlyWhenCellsChanged() async throws {
    let replay = TickerReplay()
    try await replay.play("keys +")
    #expect(replay.frames.count == 2)
    let statistics = replay.player.statistics

    // `n` is sent and reduced but changes nothing on screen; `z` is not bound at all; a wait with
    // nothing running moves time and nothing else.
    try await replay.play("keys n\nkeys z\nwait 5s\nexpect \"count: 1\"\nscreen")
    #expect(replay.state.actionsReceived == 2)
    #expect(replay.frames.count == 2)
    #expect(replay.player.statistics == statistics)

    // `+ -` changes the state twice but ends where it started: still no frame.
    try await replay.play("keys + -")
    #expect(replay.state.actionsReceived == 4)
    #expect(replay.frames.count == 2)

    try await replay.play("keys -")
    #expect(replay.frames.count == 3)
    #expect(replay.frames.last?.line == 1)
    #expect(replay.frames.last?.source == "keys -")
    #expect(replay.player.statistics.frames == statistics.frames + 1)
  }

  @Test func screenLinesReportTheCurrentScreen() async throws {
    let replay = TickerReplay()
    var screens: [String] = []
    replay.player.onScreen = { screens.append($0) }
    try await replay.play("keys +\nscreen\nkeys +\nscreen")
    #expect(screens.count == 2)
    #expect(screens.first?.contains("count: 1") == true)
    #expect(screens.last?.contains("count: 2") == true)
    #expect(screens.last == replay.player.screenText)
  }
}
