import Foundation
import Testing
import TideTerminal
import TideTerminalCommand

@testable import Quiz

/// The command every app gets, run from outside: `tide-quiz replay FILE SCRIPT` with the outputs
/// the command gives any app — its screen, `--svg`, `--cast` and `--trace` files — and its exit
/// statuses, in the test's process.
@MainActor
@Suite struct QuizCommandTests {
  /// The command as `main.swift` makes it, with the data file fixed instead of an argument.
  var command: TerminalCommand<NoAppOptions, Quiz.State, Quiz.Action> {
    TerminalCommand("tide-quiz", version: "1.0.0") { [capitals] launch in
      Quiz.app(title: "Quiz", questions: try Question.load(fromFile: capitals), launch: launch)
    }
  }

  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-quiz-\(UUID())").path
  let capitals = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "../../capitals.json").path
  let round = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Scripts/round.keys").path

  func run(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
    var output = "", errors = ""
    let status = await command.run(arguments, output: { output += $0 + "\n" }, errors: { errors += $0 + "\n" })
    return (status, output, errors)
  }

  @Test func aReplayWritesItsScreenAnImageACastAndATrace() async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let (svg, cast, trace) = (folder + "/round.svg", folder + "/round.cast", folder + "/round.trace")
    let outcome = await run(["replay", round, "--svg", svg, "--cast", cast, "--trace", trace])
    #expect(outcome.status == 0, "\(outcome)")
    #expect(outcome.output.contains("2 of 12 right"), "the final screen: \(outcome.output)")
    #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("2 of 12 right"))
    #expect(try String(contentsOfFile: cast, encoding: .utf8).hasPrefix("{\"version\": 2, \"width\": 80, \"height\": 24"))
    // The size reaches the reducer first, as an action; the countdown's ticks are traced too.
    let actions = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    #expect(actions.first?.hasPrefix("{\"action\":\"Quiz.Action.resized(\\n  TerminalSize(\\n    columns: 80,") == true)
    #expect(actions.contains { $0.hasPrefix("{\"action\":\"Quiz.Action.tick\"") })
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
