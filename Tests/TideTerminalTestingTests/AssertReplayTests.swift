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

  @Test func aMissingGoldenFailsAndIsNotWrittenUnlessRecordingIsAskedFor() async throws {
    let folder = TemporaryDirectory("tide-terminal-testing")
    let golden = folder.path + "/new/tally.screen"
    let clock = VirtualClock()
    await withKnownIssue {
      await assertReplay(
        Tally.app(clock: clock), clock: clock, script: "keys + + +", golden: golden, size: TerminalSize(columns: 30, rows: 6))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no golden screen") && $0.rawValue.contains("TIDE_RECORD_GOLDENS=missing") }
    }
    #expect(!FileManager.default.fileExists(atPath: golden), "a test run must not write a golden on its own")
  }

  @Test func aFailedScriptIsNotComparedWithItsGoldenAndWritesNone() async throws {
    let folder = TemporaryDirectory("tide-terminal-testing")
    let missing = folder.path + "/missing.screen"
    let clock = VirtualClock()
    // Only the expectation matches as known: any other issue (a golden difference, a missing
    // golden) would be recorded as a failure of this test.
    await withKnownIssue {
      await assertReplay(
        Tally.app(clock: clock), clock: clock, script: "keys +\nexpect \"Tally: 5\"", golden: missing,
        size: TerminalSize(columns: 30, rows: 6))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("expectation failed") }
    }
    #expect(!FileManager.default.fileExists(atPath: missing), "a failed replay's screen must not become a golden")

    // An existing golden is not compared either: its difference is not news.
    let existing = folder.path + "/existing.screen"
    try " Tally: 9\n".write(toFile: existing, atomically: true, encoding: .utf8)
    let again = VirtualClock()
    await withKnownIssue {
      await assertReplay(
        Tally.app(clock: again), clock: again, script: "keys +\nexpect \"Tally: 5\"", golden: existing,
        size: TerminalSize(columns: 30, rows: 6))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("expectation failed") }
    }
    #expect(try String(contentsOfFile: existing, encoding: .utf8) == " Tally: 9\n")
  }

  @Test func recordingWritesMissingGoldensOnlyWhenAskedAndStillReportsThem() throws {
    let folder = TemporaryDirectory("tide-terminal-testing")
    let golden = folder.path + "/new/tally.screen"
    var reports: [String] = []
    compareGolden(" Tally: 3", at: golden, recording: .missing) { reports.append($0) }
    #expect(reports.count == 1 && reports[0].contains("recorded"))
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == " Tally: 3\n")

    // Recorded, it now matches, silently; a different screen is a difference, not a rewrite.
    reports = []
    compareGolden(" Tally: 3", at: golden, recording: .never) { reports.append($0) }
    #expect(reports.isEmpty)
    compareGolden(" Tally: 4", at: golden, recording: .missing) { reports.append($0) }
    #expect(reports.count == 1 && reports[0].contains("differs from the golden"))
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == " Tally: 3\n")

    // `all` rewrites it, and says so.
    reports = []
    compareGolden(" Tally: 4", at: golden, recording: .all) { reports.append($0) }
    #expect(reports.count == 1 && reports[0].contains("recorded"))
    #expect(try String(contentsOfFile: golden, encoding: .utf8) == " Tally: 4\n")
  }

  @Test func theRecordingModeComesFromTIDE_RECORD_GOLDENS() {
    #expect(GoldenRecording(environment: [:]) == .never)
    #expect(GoldenRecording(environment: ["TIDE_RECORD_GOLDENS": "missing"]) == .missing)
    #expect(GoldenRecording(environment: ["TIDE_RECORD_GOLDENS": "all"]) == .all)
    #expect(GoldenRecording(environment: ["TIDE_RECORD_GOLDENS": "yes"]) == .never)
  }
}
