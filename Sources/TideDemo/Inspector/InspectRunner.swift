import TideTerminal
import TideTerminalCommand

/// What `tide-demo inspect TRACE` does once its arguments are parsed: answer one query, or open
/// the interactive inspector.
@MainActor
package enum InspectRunner {
  /// A question for a script or test.
  package enum Query: Equatable, Sendable {
    /// The screen after action N.
    case screen(after: Int)
    /// The state after action N, as JSON.
    case state(after: Int)
    /// The actions that changed a dotted path of the state.
    case whoChanged(String)
    /// A key script ending on the screen after action N, written to a file.
    case exportKeys(through: Int, file: String)
    /// A Swift Testing test of actions A…B, written to a file.
    case exportTest(ClosedRange<Int>, file: String)
  }

  /// Answers `query` about the trace at `path`, writing the answer through `output`. A trace
  /// with a bad line answers from the actions before it, then fails with status 1 naming the
  /// line.
  package static func answer(_ query: Query, trace path: String, output: (String) -> Void) throws(TerminalCommandError) {
    let reader = try TraceQueries.open(path)
    func action(_ number: Int, _ option: String) throws(TerminalCommandError) -> Int {
      guard number >= 0, number <= reader.actionCount else {
        var message = "tide-demo: \(option) \(number): the trace has \(reader.actionCount) actions (0 is the state before the first)"
        if let problem = reader.problem { message += "\n\(problem)" }
        throw TerminalCommandError(status: 2, message: message)
      }
      return number
    }
    switch query {
    case .screen(let number):
      output(try TraceQueries.screen(after: try action(number, "--at"), in: reader))
    case .state(let number):
      output(try TraceQueries.stateText(after: try action(number, "--state-at"), in: reader))
    case .whoChanged(let path):
      for line in try TraceQueries.whoChanged(path, in: reader) { output(line) }
    case .exportKeys(let number, let file):
      let script = try TraceQueries.keyScript(through: try action(number, "--export-keys"), in: reader)
      try write(script, to: file, option: "--export-keys", trace: path)
    case .exportTest(let range, let file):
      _ = try action(range.lowerBound, "--export-test")
      _ = try action(range.upperBound, "--export-test")
      guard range.lowerBound >= 1 else {
        throw TerminalCommandError(status: 2, message: "tide-demo: --export-test: actions count from 1")
      }
      let test = try TraceTestExport.test(of: range, in: reader)
      try write(test, to: file, option: "--export-test", trace: path)
    }
    if let problem = reader.problem {
      throw TerminalCommandError(status: 1, message: "\(problem)\n(the answer comes from the \(reader.actionCount) actions before that line)")
    }
  }

  /// Writes an export by the output-file rules: never over the trace itself, a folder or a device.
  private static func write(_ text: String, to path: String, option: String, trace: String) throws(TerminalCommandError) {
    do {
      let files = try OutputFile.check([("trace", trace), (option, path)])
      try files[1].write(text)
    } catch {
      throw TerminalCommandError(status: 2, message: error.description)
    }
  }
}

extension InspectRunner {
  /// Opens the interactive inspector on the trace at `path` (``InspectorCommand``); its status
  /// is the command's.
  package static func browse(trace path: String, follow: Bool) async throws(TerminalCommandError) {
    let status = await InspectorCommand.command.run(
      [path] + (follow ? ["--follow"] : []), output: { print($0) }, errors: { StandardError.writeLine($0) })
    if status != 0 { throw TerminalCommandError(status: status, message: "") }
  }

  /// Replays key scripts on the inspector (``InspectorCommand``'s `replay`): `arguments` are
  /// what follows `tide-demo inspect replay`. Its status is the command's.
  package static func replay(_ arguments: [String]) async throws(TerminalCommandError) {
    let status = await InspectorCommand.command.run(
      ["replay"] + arguments, output: { print($0) }, errors: { StandardError.writeLine($0) })
    if status != 0 { throw TerminalCommandError(status: status, message: "") }
  }
}
