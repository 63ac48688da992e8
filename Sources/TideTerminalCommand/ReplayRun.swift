#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Tide
import TideTerminal

extension TerminalCommand {
  /// `NAME replay SCRIPT...`: each script from a fresh app on a virtual clock; the final screen
  /// (or, with `--frames`, every frame) to `output`.
  ///
  /// Every script is read and parsed, and every output name worked out and checked, before the
  /// first one runs, so a mistake in the last script costs nothing. A failed `expect` stops
  /// the replay; the exports still show where it got to.
  /// `commandLineWords`: the words of the command line that may name files the app reads.
  func runReplay(
    _ arguments: ReplayArguments<Options>, reading commandLineWords: [String], output: @escaping (String) -> Void,
    errors: (String) -> Void
  ) async throws(TerminalCommandError) {
    let name = description.name
    let options = arguments.options
    var data = try resolveDataFile(options, .replay)
    var startingData: [UInt8]?
    if let initialData = arguments.initialData {
      guard dataFile != nil else {
        throw TerminalCommandError(status: 2, message: "\(name): error: --initial-data: \(name) keeps no data file")
      }
      guard data == nil else {
        throw TerminalCommandError(
          status: 2,
          message: "\(name): error: --initial-data starts from a copy of \(initialData); a data file of its own cannot be given too")
      }
      // Only a regular file: a FIFO would wait for a writer forever, a device never ends.
      var info = stat()
      if stat(initialData, &info) == 0, let kind = FileKind.name(ofNonRegular: info.st_mode) {
        throw TerminalCommandError(status: 2, message: "\(escapedName(initialData)): error: --initial-data: is \(kind), not a data file")
      }
      do {
        startingData = try FileContents.read(atPath: initialData)
      } catch {
        throw TerminalCommandError(status: 2, message: "\(escapedName(initialData)): error: cannot read the initial data: \(error.plainReason)")
      }
    }
    let size = (try? TerminalSize(parsing: arguments.size)) ?? TerminalSize(columns: 80, rows: 24)
    let profile = try arguments.style.profile(for: .replay, commandName: name)
    var scripts: [KeyScript] = []
    for path in arguments.scripts {
      scripts.append(try readScript(path))
    }
    // A trace is the record of one run from its start: two runs in one file would read as one
    // (the inspector read only the last, silently).
    if arguments.trace != nil, scripts.count > 1 {
      throw TerminalCommandError(
        status: 2, message: "\(name): error: --trace records one run; replay one script at a time to trace each")
    }
    let names = ReplayExportNames(scripts: scripts, castPath: arguments.cast, svgPath: arguments.svg)
    if let clash = names.clash {
      throw TerminalCommandError(status: 2, message: "\(name): error: \(clash)")
    }
    var outputs = names.allPaths
    if let trace = arguments.trace { outputs.append(("--trace", trace)) }
    // No output may write over what the replay reads, however it spells the file.
    let inputs = inputs(of: options, commandLineWords) + arguments.scripts.map { (name: "the script \($0)", path: $0) }
    let checked = try checkOutputs(outputs, data: data ?? arguments.initialData, inputs: inputs)
    try checkTraceable(arguments.trace)
    let files = Dictionary(checked.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let trace = arguments.trace.map { _ in TraceFile(checked[checked.count - 1]) }
    var copy: StartingDataCopy?
    if let startingData, let initialData = arguments.initialData {
      copy = try StartingDataCopy(bytes: startingData, named: initialData, scripts: arguments.scripts)
      data = copy?.path
    }
    defer {
      // The app's messages name its data file, which here is the copy: the user's file was
      // never touched, and the copy goes with its folder.
      if let copy, let initialData = arguments.initialData, copy.remove() {
        errors("note: the replay ran on a copy of \(escapedName(initialData)); what the app moved aside was that copy, which is removed with it, and \(escapedName(initialData)) is as it was")
      }
    }
    // A quit signal (recorded since the command started) stops the replay between two lines,
    // and what it was asked to write is written whole for what ran (as after a failed
    // `expect`); a second signal ends it at once.
    var stopped: TerminalCommandError?
    for (index, script) in scripts.enumerated() {
      if let signal = InterruptSignals.received {
        errors("\(escapedName(script.file)): stopped by \(InterruptSignals.name(of: signal)) before this script ran")
        stopped = Self.stoppedError(signal)
        break
      }
      if scripts.count > 1 { output("==> \(script.file) <==") }
      try copy?.reset()
      let clock = VirtualClock()
      let session = traceSession(into: trace, options: options, size: size, clock: clock)
      let launch = TerminalLaunch(
        mode: .replay, commandName: name, clock: clock, size: size, actionTrace: session?.actionTrace,
        dataFile: data, startDate: script.recordedDate, colorProfile: profile, theme: arguments.style.chosenTheme)
      if let session { launch.onEnd { session.finish() } }
      do throws(TerminalCommandError) {
        try await replay(
          script, options: options, launch: launch, session: session, exports: names.exports[index], files: files,
          frames: arguments.frames, background: arguments.style.replayBackground, output: output, errors: errors)
      } catch {
        guard error.status > 128 else { throw error }
        stopped = error
        break
      }
    }
    try trace?.checkWritten()
    if let stopped { throw stopped }
  }

  /// A replay a quit signal stopped ends with status 128 + the signal, as a shell reports a
  /// process the signal ended: not a success, and not a failed `expect` (1) either.
  private static func stoppedError(_ signal: Int32) -> TerminalCommandError {
    TerminalCommandError(status: 128 + signal, message: "")
  }

  /// Reads and parses one script, or fails with status 2 and a `FILE:LINE:COL: error:` message.
  private func readScript(_ path: String) throws(TerminalCommandError) -> KeyScript {
    let bytes: [UInt8]
    do {
      bytes = try FileContents.read(atPath: path)
    } catch {
      throw TerminalCommandError(status: 2, message: "\(escapedName(path)): error: cannot read the script: \(error.plainReason)")
    }
    do {
      return try KeyScript(utf8: bytes, file: path)
    } catch {
      throw TerminalCommandError(status: 2, message: error.description)
    }
  }

  private func replay(
    _ script: KeyScript, options: Options, launch: TerminalLaunch, session: TraceSession<State, Action>?,
    exports: ReplayExportNames.Files,
    files: [String: OutputFile], frames: Bool, background: TerminalBackground, output: @escaping (String) -> Void,
    errors: (String) -> Void
  ) async throws(TerminalCommandError) {
    defer { launch.end() }
    var made = try make(options, launch)
    made.background = background
    let app = try traced(made, by: session)
    guard let clock = launch.clock as? VirtualClock else { preconditionFailure("a replay runs on a virtual clock") }
    let player = KeyScriptPlayer(app: app, clock: clock, size: launch.size)
    var cast = exports.cast.map { _ in AsciicastRecorder(size: launch.size, title: script.file, profile: launch.colorProfile) }
    var written: [(path: String, text: String)] = []
    // Only a watcher of every frame is told of them: without one, a `wait` draws nothing and
    // an hour of a running timer costs only its ticks.
    if frames || cast != nil {
      player.onFrame = { frame in
        if frames {
          output("--- frame \(frame.number) (after \(frame.line): \(frame.source))")
          output(frame.screen)
        }
        cast?.add(frame.canvas, at: clock.now.offset)
      }
      player.onPointer = { event in cast?.input(event, at: clock.now.offset) }
      player.onTitle = { title in cast?.setTitle(title, at: clock.now.offset) }
      player.onCopy = { text in cast?.copyToClipboard(text, at: clock.now.offset) }
    }
    player.stopRequested = { InterruptSignals.received != nil }
    // The screen now as an image, in the run's theme and colour profile.
    let image = {
      // An inline app's screen is its printed lines above its live area.
      SVGWriter.document(for: app.screen == .fullScreen ? app.frame(size: player.size) : player.screen, theme: .forTheme(launch.theme, background: app.background), profile: launch.colorProfile)
    }
    var screenIndex = 0
    player.onScreen = { text in
      output(text)
      if exports.screens.indices.contains(screenIndex) {
        let path = exports.screens[screenIndex].path
        written.append((path, image()))
      }
      screenIndex += 1
    }
    var failure: TerminalCommandError?
    var stopped: TerminalCommandError?
    do {
      if case .stopped(let line, let partly) = try await player.play(script), let signal = InterruptSignals.received {
        let exports = exports.cast != nil || exports.finalScreen != nil ? "; the exports show the screen up to here" : ""
        let when = partly ? "while this line ran, part of it run" : "before this line ran"
        errors("\(escapedName(script.file)):\(line): stopped by \(InterruptSignals.name(of: signal)) \(when)\(exports)")
        stopped = Self.stoppedError(signal)
      }
    } catch {
      errors(error.description)
      failure = TerminalCommandError(status: 1, message: "")
    }
    if !frames { output(player.screenText) }
    // What the app leaves once it ended (`tide-pick`'s choice), after the screen, as the live
    // run prints it after giving the terminal back; its status is the replay's.
    if app.isFinished(app.store.state) {
      let result = app.exitResult(app.store.state)
      if let text = result.output { output(text) }
      if result.status != 0, failure == nil { failure = TerminalCommandError(status: result.status, message: "") }
    }
    // The exports show where the replay got to, also when it failed: that is when they help most.
    if let path = exports.finalScreen {
      written.append((path, image()))
    }
    if let path = exports.cast, let cast {
      written.append((path, cast.text))
    }
    for (path, text) in written {
      guard let file = files[path] else { continue }
      do {
        try file.write(text)
      } catch {
        // The replay ran, but what it was asked to leave behind is lost: not a success.
        errors(error.description)
        failure = TerminalCommandError(status: 1, message: "")
      }
    }
    // Whatever the script left to save is written before the next script loads the file.
    let finished = await player.finish()
    if !finished { errors(app.unfinishedWorkMessage()) }
    do throws(TerminalCommandError) {
      try reportLostWork(of: app, finishedPendingWork: finished, errors: errors)
    } catch {
      if !error.message.isEmpty { errors(error.message) }
      failure = TerminalCommandError(status: 1, message: "")
    }
    if let failure = stopped ?? failure { throw failure }
  }
}

/// The private copy of `--initial-data` a replay runs on: the app may save into it, and the
/// file named on the command line is never written. Each script starts from the same bytes.
private struct StartingDataCopy {
  let folder: String
  let path: String
  let bytes: [UInt8]

