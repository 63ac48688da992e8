import TideJSON
/// The changes of one trace line, written as JSON text as ``CodableStateDiffer`` finds them:
/// `["counter.count",5],["stopwatch.laps",0,0,[…]]` — each what ``StateChange/json`` writes,
/// with no tree of values built for the line.
package struct TraceChanges {
  /// The changes so far, comma-separated, without the brackets around the list.
  package private(set) var bytes: [UInt8] = []

  package init() {}

  /// Whether no change was written.
  package var isEmpty: Bool { bytes.isEmpty }

  /// Starts a new line's changes, keeping the room.
  mutating func removeAll() {
    bytes.removeAll(keepingCapacity: true)
  }

  /// Drops what was written after the first `count` bytes: the changes of a walk given up.
  mutating func truncate(toByteCount count: Int) {
    bytes.removeSubrange(count...)
  }

  /// `["path",value]`: the value at `path` (written as ``JSONPath/description`` writes it) is
  /// now `value`.
  package mutating func set(_ path: String, _ value: JSONValue) {
    begin(path)
    bytes.append(UInt8(ascii: ","))
    value.write(to: &bytes)
    bytes.append(UInt8(ascii: "]"))
  }

  /// `["path",index,removing,[inserting…]]`: the array at `path` had `removing` elements at
  /// `index` replaced by `inserting`.
  package mutating func splice(_ path: String, at index: Int, removing: Int, inserting: [JSONValue]) {
    begin(path)
    bytes.append(UInt8(ascii: ","))
    JSONValue.integer(Int64(index)).write(to: &bytes)
    bytes.append(UInt8(ascii: ","))
    JSONValue.integer(Int64(removing)).write(to: &bytes)
    bytes.append(UInt8(ascii: ","))
    JSONValue.array(inserting).write(to: &bytes)
    bytes.append(UInt8(ascii: "]"))
  }

  /// The changes that turn `old` into `new`, found by ``StateChange/changes(from:to:at:)`` below
  /// `path`: for a part of the state diffed as a tree of values.
  package mutating func diff(at path: [JSONPath.Component], from old: JSONValue, to new: JSONValue) {
    for change in StateChange.changes(from: old, to: new, at: path) { append(change) }
  }

  /// `change`, as ``StateChange/json`` writes it.
  package mutating func append(_ change: StateChange) {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
    change.json.write(to: &bytes)
  }

  private mutating func begin(_ path: String) {
    if !bytes.isEmpty { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "["))
    JSONValue.writeString(path, to: &bytes)
  }
}
