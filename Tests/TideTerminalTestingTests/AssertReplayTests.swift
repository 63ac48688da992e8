import Foundation
import Testing
import Tide
import TideTerminal
import TideTerminalTesting
import TideTestSupport

/// `assertReplay` as a user's test would call it: passing scripts and goldens stay silent, and
/// every kind of failure is a test issue where the user will look for it.
@MainActor
@Suite struct AssertReplayTests {
  /// This test file's folder, where the relative paths below are taken from.
  nonisolated static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path

  @Test func aPassingScriptFileMatchingItsGoldenReportsNothing() async {
    let clock = VirtualClock()
    let app = Tally.app(clock: clock)
    let screen = await assertReplay(
      app, clock: clock, scriptFile: "Scripts/tally.keys", golden: "Goldens/tally.screen",
      size: TerminalSize(columns: 40, rows: 12))
    #expect(screen.contains("Tally: 2"))
    #expect(app.store.state.ticks == 2)
    #expect(clock.now.offset == .milliseconds(2500))
  }

  @Test func anInlineScriptRunsToo() async {
    let clock = VirtualClock()
    let screen = await assertReplay(Tally.app(clock: clock), clock: clock, script: """
      keys t
      wait 1m
      expect "Ticks: 60 (ticking)"
      """)
    #expect(screen.contains("Ticks: 60"))
  }

  @Test func aFailedExpectationIsReportedAtTheScriptsFileAndLine() async {
    let clock = VirtualClock()
    await withKnownIssue {
      await assertReplay(Tally.app(clock: clock), clock: clock, scriptFile: "Scripts/failing-expect.keys")
    } matching: { issue in
      guard let location = issue.sourceLocation else { return false }
      return location.filePath == Self.folder + "/Scripts/failing-expect.keys" && location.line == 4
        && issue.comments.contains { $0.rawValue.contains("expectation failed: expect \"Tally: 3\"") }
        && issue.comments.contains { $0.rawValue.contains("Tally: 2") }  // the screen it saw
    }
  }

  @Test func aLineAfterTheQuitIsReportedAtThatLine() async {
    let clock = VirtualClock()
    await withKnownIssue {
      await assertReplay(Tally.app(clock: clock), clock: clock, scriptFile: "Scripts/after-quit.keys")
    } matching: { issue in
      issue.sourceLocation?.line == 2
        && issue.comments.contains { $0.rawValue.contains("the app quit at line 1; this line never ran") }
    }
  }

  @Test func aScriptErrorIsReportedAtItsLineAndColumn() async {
    let clock = VirtualClock()
    await withKnownIssue {
      await assertReplay(Tally.app(clock: clock), clock: clock, scriptFile: "Scripts/bad-key.keys")
    } matching: { issue in
      issue.sourceLocation?.line == 2 && issue.sourceLocation?.column == 8
        && issue.comments.contains { $0.rawValue.contains("unknown key 'ctrl-1'") }
    }
  }

  @Test func anInlineScriptsFailureIsReportedAtTheCallNamingTheScriptLine() async {
    let clock = VirtualClock()
    let callLine = #line + 2
    await withKnownIssue {
      await assertReplay(Tally.app(clock: clock), clock: clock, script: "keys +\nexpect \"Tally: 5\"")
    } matching: { issue in
      issue.sourceLocation?.line == callLine && issue.sourceLocation?.fileName == "AssertReplayTests.swift"
        && issue.comments.contains { $0.rawValue.hasPrefix("script:2: expectation failed") }
    }
  }

  @Test func aScreenUnlikeTheGoldenIsReportedWithALineDiff() async throws {
    let folder = TemporaryDirectory("tide-terminal-testing")
    let golden = folder.path + "/tally.screen"
    try " Tally: 9\n Ticks: 0 (stopped)\n".write(toFile: golden, atomically: true, encoding: .utf8)
    let clock = VirtualClock()
    await withKnownIssue {
      await assertReplay(
        Tally.app(clock: clock), clock: clock, script: "keys + +", golden: golden, size: TerminalSize(columns: 30, rows: 6))
    } matching: { issue in
      let message = issue.comments.map(\.rawValue).joined()
      return message.contains("differs from the golden \(golden)")
        && message.contains("− ") && message.contains("Tally: 9")
        && message.contains("+ ") && message.contains("Tally: 2")
    }
  }

  @Test func aMissingGoldenIsWrittenFromTheRunAndReported() async throws {
    let folder = TemporaryDirectory("tide-terminal-testing")
    let golden = folder.path + "/new/tally.screen"
    let clock = VirtualClock()
    var screen = ""
    await withKnownIssue {
      screen = await assertReplay(
        Tally.app(clock: clock), clock: clock, script: "keys + + +", golden: golden, size: TerminalSize(columns: 30, rows: 6))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no golden screen yet") }
    }
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == screen + "\n")
    // The next run matches it and reports nothing.
    let again = VirtualClock()
    await assertReplay(
      Tally.app(clock: again), clock: again, script: "keys + + +", golden: golden, size: TerminalSize(columns: 30, rows: 6))
  }
}
