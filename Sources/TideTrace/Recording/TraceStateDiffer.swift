import TideJSON
/// How a trace writes an app's state: whole, in the header and the snapshots, and as the
/// ``StateChange``s from one state to the next, on every action line.
///
/// The changes must be exactly ``StateChange/changes(from:to:at:)`` of the two states' whole
/// JSON (the trace's readers apply them to the JSON they hold); a differ may find them any way,
/// such as comparing the typed states part by part and encoding only what changed
/// (``CodableStateDiffer``, the default), which costs a fraction of building and walking two
/// trees per action.
package protocol TraceStateDiffer<State>: Sendable {
  associatedtype State

  /// The whole state's JSON.
  mutating func json(of state: State) throws -> JSONValue

  /// Writes the changes that turn `old`, the state of the last call (or of the first ``json(of:)``),
  /// into `new`.
  mutating func writeChanges(from old: State, to new: State, into changes: inout TraceChanges) throws
}
