import ArgumentParser
import Tide
import TideTerminal
import TideTerminalCommand

/// The `tide-demo` command line: TideTerminalCommand's run, `replay`, `--record`, `--trace` and
/// `inspect`, with the demo's own options, `--screen` and `--data`.
///
/// The demo adds only what is the demo's: which screen to start on and its todo file. In the
/// interactive form the todos are read from and saved to `--data` (default
/// ``TodoStorage/defaultPath(environment:)``); a replay touches no file unless `--data` or
/// `--initial-data` is given.
@MainActor
package enum DemoCommand {
  /// The demo's options, accepted by `tide-demo` and `tide-demo replay` alike.
  package struct Options: ParsableArguments {
    @Option(help: "The screen to start on: counter, stopwatch or todos.")
    package var screen: Screen = .counter

    @Option(help: ArgumentHelp(
      "The todo file (default: $XDG_DATA_HOME/tide-demo/todos.json or ~/.local/share/tide-demo/todos.json).",
      discussion: "A replay touches no file unless --data is given.",
      valueName: "path"))
    package var data: String?

    package init() {}
  }

  /// The command: `await DemoCommand.command.main()`.
  package static var command: TerminalCommand<Options, AppFeature.State, AppFeature.Action> {
    TerminalCommand(
      "tide-demo",
      version: DemoApp.version,
      abstract: "Counter, Stopwatch and Todos in the terminal, driven by a Tide store.",
      options: Options.self,
      dataFile: { options, mode in
        // A `--data` that is not a regular file or a path that can be created (a folder, a
        // FIFO, a device, a path under a file…) is a usage error, found before anything is
        // read or written.
        if let data = options.data {
          do {
            try DataPath(checking: data).checkCanBeCreated()
          } catch {
            throw TerminalCommandError(status: 2, message: "tide-demo: --data \(error)")
          }
        }
        return mode == .interactive ? options.data ?? TodoStorage.defaultPath() : options.data
      },
      replayArguments: { options in ["--screen", options.screen.rawValue] },
      app: { options, launch in
        let storage = launch.dataFile.map(TodoStorage.init(path:))
        launch.onEnd { storage?.release() }
        return DemoApp.make(screen: options.screen, storage: storage, clock: launch.clock, launch: launch)
      })
  }
}

extension Screen: ExpressibleByArgument {}
