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
import Synchronization
import Tide
import TideTerminal

/// What the `tide-demo` command does once its arguments are parsed.
@MainActor
package enum DemoRunner {
  /// A failure to report before exiting with `status`.
  package struct Failure: Error, CustomStringConvertible {
    /// The process exit status: 1 for a failed expectation or a terminal that cannot start,
    /// 2 for a usage or script error.
    package var status: Int32
    /// The message for standard error.
    package var description: String
  }

  /// Runs the interactive app until it quits. Todos are read from and saved to `dataPath`
  /// (default: ``TodoStorage/defaultPath(environment:)``); each action is appended to
  /// `tracePath` as a JSON line if given; with `recordPath`, the session — what the user typed,
  /// pasted and resized, and the pauses between — is written there as a key script when the app
  /// ends, however it ends (see ``SessionRecordingFile``).
  package static func runInteractive(
    screen: Screen, dataPath: String?, tracePath: String?, recordPath: String? = nil
  ) async throws(Failure) {
    // These checks only look, so nothing is touched when one fails; a bad --data or --record is
    // a usage error, reported first like any other bad argument.
    if let dataPath { try checkData(dataPath) }
    // Checked before the terminal is taken over: a typo must not cost the session, and no
    // output may be the todo file or another output.
    let data = dataPath ?? TodoStorage.defaultPath()
    var outputs: [(option: String, path: String)] = []
    if let recordPath { outputs.append(("--record", recordPath)) }
    if let tracePath { outputs.append(("--trace", tracePath)) }
    let checked = try checkOutputs(outputs, data: data)
    let recordFile = recordPath != nil ? checked.first : nil
    if let problem = TerminalUnavailable.check() {
      throw Failure(status: 2, description: "tide-demo: \(problem) (try tide-demo replay)")
    }
    let trace = try openTrace(checked.first { $0.path == tracePath && tracePath != nil })
    let storage = TodoStorage(path: data)
    let app = DemoApp.make(screen: screen, storage: storage, clock: ContinuousClock(), trace: trace?.trace)
    defer { storage.release() }
    let program = Program(app, driver: CursesDriver(), recordsSession: recordPath != nil)
    let start = Date()
    do {
      try await program.run()
    } catch {
      throw Failure(status: 1, description: "tide-demo: error: \(error)")
    }
    // A quit signal (SIGTERM, SIGHUP…) ends the run like `q` does, so this runs then too.
    if let recordFile, let recording = program.recording {
      try SessionRecordingFile.write(
        recording, screen: screen, start: start, duration: program.sessionLength, to: recordFile)
    }
    await trace?.trace.finish()
    try trace?.destination.checkWritten()
  }

  /// Replays each script headlessly and writes the final screen (or, with `frames`, every
  /// frame) to `output`. Todos are touched only when `dataPath` is given.
  ///
  /// Every script is read and parsed, and every output name worked out, before the first one
  /// runs, so a mistake in the last script costs nothing. `tracePath` receives one JSON line per
  /// action of every script; `castPath` an asciinema v2 recording of each replay on virtual
  /// time; `svgPath` an SVG of each final screen and of each `screen` line (see
  /// ``ReplayExportNames`` for the file names).
  package static func replay(
    scripts paths: [String], size: TerminalSize, frames: Bool, dataPath: String?, screen: Screen,
    tracePath: String? = nil, castPath: String? = nil, svgPath: String? = nil,
    output: @escaping (String) -> Void
  ) async throws(Failure) {
    if let dataPath { try checkData(dataPath) }
    var scripts: [KeyScript] = []
    for path in paths {
      scripts.append(try readScript(path))
    }
    let names = ReplayExportNames(scripts: scripts, castPath: castPath, svgPath: svgPath)
    if let clash = names.clash {
      throw Failure(status: 2, description: "tide-demo: error: \(clash)")
    }
    var outputs = names.allPaths.map { (option: $0.option, path: $0.path) }
    if let tracePath { outputs.append(("--trace", tracePath)) }
    let checked = try checkOutputs(outputs, data: dataPath)
    let files = Dictionary(checked.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let trace = try openTrace(checked.first { $0.path == tracePath && tracePath != nil })
    for (index, script) in scripts.enumerated() {
      if scripts.count > 1 { output("==> \(script.file) <==") }
      try await replay(
        script, exports: names.exports[index], files: files, size: size, frames: frames, dataPath: dataPath,
        screen: screen, trace: trace?.trace, output: output)
    }
    await trace?.trace.finish()
    try trace?.destination.checkWritten()
  }

  /// Checks every output file of a run by ``OutputFile``'s policy before anything runs — a typo
  /// must not waste a long replay or a session — failing with status 2 and nothing touched.
  private static func checkOutputs(
    _ outputs: [(option: String, path: String)], data: String?
  ) throws(Failure) -> [OutputFile] {
    do {
      return try OutputFile.check(outputs, data: data)
    } catch {
      throw Failure(status: 2, description: error.description)
    }
  }

  /// The trace appending to `file`, the checked `--trace` output, if any, and where it writes.
  private static func openTrace(_ file: OutputFile?) throws(Failure) -> (trace: DemoTrace, destination: TraceDestination)? {
    guard let file else { return nil }
    do throws(OutputFileError) {
      let destination = TraceDestination(file: file, descriptor: try file.openForAppending())
      return (DemoTrace { destination.append($0) }, destination)
    } catch {
      throw Failure(status: 2, description: error.description)
    }
  }

  /// Reads and parses one script, or fails with status 2 and a `FILE:LINE:COL: error:` message.
  private static func readScript(_ path: String) throws(Failure) -> KeyScript {
    let bytes: Data
    do {
      bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    } catch {
      throw Failure(status: 2, description: "\(path): error: cannot read the script: \(systemReason(of: error))")
    }
    let script: KeyScript
    do {
      script = try KeyScript(utf8: bytes, file: path)
    } catch {
      throw Failure(status: 2, description: error.description)
    }
    return script
  }

  private static func replay(
    _ script: KeyScript, exports: ReplayExportNames.Files, files: [String: OutputFile], size: TerminalSize,
    frames: Bool, dataPath: String?, screen: Screen, trace: DemoTrace?, output: @escaping (String) -> Void
  ) async throws(Failure) {
    let clock = VirtualClock()
    let storage = dataPath.map(TodoStorage.init(path:))
    defer { storage?.release() }
    let app = DemoApp.make(screen: screen, storage: storage, clock: clock, trace: trace)
    let player = KeyScriptPlayer(app: app, clock: clock, size: size)
    var cast = exports.cast.map { _ in AsciicastRecorder(size: size, title: script.file) }
    var written: [(path: String, text: String)] = []
    // Only a watcher of every frame is told of them: without one, a `wait` draws nothing and
    // an hour of the running stopwatch costs only its ticks.
    if frames || cast != nil {
      player.onFrame = { frame in
        if frames {
          output("--- frame \(frame.number) (after \(frame.line): \(frame.source))")
          output(frame.screen)
        }
        cast?.add(frame.canvas, at: clock.now.offset)
      }
    }
    var screenIndex = 0
    player.onScreen = { text in
      output(text)
      if exports.screens.indices.contains(screenIndex) {
        let path = exports.screens[screenIndex].path
        written.append((path, SVGWriter.document(for: app.frame(size: player.size))))
      }
      screenIndex += 1
    }
    var failure: Failure?
    do {
      try await player.play(script)
    } catch {
      failure = Failure(status: 1, description: error.description)
    }
    if !frames { output(player.screenText) }
    // The exports show where the replay got to, also when it failed: that is when they help most.
    if let path = exports.finalScreen {
      written.append((path, SVGWriter.document(for: app.frame(size: player.size))))
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
        throw Failure(status: 1, description: error.description)
      }
    }
    // Whatever the script left to save is written before the next script loads the file.
    await player.finish()
    if let failure { throw failure }
  }

  /// Refuses a `--data` path that is not a regular file or a path to create (a folder, a FIFO,
  /// a device…) with exit status 2, before anything is read or written.
  static func checkData(_ path: String) throws(Failure) {
    do {
      _ = try DataPath(checking: path)
    } catch {
      throw Failure(status: 2, description: "tide-demo: --data \(error)")
    }
  }
}

/// The open trace file: each line is written whole, in order, and the descriptor closes with the
/// last tracer holding it. A failed write does not stop the app; the first failure is kept and
/// reported when the run ends (exit status 1), since a trace with lines missing is not one.
private final class TraceDestination: Sendable {
  let file: OutputFile
  let descriptor: Int32
  private let failure = Mutex<SystemError?>(nil)

  init(file: OutputFile, descriptor: Int32) {
    self.file = file
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  func append(_ line: [UInt8]) {
    do {
      try AtomicFile.writeAll(line, to: descriptor, path: file.path)
    } catch {
      failure.withLock { $0 = $0 ?? error }
    }
  }

  /// Throws, with the path and the system's reason, if a line could not be written.
  func checkWritten() throws(DemoRunner.Failure) {
    if let error = failure.withLock({ $0 }) {
      throw DemoRunner.Failure(
        status: 1, description: "\(file.path): error: lines of the trace were lost: \(systemReason(error.code))")
    }
  }
}
