import ArgumentParser
import Tide
import TideTerminal
import TideTrace

/// The interactive inspector as a terminal command of its own, so that it runs live and in
/// replays like every app: `NAME inspect TRACE [--follow]`, and for tests and the
/// inspector's image `NAME inspect replay TRACE SCRIPT... [--svg PATH]`.
@MainActor
package enum InspectorCommand {
  package struct Options: ParsableArguments {
    @Argument(help: "A trace written by --trace, live or in a replay.")
    package var trace: String

    @Flag(help: "Keep up with a trace that is still being written.")
    package var follow = false

    package init() {}
  }

  /// The inspector of `app`'s traces, as a command; attached to a running app through `live`
  /// when it is given (its trace is the one `live` receives).
  package static func command(
    for app: InspectedApp, live: LiveTraceClient? = nil
  ) -> TerminalCommand<Options, InspectorBrowser.State, InspectorBrowser.Action> {
    TerminalCommand(
      "\(app.name) inspect",
      version: app.version,
      abstract: "Browse a trace: its steps, each step's changes and the app's screen after it.",
      options: Options.self,
      // The trace is what the inspector reads: no output of its replay may name it, however
      // spelled (`--trace t.T` emptied it, `--svg ./t.T` replaced it).
      inputFiles: { [$0.trace] },
      replayArguments: { [$0.trace] + ($0.follow ? ["--follow"] : []) },
      app: { options, launch in
        do throws(InspectFailure) {
          let reader = try TraceQueries.open(options.trace, app: app, follow: options.follow)
          return browser(reader: reader, of: app, follow: options.follow, launch: launch, live: live)
        } catch {
          throw TerminalCommandError(status: error.status, message: error.message)
        }
      })
  }

  /// Runs the inspector's command with `arguments`; its status is the command's.
  static func run(
    _ arguments: [String], app: InspectedApp, live: LiveTraceClient? = nil, output: @escaping (String) -> Void,
    errors: @escaping (String) -> Void
  ) async throws(TerminalCommandError) {
    let status = await command(for: app, live: live).run(arguments, output: output, errors: errors)
    if status != 0 { throw TerminalCommandError(status: status, message: "") }
  }

  /// The inspector on `reader`'s trace at the launch's size and on its clock.
  package static func browser(
    reader: TraceReader, of app: InspectedApp, follow: Bool, launch: TerminalLaunch, live: LiveTraceClient? = nil
  ) -> TerminalApp<InspectorBrowser.State, InspectorBrowser.Action> {
    let name = live == nil ? escapedName(PathName.name(of: reader.path)) : "\(app.name) (live)"
    let initialState = InspectorBrowser.initialState(
      reader: reader, app: app, name: name, size: launch.size, follow: follow, isLive: live != nil)
    // Once the first screen is read: states along the trace, so that no jump applies more than a
    // few thousand lines.
    reader.startWaypointWalk(checks: app.checks)
    let store = launch.store(initialState: initialState, reducer: InspectorBrowser(reader: reader, app: app, live: live))
    if follow { store.send(.startFollowing) }
    return TerminalApp(
      store: store,
      minimumSize: TerminalSize(columns: 60, rows: 16),
      view: { state, canvas in InspectorBrowser.draw(state, on: &canvas) },
      keyAction: { state, key in InspectorBrowser.action(for: key, in: state) },
      pasteAction: { state, text in InspectorBrowser.action(forPaste: text, in: state) },
      resizeAction: { size in .resized(size) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true)
  }
}
