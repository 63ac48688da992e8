import Foundation
import Testing
import Tide
import TideDemo
import TideTesting
import TideTerminal
import TideTerminalCommand
import TideTestSupport

/// The built `tide-demo`, or a recorded failure saying where it was looked for.
func requireTideDemo(sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
  try requireBuiltExecutable("tide-demo", sourceLocation: sourceLocation)
}

/// The folder of replay scripts and their goldens.
let replaysFolder = packageRoot.appendingPathComponent("assets/replays")

/// Replays `script` on a fresh app over a virtual clock and returns the player, for reading its
/// screen and the app's state.
@MainActor
func play(
  _ script: String, screen: Screen = .counter, storage: TodoStorage? = nil,
  size: TerminalSize = TerminalSize(columns: 80, rows: 24)
) async throws -> (app: TerminalApp<AppFeature.State, AppFeature.Action>, player: KeyScriptPlayer<AppFeature.State, AppFeature.Action>) {
  let clock = VirtualClock()
  let app = DemoApp.make(screen: screen, storage: storage, clock: clock)
  return (app, try await replay(script, on: app, clock: clock, size: size))
}

/// A line-by-line comparison of two texts for failure messages: each differing line with its
/// number, expected (−) above actual (+).
func lineDiff(expected: String, actual: String) -> String {
  let expectedLines = expected.components(separatedBy: "\n")
  let actualLines = actual.components(separatedBy: "\n")
  var report: [String] = []
  for index in 0..<max(expectedLines.count, actualLines.count) {
    let old = index < expectedLines.count ? expectedLines[index] : nil
    let new = index < actualLines.count ? actualLines[index] : nil
    guard old != new else { continue }
    report.append(String(format: "line %3d", index + 1))
    report.append("  − " + (old.map { "|\($0)|" } ?? "(no line)"))
    report.append("  + " + (new.map { "|\($0)|" } ?? "(no line)"))
  }
  return report.isEmpty ? "(texts are equal line by line; they differ in bytes)" : report.joined(separator: "\n")
}

/// What `tide-demo ARGUMENTS` did, run in this process: its exit status, its standard output
/// lines and its messages.
struct CommandOutcome: Error, CustomStringConvertible {
  var status: Int32
  var output: [String] = []
  var errors: [String] = []

  /// Everything written to standard error.
  var message: String { errors.joined(separator: "\n") }

  var description: String { "status \(status)\n--- stderr\n\(message)" }
}

/// Runs `tide-demo ARGUMENTS` in this process (only replays: the interactive form needs a
/// terminal) and returns what it did.
@MainActor
func runDemo(_ arguments: [String]) async -> CommandOutcome {
  var outcome = CommandOutcome(status: 0)
  outcome.status = await DemoCommand.command.run(
    arguments, output: { outcome.output.append($0) }, errors: { outcome.errors.append($0) })
  return outcome
}

/// Runs `tide-demo ARGUMENTS` in this process and returns its standard output lines, or throws
/// the outcome when the exit status is not 0.
@MainActor
func runDemoReplay(_ arguments: [String]) async throws(CommandOutcome) -> [String] {
  let outcome = await runDemo(arguments)
  guard outcome.status == 0 else { throw outcome }
  return outcome.output
}
