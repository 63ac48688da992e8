/// How a trace writes an app's state: whole, in the header and the snapshots, and as the
/// ``StateChange``s from one state to the next, on every action line.
///
/// The changes must be exactly ``StateChange/changes(from:to:at:)`` of the two states' whole
/// JSON (the trace's readers apply them to the JSON they hold); a differ may find them any way,
/// such as comparing the typed states field by field and encoding only what changed
/// (`DemoStateDiffer`), which costs a fraction of building and walking two trees per action.
package protocol TraceStateDiffer<State>: Sendable {
  associatedtype State

  /// The whole state's JSON.
  mutating func json(of state: State) throws -> JSONValue

  /// Writes the changes that turn `old`, the state of the last call (or of the first ``json(of:)``),
  /// into `new`.
  mutating func writeChanges(from old: State, to new: State, into changes: inout TraceChanges) throws
}

/// The differ for any `Encodable` state: it encodes each state and diffs the trees, keeping the
/// JSON of the previous state so that each is encoded once.
package struct JSONStateDiffer<State: Encodable>: TraceStateDiffer, Sendable {
  private var previousJSON: JSONValue?

  package init() {}

  package mutating func json(of state: State) throws -> JSONValue {
    let json = try JSONValueEncoder.encode(state)
    if previousJSON == nil { previousJSON = json }
    return json
  }

  package mutating func writeChanges(from old: State, to new: State, into changes: inout TraceChanges) throws {
    let oldJSON = try previousJSON ?? JSONValueEncoder.encode(old)
    // Should `new` fail to encode, the next call encodes what it is given afresh.
    previousJSON = nil
    let newJSON = try JSONValueEncoder.encode(new)
    changes.diff(at: [], from: oldJSON, to: newJSON)
    previousJSON = newJSON
  }
}
