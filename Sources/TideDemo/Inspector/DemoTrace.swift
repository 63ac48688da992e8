import Tide
import TideTrace
import TideTerminal

/// The demo's traces: which app and version they belong to, and the recorders of one run's
/// apps (a replay of several scripts makes one app, and one trace session, per script).
@MainActor
package final class DemoTrace {
  /// The app name a tide-demo trace's header holds.
  package nonisolated static let app = "tide-demo"
  /// The version of tide-demo, in `--version` and in its traces' headers: a trace of another
  /// version may hold states this one cannot read.
  package nonisolated static let appVersion = "0.1.0"

  private let write: @Sendable ([UInt8]) -> Void
  private var recorders: [TraceRecorder<AppFeature.State, AppFeature.Action>] = []

  /// Traces written through `write`.
  package init(write: @escaping @Sendable ([UInt8]) -> Void) {
    self.write = write
  }

  /// A recorder for an app starting at `initialState` on `clock`.
  func recorder(initialState: AppFeature.State, clock: some Clock<Duration>) -> TraceRecorder<AppFeature.State, AppFeature.Action> {
    let recorder = TraceRecorder<AppFeature.State, AppFeature.Action>(
      app: Self.app, appVersion: Self.appVersion, initialState: initialState,
      elapsed: TraceRecorder<AppFeature.State, AppFeature.Action>.elapsedTime(on: clock),
      differ: DemoStateDiffer(), write: write)
    recorders.append(recorder)
    return recorder
  }

  /// Waits until every line of every session is written.
  package func finishWriting() {
    for recorder in recorders { recorder.finishWriting() }
    recorders = []
  }

  /// The app, its reducer reporting to a new recorder and its input observed by it.
  static func traced(
    _ make: (Reduce<AppFeature.State, AppFeature.Action>) -> TerminalApp<AppFeature.State, AppFeature.Action>,
    initialState: AppFeature.State, clock: any Clock<Duration>, trace: DemoTrace
  ) -> TerminalApp<AppFeature.State, AppFeature.Action> {
    let recorder = trace.recorder(initialState: initialState, clock: clock)
    var app = make(Reduce(TraceRecordingReducer(AppFeature(), recorder: recorder)))
    let keyAction = app.keyAction
    let pasteAction = app.pasteAction
    app.keyAction = { state, key in
      let action = keyAction(state, key)
      if let action { recorder.willSend(action) }
      return action
    }
    app.pasteAction = { state, text in
      let action = pasteAction(state, text)
      if let action { recorder.willSend(action) }
      return action
    }
    let resizeAction = app.resizeAction
    app.resizeAction = { size in
      let action = resizeAction(size)
      if let action { recorder.willSend(action) }
      return action
    }
    app.inputObserver = { recorder.record($0) }
    return app
  }
}
