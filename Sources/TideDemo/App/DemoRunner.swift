import Foundation
import Tide
import TideTerminal

/// What the `tide-demo` command does once its arguments are parsed.
@MainActor
public enum DemoRunner {
  /// A failure to report before exiting with `status`.
  public struct Failure: Error, CustomStringConvertible {
    /// The process exit status: 1 for a failed expectation or a terminal that cannot start,
    /// 2 for a usage or script error.
    public var status: Int32
    /// The message for standard error.
    public var description: String
  }

  /// Runs the interactive app until it quits. Todos are read from and saved to `dataPath`
  /// (default: ``TodoStorage/defaultPath(environment:)``); each action is appended to
  /// `tracePath` as a JSON line if given.
  public static func runInteractive(screen: Screen, dataPath: String?, tracePath: String?) async throws(Failure) {
    // Before anything else, so that without a terminal nothing is touched.
    if let problem = TerminalUnavailable.check() {
      throw Failure(status: 2, description: "tide-demo: \(problem) (try tide-demo replay)")
    }
    var tracer: Tracer?
    if let tracePath {
      do {
        tracer = try Tracer.jsonLines(appendingTo: tracePath)
      } catch {
        throw Failure(status: 2, description: "\(tracePath): error: cannot open the trace file: \(error.localizedDescription)")
      }
    }
    let storage = TodoStorage(path: dataPath ?? TodoStorage.defaultPath())
    let app = DemoApp.make(screen: screen, storage: storage, clock: ContinuousClock(), tracer: tracer)
    do {
      try await Program(app).run()
    } catch {
      throw Failure(status: 1, description: "tide-demo: error: \(error)")
    }
  }

  /// Replays each script headlessly and writes the final screen (or, with `frames`, every
  /// frame) to `output`. Todos are touched only when `dataPath` is given.
  public static func replay(
    scripts: [String], size: TerminalSize, frames: Bool, dataPath: String?, screen: Screen,
    output: @escaping (String) -> Void
  ) async throws(Failure) {
    for path in scripts {
      let script: KeyScript
      do {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        script = try KeyScript(parsing: text, file: path)
      } catch let error as KeyScriptError {
        throw Failure(status: 2, description: error.description)
      } catch {
        throw Failure(status: 2, description: "\(path): error: cannot read the script: \(error.localizedDescription)")
      }
      if scripts.count > 1 { output("==> \(path) <==") }
      let clock = VirtualClock()
      let app = DemoApp.make(screen: screen, storage: dataPath.map(TodoStorage.init(path:)), clock: clock)
      let player = KeyScriptPlayer(app: app, clock: clock, size: size)
      if frames {
        player.onFrame = { frame in
          output("--- frame \(frame.number) (after \(frame.line): \(frame.source))")
          output(frame.screen)
        }
      }
      player.onScreen = { output($0) }
      do {
        try await player.play(script)
      } catch {
        throw Failure(status: 1, description: error.description)
      }
      if !frames { output(player.screenText) }
    }
  }
}
