import TideJSON
/// How a trace writes an app's state: whole, in the header and the snapshots, and as the
/// ``StateChange``s from one state to the next, on every action line.
///
/// The changes must be exactly ``StateChange/changes(from:to:at:)`` of the two states' whole
/// JSON (the trace's readers apply them to the JSON they hold); a differ may find them any way,
/// such as comparing the typed states part by part and encoding only what changed
/// (``CodableStateDiffer``, the default), which costs a fraction of building and walking two
/// trees per action.
///
/// A differ keeps the state its next changes are from, and may keep what it learnt of it
/// (``CodableStateDiffer`` keeps its parts), so it is made on the thread that uses it: a
/// recorder takes a function that makes one.
package protocol TraceStateDiffer<State> {
  associatedtype State

  /// The whole state's JSON; the next changes are from `state` (the session's first state, a
  /// snapshot's, or the state a jump put the app in).
  mutating func json(of state: State) throws -> JSONValue

  /// Writes the changes that turn the state of the last call (``json(of:)``'s, or the last
  /// `new`) into `new`. After an error the next changes are from `new`.
  mutating func writeChanges(to new: consuming State, into changes: inout TraceChanges) throws
}
