import TideJSON
import TideTerminal

/// The trace format, version 1: JSON lines, documented in the DocC article "Trace format v1".
///
/// ```
/// {"format":"tide-trace","version":1,"app":"tide-demo","appVersion":"0.1.0","arguments":["--screen","counter"],"reducer":"TideDemo.AppFeature","size":[80,24],"snapshotEvery":1000,"state":{…}}
/// {"n":1,"t":0.25,"key":"+","action":{"counter":{"_0":{"increment":{}}}},"changes":[["counter.count",1]]}
/// {"n":2,"t":0.3,"action":{"stopwatch":{"_0":{"tick":{"at":0.3}}}},"changes":[["stopwatch.lastReading",0.3]]}
/// {"t":1.5,"key":"x"}
/// {"n":3,"t":2,"resize":[100,30],"action":{"todos":{"_0":{"resized":{"areaHeight":25}}}},"changes":[["todos.listHeight",25]]}
/// {"snapshot":1000,"state":{…}}
/// {"branch":2,"t":9.5,"state":{…}}
/// ```
///
/// The first line is the header: the app, its version, the arguments that rebuild its options
/// in a replay, its reducer's Swift name (when known), the terminal's size and the initial state. Then, in order, each input event (`key` with its key-script token, `paste`, `resize`)
/// and each action (`n` counting from 1, the action as the app's `Codable` writes it, and the
/// ``StateChange``s it made). A key, paste, pointer event or resize that sent an action is
/// written on that action's line, right after the time (an action line without one came from
/// an effect); one the app ignored has a line of its own. The size in the header is the
/// terminal's at the start, which the program reports as a first resize: an app with a resize
/// action has it sent by that resize. Every `snapshotEvery` actions a
/// snapshot line holds the whole state after action `snapshot`. Times (`t`) are seconds on the
/// app's clock since it started: virtual time in a replay. A branch line says the app was put
/// back into its state after action `branch` (the inspector's live time travel, with the whole
/// state): the actions written after that one up to here are a branch left behind, and the
/// next action is `branch` + 1.
package enum TraceFormat {
  /// What the header's `format` says.
  package static let name = "tide-trace"
  /// The version this build writes and reads.
  package static let version = 1
  /// Actions between snapshots by default.
  package static let defaultSnapshotInterval = 1000

  /// Seconds, as a trace writes times.
  package static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }

  /// A time read from a trace, as near the instant it was written from as a `Double` holds:
  /// within a few attoseconds near the start. Not rounded to the nanosecond, since an effect's
  /// deadline may fall between two (see ``KeyScriptRecorder/nanoseconds(reaching:)``).
  package static func duration(_ seconds: Double) -> Duration {
    .seconds(seconds)
  }
}

/// The first line of a trace.
package struct TraceHeader: Equatable, Sendable {
  /// The members a header may have, in the order they are written.
  static let members = ["format", "version", "app", "appVersion", "arguments", "reducer", "size", "snapshotEvery", "state"]
  package var app: String
  package var appVersion: String
  /// The arguments that rebuild the app's options in a replay (`["--items", "20"]`): what the
  /// inspector makes the app with to draw its screens, and what an exported script's replay needs.
  package var arguments: [String] = []
  /// The Swift name of the store's reducer (`tide_list.Chooser`), for the test an export
  /// writes; `nil` when not known.
  package var reducer: String?
  package var size: TerminalSize
  package var snapshotInterval: Int
  /// The state before the first action.
  package var state: JSONValue

  var json: JSONValue {
    .object([
      JSONMember(key: "format", value: .string(TraceFormat.name)),
      JSONMember(key: "version", value: .integer(Int64(TraceFormat.version))),
      JSONMember(key: "app", value: .string(app)),
      JSONMember(key: "appVersion", value: .string(appVersion)),
      JSONMember(key: "arguments", value: .array(arguments.map { .string($0) })),
    ] + (reducer.map { [JSONMember(key: "reducer", value: .string($0))] } ?? []) + [
      JSONMember(key: "size", value: .array([.integer(Int64(size.columns)), .integer(Int64(size.rows))])),
      JSONMember(key: "snapshotEvery", value: .integer(Int64(snapshotInterval))),
      JSONMember(key: "state", value: state),
    ])
  }
}

/// An input line.
@usableFromInline
package struct TraceInput: Equatable, Sendable {
  @usableFromInline package var event: InputEvent
  @usableFromInline package var time: Duration

  @usableFromInline
  package init(event: InputEvent, time: Duration) {
    self.event = event
    self.time = time
  }

  var json: JSONValue {
    .object([JSONMember(key: "t", value: .number(TraceFormat.seconds(time))), Self.member(for: event)])
  }

  /// `"key":"+"`, `"paste":"…"`, `"resize":[100,30]` or `"pointer":["press left",12,4,0]`
  /// (kind, 0-based column and row, modifier bits: shift 1, alt 2, control 4).
  static func member(for event: InputEvent) -> JSONMember {
    switch event {
    case .key(let key):
      JSONMember(key: "key", value: .string(key.token ?? String(describing: key)))
    case .paste(let text):
      JSONMember(key: "paste", value: .string(text))
    case .resize(let size):
      JSONMember(key: "resize", value: .array([.integer(Int64(size.columns)), .integer(Int64(size.rows))]))
    case .pointer(let pointer):
      JSONMember(key: "pointer", value: .array([
        .string(pointerKindName(pointer.kind)), .integer(Int64(pointer.column)), .integer(Int64(pointer.row)),
        .integer(Int64(pointer.modifiers.rawValue)),
      ]))
    }
  }

  /// The pointer kinds by their names in a trace: `"press left"`, `"release right"`, `"scroll up"`.
  package static let pointerKinds: [(name: String, kind: PointerEvent.Kind)] = [
    ("press left", .press(.left)), ("press middle", .press(.middle)), ("press right", .press(.right)),
    ("release left", .release(.left)), ("release middle", .release(.middle)), ("release right", .release(.right)),
    ("scroll up", .scrollUp), ("scroll down", .scrollDown),
  ]

  package static func pointerKindName(_ kind: PointerEvent.Kind) -> String {
    pointerKinds.first { $0.kind == kind }?.name ?? "press left"
  }
}

/// An action line.
package struct TraceStep: Equatable, Sendable {
  /// 1 for the first action.
  package var number: Int
  package var time: Duration
  /// The key or paste that sent it; `nil` when an effect did.
  package var input: InputEvent?
  package var action: JSONValue
  package var changes: [StateChange]
}

/// A snapshot line: the whole state after action `number`.
package struct TraceSnapshot: Equatable, Sendable {
  package var number: Int
  package var state: JSONValue

  var json: JSONValue {
    .object([JSONMember(key: "snapshot", value: .integer(Int64(number))), JSONMember(key: "state", value: state)])
  }
}

/// A branch line: the app was put back into its whole `state` after action `number` at `time`.
package struct TraceBranch: Equatable, Sendable {
  package var number: Int
  package var time: Duration
  package var state: JSONValue

  var json: JSONValue {
    .object([
      JSONMember(key: "branch", value: .integer(Int64(number))),
      JSONMember(key: "t", value: .number(TraceFormat.seconds(time))), JSONMember(key: "state", value: state),
    ])
  }
}
