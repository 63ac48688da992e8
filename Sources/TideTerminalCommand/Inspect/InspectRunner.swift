import TideTerminal
import TideTrace

/// What `NAME inspect TRACE` does once its arguments are parsed: answer one query, or open the
/// interactive inspector.
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

  /// Runs `NAME inspect` as `arguments` ask, on traces of `app`.
  static func run(
    _ arguments: InspectArguments, app: InspectedApp, output: @escaping (String) -> Void, errors: @escaping (String) -> Void
  ) async throws(TerminalCommandError) {
    if let socket = arguments.attach {
      let live: LiveTraceClient
      do {
        live = try LiveTraceClient(path: socket)
      } catch {
        throw TerminalCommandError(status: 2, message: "\(app.name): inspect --attach: \(error)")
      }
      defer { live.close() }
      try await InspectorCommand.run([live.tracePath, "--follow"], app: app, live: live, output: output, errors: errors)
    } else if arguments.isReplay {
      try await InspectorCommand.run(
        ["replay"] + arguments.replayArguments + (arguments.follow ? ["--follow"] : []), app: app, output: output,
        errors: errors)
    } else if let query = try validated(arguments) {
      try answer(query, trace: arguments.trace, app: app, output: output)
    } else {
      try await InspectorCommand.run(
        [arguments.trace] + (arguments.follow ? ["--follow"] : []), app: app, output: output, errors: errors)
    }
  }

  private static func validated(_ arguments: InspectArguments) throws(TerminalCommandError) -> Query? {
    do {
      return try arguments.query()
    } catch {
      throw TerminalCommandError(status: 2, message: "error: \(error)")
    }
  }

  /// Answers `query` about the trace at `path`, writing the answer through `output`. A trace
  /// with a bad line answers from the actions before it, then fails with status 1 naming the
  /// line.
  package static func answer(
    _ query: Query, trace path: String, app: InspectedApp, output: (String) -> Void
  ) throws(TerminalCommandError) {
    do throws(InspectFailure) {
      try answering(query, trace: path, app: app, output: output)
    } catch {
      throw TerminalCommandError(status: error.status, message: error.message)
    }
  }

  private static func answering(
    _ query: Query, trace path: String, app: InspectedApp, output: (String) -> Void
  ) throws(InspectFailure) {
    let reader = try TraceQueries.open(path, app: app)
    func action(_ number: Int, _ option: String) throws(InspectFailure) -> Int {
      guard number >= 0, number <= reader.actionCount else {
        // Past a damaged line, the trace may well hold the action: what failed is the trace
        // (status 1, as for any answer a bad line cuts short), not the question.
        if number > reader.actionCount, let problem = reader.problem {
          throw InspectFailure(
            status: 1,
            message: "\(app.name): \(option) \(number): only \(reader.actionCount) action\(reader.actionCount == 1 ? "" : "s") could be read, before this line\n\(problem)")
        }
        throw InspectFailure(
          status: 2, message: "\(app.name): \(option) \(number): the trace has \(reader.actionCount) actions (0 is the state before the first)")
      }
      return number
    }
    switch query {
    case .screen(let number):
      output(try TraceQueries.screen(after: try action(number, "--at"), in: reader, app: app))
    case .state(let number):
      output(try TraceQueries.stateText(after: try action(number, "--state-at"), in: reader, app: app))
    case .whoChanged(let path):
      // Handed over in blocks of whole lines: a field that every action of a million changes
      // is a million lines, which took a write each.
      for block in try TraceQueries.whoChangedText(path, in: reader, app: app) { output(block) }
    case .exportKeys(let number, let file):
      let script = try TraceQueries.keyScript(through: try action(number, "--export-keys"), in: reader)
      try write(script, to: file, option: "--export-keys", trace: path)
    case .exportTest(let range, let file):
      _ = try action(range.lowerBound, "--export-test")
      _ = try action(range.upperBound, "--export-test")
      guard range.lowerBound >= 1 else {
        throw InspectFailure(status: 2, message: "\(app.name): --export-test: actions count from 1")
      }
      let test = try TraceTestExport.test(of: range, in: reader, app: app)
      try write(test, to: file, option: "--export-test", trace: path)
    }
    if let problem = reader.problem {
      throw InspectFailure(status: 1, message: "\(problem)\n(the answer comes from the \(reader.actionCount) actions before that line)")
    }
  }

  /// Writes an export by the output-file rules: never over the trace itself, a folder or a device.
  private static func write(_ text: String, to path: String, option: String, trace: String) throws(InspectFailure) {
    // The trace is what the inspector reads: an input no export may name. A refused path is a
    // usage error (2), found before anything is written; a write that fails after is 1, as for
    // every other output.
    let file: OutputFile
    do {
      file = try OutputFile.check([(option, path)], inputs: [(name: "the trace \(trace)", path: trace)])[0]
    } catch {
      throw InspectFailure(status: 2, message: error.description)
    }
    do {
      try file.write(text)
    } catch {
      throw InspectFailure(status: 1, message: error.description)
    }
  }
}
