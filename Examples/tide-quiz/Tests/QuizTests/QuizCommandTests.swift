import Foundation
import Testing
import TideTerminal
import TideTerminalCommand

@testable import Quiz

/// The command every app gets, run from outside: `tide-quiz replay FILE SCRIPT` with the outputs
/// the command gives any app — its screen, `--svg`, `--cast` and `--trace` files — and its exit
/// statuses, in the test's process.
@MainActor
@Suite final class QuizCommandTests {
  /// The command as `main.swift` makes it, with the data file fixed instead of an argument.
  var command: TerminalCommand<NoAppOptions, Quiz.State, Quiz.Action> {
    TerminalCommand("tide-quiz", version: "1.0.0") { [capitals] launch in
      Quiz.app(title: "Quiz", questions: try Question.load(fromFile: capitals), launch: launch)
    }
  }

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-quiz-\(UUID())").path

  // Swift Testing makes a suite's instance for each test and lets it go after it: its folder goes
  // with it.
  deinit { try? FileManager.default.removeItem(atPath: folder) }
  let capitals = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../capitals.json").path
  let round = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Scripts/round.keys").path

  func run(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
    var output = "", errors = ""
    let status = await command.run(arguments, output: { output += $0 + "\n" }, errors: { errors += $0 + "\n" })
    return (status, output, errors)
  }

  @Test func aReplayWritesItsScreenAnImageAndACast() async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let (svg, cast) = (folder + "/round.svg", folder + "/round.cast")
    let outcome = await run(["replay", round, "--svg", svg, "--cast", cast])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.output.contains("2 of 12 right"), "the final screen: \(outcome.output)")
    #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("2 of 12 right"))
    #expect(try String(contentsOfFile: cast, encoding: .utf8).hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
  }

  /// A trace records State and Action as JSON: the quiz's are not Codable (its list's state is
  /// not), so `--trace` says so, status 2, before anything runs.
  @Test func aTraceNeedsCodableStateAndAction() async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let trace = folder + "/round.trace"
    let outcome = await run(["replay", round, "--trace", trace])
    #expect(outcome.status == 2, "\(outcome)")
    #expect(outcome.errors.contains("--trace needs the app's State and Action to be Codable"), "\(outcome)")
    #expect(!FileManager.default.fileExists(atPath: trace))
  }

  @Test func aFailedExpectIsStatusOneAndNamesTheLine() async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let script = folder + "/wrong.keys"
    try "expect \"3 of 12 right\"\n".write(toFile: script, atomically: true, encoding: .utf8)
    let outcome = await run(["replay", script])
    #expect(outcome.status == 1, "\(outcome)")
    #expect(outcome.errors.hasPrefix("\(script):1: expectation failed"), "\(outcome)")
  }
}
