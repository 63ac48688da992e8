import TideTerminal
import TideTrace

/// The demo's ``TraceStateDiffer``: compares the previous and the new `AppFeature.State` field by
/// field and writes only what changed, each change what ``StateChange/changes(from:to:)`` of the
/// two states' whole JSON lists (`InspectorStateDifferTests` checks them against it).
///
/// An action changes a field or two; building the whole state's JSON per action and walking two
/// trees to find them cost most of the trace writer's time. A leaf counts as changed when its
/// JSON would: texts by their UTF-8 bytes (``sameText(_:_:)``, not `==`), times by the bits of
/// their seconds. Parts that change rarely and hold texts or nested values (the input line, the
/// deletions, the read-only reason) are encoded and diffed as trees when their bits differ, and
/// a warning shown, changed or gone diffs the whole state, since it moves the state's members.
package struct DemoStateDiffer: TraceStateDiffer {
  package init() {}

  package func json(of state: AppFeature.State) throws -> JSONValue {
    try JSONValueEncoder.encode(state)
  }

  package func writeChanges(
    from old: AppFeature.State, to new: AppFeature.State, into changes: inout TraceChanges
  ) throws {
    if old.warning != nil || new.warning != nil, !isSameSpelling(old.warning, new.warning) {
      changes.diff(at: [], from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
      return
    }
    if old.screen != new.screen { changes.set("screen", .string(new.screen.rawValue)) }
    Self.counter(from: old.counter, to: new.counter, into: &changes)
    Self.stopwatch(from: old.stopwatch, to: new.stopwatch, into: &changes)
    try Self.todos(from: old.todos, to: new.todos, into: &changes)
    if old.help != new.help { try Self.diffEncoded([.key("help")], from: old.help, to: new.help, into: &changes) }
    if old.isQuitting != new.isQuitting { changes.set("isQuitting", .bool(new.isQuitting)) }
  }

  private static func counter(from old: CounterFeature.State, to new: CounterFeature.State, into changes: inout TraceChanges) {
    if old.count != new.count { changes.set("counter.count", .integer(Int64(new.count))) }
    switch (old.alert, new.alert) {
    case (nil, nil): break
    case (let oldAlert?, let newAlert?) where sameText(oldAlert, newAlert): break
    default: changes.set("counter.alert.value", new.alert.map { .string($0) } ?? .null)
    }
    let revision = revisionJSON(new.$alert.revision)
    if revisionJSON(old.$alert.revision) != revision { changes.set("counter.alert.revision", revision) }
  }

  /// A revision as its `Codable` writes it: an integer while it fits one.
  private static func revisionJSON(_ revision: UInt64) -> JSONValue {
    revision <= UInt64(Int64.max) ? .integer(Int64(revision)) : .number(Double(revision))
  }

  private static func stopwatch(from old: StopwatchFeature.State, to new: StopwatchFeature.State, into changes: inout TraceChanges) {
    setIfChanged("stopwatch.accumulated", seconds(old.accumulated), seconds(new.accumulated), into: &changes)
    setIfChanged("stopwatch.startedAt", old.startedAt.map(seconds) ?? .null, new.startedAt.map(seconds) ?? .null, into: &changes)
    setIfChanged("stopwatch.lastReading", seconds(old.lastReading), seconds(new.lastReading), into: &changes)
    diffArray(
      "stopwatch.laps", from: old.laps, to: new.laps, into: &changes,
      isSame: { $0.number == $1.number && seconds($0.total) == seconds($1.total) && seconds($0.split) == seconds($1.split) },
      json: \.traceJSON
    ) { path, old, new, changes in
      if old.number != new.number { changes.set(path + ".number", .integer(Int64(new.number))) }
      setIfChanged(path + ".total", seconds(old.total), seconds(new.total), into: &changes)
      setIfChanged(path + ".split", seconds(old.split), seconds(new.split), into: &changes)
    }
  }

  private static func todos(from old: TodosFeature.State, to new: TodosFeature.State, into changes: inout TraceChanges) throws {
    diffArray(
      "todos.todos", from: old.todos.elements, to: new.todos.elements, into: &changes,
      isSame: isSameTodo,
      json: \.traceJSON
    ) { path, old, new, changes in
      if old.id != new.id { changes.set(path + ".id", .integer(Int64(new.id))) }
      if !sameText(old.title, new.title) { changes.set(path + ".title", .string(new.title)) }
      if old.isDone != new.isDone { changes.set(path + ".isDone", .bool(new.isDone)) }
    }
    if old.selection != new.selection { changes.set("todos.selection", new.selection.map { .integer(Int64($0)) } ?? .null) }
    if old.filter != new.filter { changes.set("todos.filter", .string(new.filter.rawValue)) }
    switch (old.editor, new.editor) {
    case (nil, nil): break
    case (let oldEditor?, let newEditor?):
      if !isSameSpelling(oldEditor, newEditor) {
        changes.diff(at: [.key("todos"), .key("editor")], from: oldEditor.traceJSON, to: newEditor.traceJSON)
      }
    default:
      changes.set("todos.editor", new.editor?.traceJSON ?? .null)
    }
    // The undo stack is copied afresh by the reducer more often than it changes: compared by
    // content, not encoded, unless it changed.
    if !isSameDeletions(old.deletions, new.deletions) {
      try diffEncoded([.key("todos"), .key("deletions")], from: old.deletions, to: new.deletions, into: &changes)
    }
    if old.ids != new.ids { try diffEncoded([.key("todos"), .key("ids")], from: old.ids, to: new.ids, into: &changes) }
    try diffEncoded([.key("todos"), .key("readOnly")], from: old.readOnly, to: new.readOnly, into: &changes)
    if old.isReadOnlyNoticeShown != new.isReadOnlyNoticeShown {
      changes.set("todos.isReadOnlyNoticeShown", .bool(new.isReadOnlyNoticeShown))
    }
    if old.list.top != new.list.top { changes.set("todos.listTop", .integer(Int64(new.list.top))) }
    if old.list.height != new.list.height { changes.set("todos.listHeight", .integer(Int64(new.list.height))) }
  }

  /// Whether two todos encode alike.
  private static func isSameTodo(_ old: Todo, _ new: Todo) -> Bool {
    old.id == new.id && old.isDone == new.isDone && sameText(old.title, new.title)
  }

  /// Whether two undo stacks encode alike: the same todos at the same indices, deletion by deletion.
  private static func isSameDeletions(_ old: [TodosFeature.Deletion], _ new: [TodosFeature.Deletion]) -> Bool {
    if isSameSpelling(old, new) { return true }
    return old.count == new.count
      && zip(old, new).allSatisfy { old, new in
        old.indices == new.indices && old.todos.count == new.todos.count && zip(old.todos, new.todos).allSatisfy(isSameTodo)
      }
  }

  private static func seconds(_ duration: Duration) -> JSONValue {
    .number(TraceFormat.seconds(duration))
  }

  private static func setIfChanged(_ path: String, _ old: JSONValue, _ new: JSONValue, into changes: inout TraceChanges) {
    if old != new { changes.set(path, new) }
  }

  /// A part diffed as trees of values, unless it is the same to the bit.
  private static func diffEncoded<Part: Encodable>(
    _ path: [JSONPath.Component], from old: Part, to new: Part, into changes: inout TraceChanges
  ) throws {
    if isSameSpelling(old, new) { return }
    changes.diff(at: path, from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
  }

  /// The changes to an array of objects at `path`, as the tree diff finds them: element by
  /// element (`diffElement`, given the element's path) when the count is the same, else one
  /// splice between the common head and tail. `isSame` says whether two elements' JSON is the same.
  private static func diffArray<Element>(
    _ path: String, from old: [Element], to new: [Element], into changes: inout TraceChanges,
    isSame: (Element, Element) -> Bool, json: (Element) -> JSONValue,
    diffElement: (String, Element, Element, inout TraceChanges) -> Void
  ) {
    if isSameSpelling(old, new) { return }
    if old.count == new.count {
      for index in new.indices where !isSame(old[index], new[index]) {
        diffElement("\(path)[\(index)]", old[index], new[index], &changes)
      }
      return
    }
    var head = 0
    let shorter = min(old.count, new.count)
    while head < shorter, isSame(old[head], new[head]) { head += 1 }
    var tail = 0
    while tail < shorter - head, isSame(old[old.count - 1 - tail], new[new.count - 1 - tail]) { tail += 1 }
    changes.splice(
      path, at: head, removing: old.count - head - tail, inserting: new[head..<new.count - tail].map(json))
  }
}
