import Tide
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
      encodeState: AppFeature.State.traceJSON, write: write)
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

extension AppFeature.State {
  /// The state's JSON for a trace, reusing the previous JSON of each part that did not change:
  /// an action touches one screen, so most of the state is not encoded again. Unchanged means
  /// the same to the bit (`isSameSpelling`): parts equal under `==` may encode differently.
  package static func traceJSON(_ state: Self, previous: (state: Self, json: JSONValue)?) throws -> JSONValue {
    guard let previous else { return try traceJSON(state, after: state, json: nil) }
    return try traceJSON(state, after: previous.state, json: previous.json)
  }

  /// ``traceJSON(_:previous:)`` with the previous state and its JSON apart (`nil`: none, and
  /// `old` is not looked at), as the trace writer calls it: packing the previous state into an
  /// optional tuple copied the whole state at every action.
  @Sendable
  package static func traceJSON(_ state: Self, after old: Self, json previousJSON: JSONValue?) throws -> JSONValue {
    guard let previousJSON, case .object = previousJSON else { return try JSONValueEncoder.encode(state) }
    var members: [JSONMember] = []
    func add<Part: Encodable>(_ key: String, _ part: Part, _ old: Part) throws {
      if isSameSpelling(part, old), let json = previousJSON[key] {
        members.append(JSONMember(key: key, value: json))
      } else {
        members.append(JSONMember(key: key, value: try JSONValueEncoder.encode(part)))
      }
    }
    try add("screen", state.screen, old.screen)
    if isSameSpelling(state.counter, old.counter), let json = previousJSON["counter"] {
      members.append(JSONMember(key: "counter", value: json))
    } else {
      members.append(JSONMember(key: "counter", value: state.counter.traceJSON))
    }
    if isSameSpelling(state.stopwatch, old.stopwatch), let json = previousJSON["stopwatch"] {
      members.append(JSONMember(key: "stopwatch", value: json))
    } else {
      members.append(JSONMember(key: "stopwatch", value: state.stopwatch.traceJSON(
        previous: previousJSON["stopwatch"].map { (old.stopwatch, $0) })))
    }
    if isSameSpelling(state.todos, old.todos), let json = previousJSON["todos"] {
      members.append(JSONMember(key: "todos", value: json))
    } else {
      members.append(JSONMember(key: "todos", value: try TodosFeature.State.traceJSON(
        state.todos, after: old.todos, json: previousJSON["todos"])))
    }
    try add("help", state.help, old.help)
    if let warning = state.warning {
      if let oldWarning = old.warning {
        try add("warning", warning, oldWarning)
      } else {
        members.append(JSONMember(key: "warning", value: try JSONValueEncoder.encode(warning)))
      }
    }
    try add("isQuitting", state.isQuitting, old.isQuitting)
    return .object(members)
  }
}

extension TodosFeature.State {
  /// The list's JSON, as ``encode(to:)`` writes it, reusing the previous JSON of each part that
  /// is the same to the bit: typing a title must not encode the whole list per key.
  package static func traceJSON(_ state: Self, previous: (state: Self, json: JSONValue)?) throws -> JSONValue {
    guard let previous else { return try traceJSON(state, after: state, json: nil) }
    return try traceJSON(state, after: previous.state, json: previous.json)
  }

  /// ``traceJSON(_:previous:)`` with the previous state and its JSON apart (`nil`: none, and
  /// `old` is not looked at): packing a list's state into a tuple copied it, at every key.
  static func traceJSON(_ state: Self, after old: Self, json previous: JSONValue?) throws -> JSONValue {
    func member(_ key: String, _ value: JSONValue) -> JSONMember { JSONMember(key: key, value: value) }
    // Each part's previous JSON when it is the same: most keys change one part, or none.
    func encode<Part: Encodable>(_ key: String, _ part: Part, _ oldPart: Part) throws -> JSONMember {
      if let previous, isSameSpelling(part, oldPart), let json = previous[key] { return member(key, json) }
      return member(key, try JSONValueEncoder.encode(part))
    }
    let todos = state.todos.elements
    let oldTodos = old.todos.elements
    let editor: JSONValue =
      if let previous, let oldEditor = old.editor, let editor = state.editor, isSameSpelling(editor, oldEditor),
        let json = previous["editor"]
      {
        json
      } else {
        state.editor?.traceJSON ?? .null
      }
    let todosJSON: JSONValue =
      if let previous, isSameSpelling(todos, oldTodos), let json = previous["todos"] {
        json
      } else {
        Todo.traceJSON(todos, previous: previous?["todos"].map { (oldTodos, $0) })
      }
    return .object([
      member("todos", todosJSON),
      member("selection", state.selection.map { .integer(Int64($0)) } ?? .null),
      member("filter", .string(state.filter.rawValue)),
      member("editor", editor),
      try encode("deletions", state.deletions, old.deletions),
      try encode("ids", state.ids, old.ids),
      try encode("readOnly", state.readOnly, old.readOnly),
      member("isReadOnlyNoticeShown", .bool(state.isReadOnlyNoticeShown)),
      member("listTop", .integer(Int64(state.list.top))),
      member("listHeight", .integer(Int64(state.list.height))),
    ])
  }
}
