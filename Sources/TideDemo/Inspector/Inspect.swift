import ArgumentParser
import TideTerminalCommand

/// `tide-demo inspect TRACE`: the interactive inspector, or one answer for a script or test.
package struct Inspect: AsyncParsableCommand {
  package static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Inspect a trace written with --trace: browse it, or answer one question.",
    discussion: """
      Without a question, opens the inspector: the steps, the selected step's action and state \
      changes, and the app's screen after it. Actions count from 1; 0 is the state before the first.

      tide-demo inspect replay TRACE SCRIPT... [--size COLSxROWS] [--frames] [--svg PATH] \
      [--cast PATH] [--follow] replays key scripts on the inspector itself, as tide-demo replay \
      does on the demo, and prints its last screen.
      """)

  package init() {}

  @Argument(help: "A trace written by tide-demo --trace or tide-demo replay --trace.")
  var trace: String

  /// After `replay`, the inspector's replay arguments (see the discussion); anything else here
  /// is refused.
  @Argument(parsing: .allUnrecognized)
  var replayArguments: [String] = []

  @Flag(help: "Keep up with a trace that is still being written (interactive only).")
  var follow = false

  @Option(help: ArgumentHelp("Print the screen after action N as plain text.", valueName: "N"))
  var at: Int?

  @Option(help: ArgumentHelp("Print the state after action N as JSON.", valueName: "N"))
  var stateAt: Int?

  @Option(help: ArgumentHelp(
    "Print one line per action that changed a dotted path of the state: N ACTION old → new.", valueName: "PATH"))
  var whoChanged: String?

  @Option(parsing: .upToNextOption, help: ArgumentHelp(
    "Write a key script whose replay ends on the screen after action N.", valueName: "N FILE"))
  var exportKeys: [String] = []

  @Option(parsing: .upToNextOption, help: ArgumentHelp(
    "Write a Swift Testing test of actions A through B on a TestStore.", valueName: "A..B FILE"))
  var exportTest: [String] = []

  package func validate() throws {
    if isReplay { return }
    if !replayArguments.isEmpty {
      throw ValidationError("unexpected argument\(replayArguments.count == 1 ? "" : "s"): \(replayArguments.joined(separator: " "))")
    }
    _ = try query()
  }

  /// `tide-demo inspect replay TRACE SCRIPT...`: the inspector replayed like every app.
  private var isReplay: Bool { trace == "replay" }

  /// The one question asked, if any.
  func query() throws -> InspectRunner.Query? {
    var queries: [InspectRunner.Query] = []
    if let at { queries.append(.screen(after: at)) }
    if let stateAt { queries.append(.state(after: stateAt)) }
    if let whoChanged { queries.append(.whoChanged(whoChanged)) }
    if !exportKeys.isEmpty {
      guard exportKeys.count == 2, let number = Int(exportKeys[0]) else {
        throw ValidationError("--export-keys takes N FILE (an action number and a file)")
      }
      queries.append(.exportKeys(through: number, file: exportKeys[1]))
    }
    if !exportTest.isEmpty {
      let bounds = exportTest.first?.split(separator: ".", omittingEmptySubsequences: true) ?? []
      guard exportTest.count == 2, exportTest[0].firstRange(of: "..") != nil, bounds.count == 2,
        let first = Int(bounds[0]), let last = Int(bounds[1]), first <= last
      else {
        throw ValidationError("--export-test takes A..B FILE (a range of action numbers, A ≤ B, and a file)")
      }
      queries.append(.exportTest(first...last, file: exportTest[1]))
    }
    guard queries.count <= 1 else { throw ValidationError("ask one question at a time") }
    if follow, !queries.isEmpty { throw ValidationError("--follow is for the interactive inspector") }
    return queries.first
  }

  @MainActor
  package func run() async throws {
    if isReplay {
      try await InspectRunner.replay(replayArguments + (follow ? ["--follow"] : []))
    } else if let query = try query() {
      try InspectRunner.answer(query, trace: trace, output: { print($0) })
    } else {
      try await InspectRunner.browse(trace: trace, follow: follow)
    }
  }
}
