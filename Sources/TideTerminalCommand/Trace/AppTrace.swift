import Synchronization
import Tide
import TideTerminal
import TideTrace

/// The `--trace` of one run of an app whose State and Action are `Codable`: the launch reports
/// its store's actions here (``ActionTrace``), the app's input is observed, and a
/// ``TraceRecorder`` writes trace format v1.
final class AppTrace<State: Encodable & Sendable, Action: Encodable & Sendable>: ActionTrace {
  let recorder: TraceRecorder<State, Action>
  /// Whether a reducer of the app's `State` and `Action` was traced (`TerminalLaunch.store` or
  /// `traced`): without one the trace would hold no action.
  private let isAttached = Atomic<Bool>(false)

  /// What hands ``recorder`` each action, input and action sent: made where `State` and
  /// `Action` are known, so the recorder's code runs compiled for them (see
  /// ``TraceSupport/codable(recording:)``).
  private let recording: RecorderCalls<State, Action>

  init(
    recorder: TraceRecorder<State, Action>,
    recording: (TraceRecorder<State, Action>) -> RecorderCalls<State, Action>
  ) {
    self.recorder = recorder
    self.recording = recording(recorder)
  }

  var needsInitialState: Bool { recorder.needsInitialState }

  var hasReducer: Bool { isAttached.load(ordering: .acquiring) }

  func attach<R: Reducer>(_ reducer: R.Type) {
    guard R.State.self == State.self, R.Action.self == Action.self else { return }
    isAttached.store(true, ordering: .releasing)
    recorder.attach(reducer: String(reflecting: R.self))
  }

  func start<S>(from state: S) {
    guard S.self == State.self else { return }
    // The same type, checked above.
    recorder.start(from: unsafeBitCast(state, to: State.self))
  }

  func reduced<S, A>(_ action: A, state: S) {
    // Types compared as metadata: a dynamic cast of each action and state would cost more
    // than queueing them.
    guard S.self == State.self, A.self == Action.self else { return }
    // The same types, checked above.
    recording.reduced(unsafeBitCast(action, to: Action.self), unsafeBitCast(state, to: State.self))
  }

  /// `app` with its input recorded: each key, paste, pointer event and resize, and which action
  /// each sent. The trace starts from the app's state now unless an action was reduced already.
  @MainActor
  func observing(_ app: TerminalApp<State, Action>) -> TerminalApp<State, Action> {
    recorder.start(from: app.store.state)
    var app = app
    let recording = recording
    let keyAction = app.keyAction
    let pasteAction = app.pasteAction
    let resizeAction = app.resizeAction
    app.keyAction = { state, key in
      let action = keyAction(state, key)
      if let action { recording.willSend(action) }
      return action
    }
    app.pasteAction = { state, text in
      let action = pasteAction(state, text)
      if let action { recording.willSend(action) }
      return action
    }
    app.resizeAction = { size in
      let action = resizeAction(size)
      if let action { recording.willSend(action) }
      return action
    }
    app.inputObserver = recording.record
    return app
  }
}
