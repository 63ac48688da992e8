#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Tide
import TideTerminal
import TideTrace

extension TerminalCommand {
  /// `NAME [OPTIONS] [--record PATH] [--trace PATH]`: the app in the real terminal until it
  /// quits, however it quits.
  /// `commandLineWords`: the words of the command line that may name files the app reads;
  /// `output` takes what the app leaves on standard output (``ExitResult``).
  func runInteractive(
    _ arguments: RunArguments<Options>, reading commandLineWords: [String], output: (String) -> Void,
    errors: (String) -> Void
  ) async throws(TerminalCommandError) {
    let name = description.name
    let options = arguments.options
    let data = try resolveDataFile(options, .interactive)
    // Checked before the terminal is taken over, touching nothing: a typo must not cost the
    // session, and no output may be the data file or another output.
    let recordOutputs = arguments.record.map { SessionRecording.outputs(record: $0, dataFile: data) } ?? []
    var outputs = recordOutputs
    try checkTraceable(arguments.inspectSocket, option: "--inspect-socket")
    if let socket = arguments.inspectSocket {
      do {
        try InspectorSocket.checkPlace(socket)
      } catch {
        throw TerminalCommandError(status: 2, message: "\(name): --inspect-socket: \(error)")
      }
      // The inspector is sent the trace by reading its file back: a stream cannot be.
      if let trace = arguments.trace, !LiveInspection.canServe(trace: trace) {
        throw TerminalCommandError(
          status: 2, message: "\(name): --inspect-socket serves the trace from a regular file; \(escapedName(trace)) is not one")
      }
    }
    // A live inspector reads the trace the app writes: without --trace, one of its own, in a
    // folder only this user can read, removed at the end.
    let liveFolder = try arguments.trace == nil && arguments.inspectSocket != nil ? LiveInspection.privateFolder() : nil
    defer { liveFolder.map(LiveInspection.remove) }
    if let trace = arguments.trace ?? liveFolder.map(LiveInspection.tracePath) { outputs.append(("--trace", trace)) }
    // A stream that cannot take the recording is refused for that first: its reason says more
    // than the stream's own check (a FIFO without a reader) would.
    let starting = try arguments.record.flatMap { _ throws(TerminalCommandError) in
      try data.flatMap { path throws(TerminalCommandError) in try SessionRecording.snapshot(of: path) }
    }
    if let path = arguments.record {
      try SessionRecording.checkStream(record: path, dataFile: data, startingBytes: starting?.bytes)
    }
    let checked = try checkOutputs(outputs, data: data, inputs: inputs(of: options, commandLineWords))
    try checkTraceable(arguments.trace)
    var recording: SessionRecording?
    if arguments.record != nil {
      recording = SessionRecording(
        script: checked[0], startingData: recordOutputs.count > 1 ? checked[1] : nil,
        startingBytes: starting?.bytes, startingPermissions: starting?.permissions)
    }
    // An unknown TIDE_COLOR is a usage error like an unknown --color: said before anything else.
    let profile = try arguments.style.profile(for: .interactive, commandName: name)
    // An inline app may have pipes for standard input and output: it draws on the terminal
    // device (checked again by the driver once the app is made).
    if let problem = TerminalUnavailable.check(),
      problem != .notATerminal || !drawsInline || !TerminalUnavailable.hasTerminalDevice
    {
      throw TerminalCommandError(status: 2, message: "\(name): \(problem) (try \(name) replay)")
    }
    let trace = arguments.trace != nil || liveFolder != nil ? TraceFile(checked[checked.count - 1]) : nil
    let size = CursesTerminal().size
    let clock = ContinuousClock()
    let session = traceSession(into: trace, options: options, size: size, clock: clock)
    let launch = TerminalLaunch(
      mode: .interactive, commandName: name, clock: clock, size: size, actionTrace: session?.actionTrace,
      dataFile: data, startDate: nil, colorProfile: profile, theme: arguments.style.chosenTheme)
    defer { launch.end() }
    if let session { launch.onEnd { session.finish() } }
    var app = try traced(try make(options, launch), by: session)
    let server = try arguments.inspectSocket.flatMap { path throws(TerminalCommandError) in
      try session.flatMap { session throws(TerminalCommandError) in
        try trace.map { trace throws(TerminalCommandError) in
          try LiveInspection.serve(&app, at: path, session: session, trace: trace, commandName: name)
        }
      }
    }
    defer { server?.stop() }
    let program = Program(
      app, driver: CursesDriver(
        reportsPointer: app.acceptsPointer, profile: profile, setsTitle: app.title != nil,
        background: arguments.style.chosenBackground, screen: app.screen), recordsSession: recording != nil)
    // The recording's header carries the launch's date, so its replay starts on the same day.
    let start = launch.startDate
    do {
      try await program.run()
    } catch let problem as TerminalUnavailable {
      throw TerminalCommandError(status: 2, message: "\(name): \(problem) (try \(name) replay)")
    } catch {
      throw TerminalCommandError(status: 1, message: "\(name): error: \(error)")
    }
    var failure: TerminalCommandError?
    // A quit signal (SIGTERM, SIGHUP…) ends the run like a quit key does, so this runs then too.
    if let recording, let recorder = program.recording {
      let text = recording.text(
        of: recorder, commandName: name, replayArguments: replayArguments(options), start: start,
        duration: program.sessionLength)
      do throws(TerminalCommandError) {
        try recording.write(text)
      } catch {
        errors(error.message)
        failure = error
      }
    }
    session?.finish()
    do throws(TerminalCommandError) {
      try trace?.checkWritten()
    } catch {
      errors(error.message)
      failure = error
    }
    var status = failure?.status ?? 0
    do throws(TerminalCommandError) {
      try reportLostWork(of: app, finishedPendingWork: program.finishedPendingWork, errors: errors)
    } catch {
      if !error.message.isEmpty { errors(error.message) }
      status = max(status, error.status)
    }
    // What the app leaves (`x=$(tide-pick)`), now that the terminal is given back; nothing
    // when a signal ended it.
    if program.quitSignal == nil {
      let result = app.exitResult(app.store.state)
      if let text = result.output { output(text) }
      status = max(status, result.status)
    }
    // Ended by a quit signal (a typed ctrl-c, as SIGINT, included): 128 + its number, as a replay a
    // signal stopped ends and as a shell expects — after everything above was said.
    if let signal = program.quitSignal { status = 128 + signal }
    if status != 0 { throw TerminalCommandError(status: status, message: "") }
  }

