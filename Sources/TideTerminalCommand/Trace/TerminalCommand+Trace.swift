import Tide
import TideTerminal
import TideTrace

extension TerminalCommand {
  /// Refuses `--trace` (or `option`, which traces too; status 2, before anything runs) for an
  /// app whose types cannot be traced.
  func checkTraceable(_ trace: String?, option: String = "--trace") throws(TerminalCommandError) {
    if trace != nil, traceSupport == nil {
      throw TerminalCommandError(status: 2, message: Self.untraceable(description.name, option))
    }
  }

  /// The trace of one run of the app into `file`, if `--trace` was given.
  func traceSession(
    into file: TraceFile?, options: Options, size: TerminalSize, clock: any Clock<Duration>
  ) -> TraceSession<State, Action>? {
    guard let file, let traceSupport else { return nil }
    let header = TraceSessionHeader(
      app: description.name, version: version, arguments: replayArguments(options), size: size, clock: clock)
    return traceSupport.makeTrace(header, file.lineWriter)
  }

  /// `app` with its input going to `session`'s trace; refused when its store's actions do not
  /// reach the trace (the app built its store without the launch).
  func traced(_ app: TerminalApp<State, Action>, by session: TraceSession<State, Action>?) throws(TerminalCommandError) -> TerminalApp<State, Action> {
    guard let session else { return app }
    guard session.hasReducer() else {
      session.finish()
      throw TerminalCommandError(
        status: 2,
        message: "\(description.name): error: --trace: the app's store was not made with TerminalLaunch.store(initialState:reducer:) "
          + "or a reducer TerminalLaunch.traced(_:) wraps, so its actions cannot reach the trace")
    }
    return session.observing(app)
  }
}