  init(bytes: [UInt8], named source: String, scripts: [String]) throws(TerminalCommandError) {
    let temporary = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((temporary + "/tide-initial-data-XXXXXX").utf8CString)
    let created = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    guard created != nil else {
      throw TerminalCommandError(status: 2, message: "error: cannot make a folder for the initial data: \(systemReason())")
    }
    folder = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    // Named as the recorded data file was: `todos.json` for `s.keys.todos.json` beside the
    // script `s.keys` (see SessionRecording), so what the app shows of its file's name is what
    // the user saw; else the copy's own name.
    var file = PathName.name(of: source)
    for script in scripts {
      let prefix = PathName.name(of: script) + "."
      if file.hasPrefix(prefix), file.count > prefix.count {
        file.removeFirst(prefix.count)
        break
      }
    }
    path = folder + "/" + file
    self.bytes = bytes
    // A replay the quit watch ends leaves no copy behind either.
    QuitWatch.removeOnEnd(file: path, folder: folder)
  }

  /// Puts the starting bytes back, for the next script.
  func reset() throws(TerminalCommandError) {
    do {
      try AtomicFile.write(bytes, to: path)
    } catch {
      throw TerminalCommandError(status: 1, message: "error: cannot copy the initial data: \(error)")
    }
  }

  /// Removes the copy and its folder; returns whether the app had left files of its own there
  /// (a copy it moved aside).
  @discardableResult
  func remove() -> Bool {
    QuitWatch.removeOnEnd(file: nil, folder: nil)
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    for entry in entries { unlink(folder + "/" + entry) }
    rmdir(folder)
    return entries.contains { $0 != PathName.name(of: path) }
  }
}