  /// The app's data file for `mode`, or a status 2 failure with the app's reason.
  func resolveDataFile(_ options: Options, _ mode: TerminalLaunch.Mode) throws(TerminalCommandError) -> String? {
    do {
      return try dataFile?(options, mode)
    } catch let failure as TerminalCommandError {
      throw failure
    } catch {
      throw TerminalCommandError(status: 2, message: "\(description.name): \(error)")
    }
  }

  /// Makes the app, or fails with status 2 and the app's reason.
  func make(_ options: Options, _ launch: TerminalLaunch) throws(TerminalCommandError) -> TerminalApp<State, Action> {
    do {
      var app = try makeApp(options, launch)
      app.theme = launch.theme
      return app
    } catch let failure as TerminalCommandError {
      throw failure
    } catch {
      // A quit signal that ended a wait for input (a FIFO without a writer) ends the command as
      // the signal does: 128 + N, as a shell expects of a process the signal stopped.
      let status = InterruptSignals.received.map { 128 + $0 } ?? 2
      throw TerminalCommandError(status: status, message: "\(description.name): \(error)")
    }
  }

  /// What a run reads, named for messages: the words of its command line that name files, then
  /// the files the app declares (the more precise name wins where both name one file).
  func inputs(of options: Options, _ commandLineWords: [String]) -> [(name: String, path: String)] {
    commandLineWords.map { (name: "\($0), which \(description.name) reads", path: $0) }
      + inputFiles(options).map { (name: "\($0), which \(description.name) reads", path: $0) }
  }

  /// Checks every output file of a run by `OutputFile`'s policy before anything runs, failing
  /// with status 2 and nothing touched.
  func checkOutputs(
    _ outputs: [(option: String, path: String)], data: String?, inputs: [(name: String, path: String)] = []
  ) throws(TerminalCommandError) -> [OutputFile] {
    do {
      return try OutputFile.check(outputs, data: data, inputs: inputs)
    } catch {
      throw TerminalCommandError(status: 2, message: error.description)
    }
  }

  /// Status 1 when the app's work was lost: pending work that did not finish in time (the
  /// program has said so already) or changes the app reports unsaved (said here).
  func reportLostWork(
    of app: TerminalApp<State, Action>, finishedPendingWork: Bool, errors: (String) -> Void
  ) throws(TerminalCommandError) {
    guard finishedPendingWork else { throw TerminalCommandError(status: 1, message: "") }
    if let unsaved = app.unsavedChanges() {
      throw TerminalCommandError(status: 1, message: unsaved)
    }
  }
}
