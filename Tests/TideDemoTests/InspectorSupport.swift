import Foundation
import Testing
import Tide
import TideDemo
import TideTerminal
import TideTerminalCommand
import TideTrace
import TideTestSupport

/// The folder of the inspector's key scripts, goldens and exported test.
let inspectorFixtures = packageRoot.appendingPathComponent("Tests/TideDemoTests/InspectorFixtures")

/// A fresh folder for one test's files, removed by the caller.
func makeInspectorFolder() throws -> URL {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-inspector-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  return folder
}

/// Replays `script` with `--trace` into `folder` and returns the trace's path and the final
/// screen the replay printed.
@MainActor
func traceOfReplay(_ script: String, in folder: URL, name: String = "session") async throws -> (trace: String, screen: String) {
  let scriptPath = folder.appendingPathComponent("\(name).keys").path
  try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
  let trace = folder.appendingPathComponent("\(name).trace").path
  var printed: [String] = []
  var errors: [String] = []
  let status = await DemoCommand.command.run(
    ["replay", scriptPath, "--trace", trace], output: { printed.append($0) }, errors: { errors.append($0) })
  #expect(status == 0, "\(errors)")
  return (trace, printed.joined(separator: "\n"))
}

/// The answer `tide-demo inspect TRACE` gives to `query`, or the failure it reports.
@MainActor
func inspect(_ trace: String, _ query: InspectRunner.Query) -> (output: String, failure: TerminalCommandError?) {
  var lines: [String] = []
  do {
    try InspectRunner.answer(query, trace: trace, app: demoInspected, output: { lines.append($0) })
    return (lines.joined(separator: "\n"), nil)
  } catch {
    return (lines.joined(separator: "\n"), error)
  }
}

/// tide-demo as its inspector sees it.
@MainActor
var demoInspected: InspectedApp {
  guard let app = DemoCommand.command.inspectedApp() else { preconditionFailure("tide-demo's State and Action are Codable") }
  return app
}

/// The trace's lines.
func traceLines(_ path: String) throws -> [String] {
  try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
}

/// What `tide-demo ARGUMENTS` prints and its status, in this process.
@MainActor
func demo(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
  var output: [String] = []
  var errors: [String] = []
  let status = await DemoCommand.command.run(arguments, output: { output.append($0) }, errors: { errors.append($0) })
  return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"))
}

/// What `tide-demo inspect replay ARGUMENTS` prints and its status: the inspector's own command,
/// which `tide-demo inspect replay` runs (from there its messages go to the process's standard
/// error, out of a test's reach).
@MainActor
func inspectReplay(_ arguments: [String]) async -> (status: Int32, output: String, errors: String) {
  var output: [String] = []
  var errors: [String] = []
  let status = await InspectorCommand.command(for: demoInspected).run(
    ["replay"] + arguments, output: { output.append($0) }, errors: { errors.append($0) })
  return (status, output.joined(separator: "\n"), errors.joined(separator: "\n"))
}
