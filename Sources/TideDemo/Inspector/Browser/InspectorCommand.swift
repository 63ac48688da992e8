import ArgumentParser
import Tide
import TideTrace
import TideTerminal
import TideTerminalCommand

/// The interactive inspector as a terminal command of its own, so that it runs live and in
/// replays like every app: `tide-demo inspect TRACE [--follow]`, and for tests and the README's
/// image `tide-demo inspect replay TRACE SCRIPT... [--svg PATH]`.
@MainActor
package enum InspectorCommand {
  package struct Options: ParsableArguments {
    @Argument(help: "A trace written by tide-demo --trace or tide-demo replay --trace.")
    package var trace: String

    @Flag(help: "Keep up with a trace that is still being written.")
    package var follow = false

    package init() {}
  }

  package static var command: TerminalCommand<Options, InspectorBrowser.State, InspectorBrowser.Action> {
    TerminalCommand(
      "tide-demo inspect",
      version: DemoTrace.appVersion,
      abstract: "Browse a trace: its steps, each step's changes and the app's screen after it.",
      options: Options.self,
      // The trace is what the inspector reads: no output of its replay may name it, however
      // spelled (`--trace t.T` emptied it, `--svg ./t.T` replaced it).
      inputFiles: { [$0.trace] },
      replayArguments: { [$0.trace] + ($0.follow ? ["--follow"] : []) },
      app: { options, launch in
        let reader = try TraceQueries.open(options.trace, follow: options.follow)
        return app(reader: reader, follow: options.follow, launch: launch)
      })
  }

  /// The inspector on `reader`'s trace at the launch's size and on its clock.
  package static func app(
    reader: TraceReader, follow: Bool, launch: TerminalLaunch
  ) -> TerminalApp<InspectorBrowser.State, InspectorBrowser.Action> {
    let name = escapedName(PathName.name(of: reader.path))
    let initialState = InspectorBrowser.initialState(reader: reader, name: name, size: launch.size, follow: follow)
    // Through the launch, so that `inspect replay … --trace OUT` traces the inspector's own
    // actions as every app's are traced (it wrote an empty file and exited 0).
    let store = launch.store(initialState: initialState, reducer: InspectorBrowser(reader: reader))
    if follow { store.send(.startFollowing) }
    return TerminalApp(
      store: store,
      minimumSize: TerminalSize(columns: 60, rows: 16),
      view: { state, canvas in InspectorBrowser.draw(state, on: &canvas) },
      keyAction: { state, key in InspectorBrowser.action(for: key, in: state) },
      resizeAction: { size in .resized(size) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true)
  }
}
