import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideDemo
import TideTerminal

/// `tide-demo`: the interactive demo, or `tide-demo replay` for key scripts.
@main
struct TideDemoCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tide-demo",
    abstract: "Counter, Stopwatch and Todos in the terminal, driven by a Tide store.",
    version: "tide-demo 0.1.0",
    subcommands: [Replay.self, Inspect.self])

  @Option(help: "The screen to start on: counter, stopwatch or todos.")
  var screen: Screen = .counter

  @Option(help: "The todo file (default: $XDG_DATA_HOME/tide-demo/todos.json or ~/.local/share/tide-demo/todos.json).")
  var data: String?

  @Option(help: "Append one JSON object per action (time, action, state diff) to this file.")
  var trace: String?

  @Option(help: ArgumentHelp(
    "Write the session as a key script to this file when the app ends.",
    discussion: "Keys, typed text, pastes, resizes and pauses; replay it with: tide-demo replay FILE --screen SCREEN."))
  var record: String?

  @MainActor
  func run() async throws {
    try await DemoRunner.runInteractive(screen: screen, dataPath: data, tracePath: trace, recordPath: record)
  }

  /// Runs a command, mapping failures to SPEC.md's exit statuses: 0 success, 1 a failed
  /// expectation, 2 a usage or script error.
  static func main() async {
    do {
      var command = try parseAsRoot()
      if var asyncCommand = command as? AsyncParsableCommand {
        try await asyncCommand.run()
      } else {
        try command.run()
      }
    } catch let failure as DemoRunner.Failure {
      StandardError.writeLine(failure.description)
      exitProcess(failure.status)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        print(fullMessage(for: error))
        exitProcess(0)
      }
      StandardError.writeLine(fullMessage(for: error))
      exitProcess(2)
    }
  }
}

extension Screen: ExpressibleByArgument {}

/// `exit(3)`, which `ParsableCommand.exit(withError:)` hides inside the command type.
private func exitProcess(_ status: Int32) -> Never {
  exit(status)
}

/// Headless replay of key scripts.
struct Replay: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    abstract: "Replay key scripts headlessly and print the final screen.",
    discussion: """
      Each script runs from a fresh app on a virtual clock. The top-level --screen, --data and --trace \
      options apply (tide-demo replay X.keys --screen todos); without --data no file is touched.
      """)

  @ParentCommand var app: TideDemoCommand

  @Argument(help: "Key scripts (.keys) to replay, each from a fresh app.")
  var scripts: [String]

  @Option(help: "The terminal size, COLSxROWS (what a script's resize accepts: 1x1 to 1000x1000).")
  var size: String = "80x24"

  @Flag(help: "Print every rendered frame, each after a '--- frame N (after LINE: TEXT)' line.")
  var frames = false

  @Option(help: ArgumentHelp(
    "Write an asciinema v2 recording of the replay, on virtual time.",
    discussion: "With several scripts, one file each: -NAME is inserted before the extension."))
  var cast: String?

  @Option(help: ArgumentHelp(
    "Write the final screen as an SVG image.",
    discussion: """
      With several scripts, -NAME is inserted before the extension (NAME: the script's file name \
      without .keys); each 'screen' line also writes one, with -lineN inserted.
      """))
  var svg: String?

  func validate() throws {
    guard !scripts.isEmpty else { throw ValidationError("give at least one key script") }
    if app.record != nil {
      throw ValidationError("--record records the interactive app; a replay is already a script")
    }
    do {
      _ = try TerminalSize(parsing: size)
    } catch {
      throw ValidationError("--size: \(error.message)")
    }
  }

  @MainActor
  func run() async throws {
    try await DemoRunner.replay(
      scripts: scripts, size: try TerminalSize(parsing: size), frames: frames, dataPath: app.data,
      screen: app.screen, tracePath: app.trace, castPath: cast, svgPath: svg, output: { print($0) })
  }
}
