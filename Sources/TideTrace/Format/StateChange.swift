import TideJSON
/// One change an action made to the state's JSON: what a trace line lists instead of the whole
/// state, and what the inspector applies to step from one state to the next.
///
/// In a trace line a change is a JSON array: `["counter.count",5]` sets a value (a member that
/// went away is set to `null`); `["stopwatch.laps",0,0,[{…}]]` splices an array — at index 0,
/// removing 0 elements, inserting the ones listed — so adding a todo to a long list writes the
/// new todo, not the list.
package enum StateChange: Equatable, Sendable {
  case set(JSONPath, JSONValue)
  case splice(JSONPath, at: Int, removing: Int, inserting: [JSONValue])

  /// Where the change is.
  package var path: JSONPath {
    switch self {
    case .set(let path, _), .splice(let path, _, _, _): path
    }
  }

  /// The changes that turn `old` into `new`, found by walking both; subtrees that compare equal
  /// (or share storage) cost nothing further.
  package static func changes(from old: JSONValue, to new: JSONValue) -> [StateChange] {
    changes(from: old, to: new, at: [])
  }

  /// The changes that turn `old`, the value at `path` in a document, into `new`: what
  /// ``changes(from:to:)`` of the two documents finds below `path` when the rest is the same.
  package static func changes(from old: JSONValue, to new: JSONValue, at path: [JSONPath.Component]) -> [StateChange] {
    var changes: [StateChange] = []
    var path = path
    collect(from: old, to: new, at: &path, into: &changes)
    return changes
  }

  /// Each level compares only what differs below it: members are matched by position first (a
  /// state encodes its members in the same order every time), by key otherwise.
  private static func collect(
    from old: JSONValue, to new: JSONValue, at path: inout [JSONPath.Component], into changes: inout [StateChange]
  ) {
    switch (old, new) {
    case (.object(let oldMembers), .object(let newMembers)):
      let first = changes.count
      // Whether every member kept its place: then none went away.
      var samePlaces = oldMembers.count == newMembers.count
      for (index, member) in newMembers.enumerated() {
        let previous: JSONMember?
        if index < oldMembers.count, sameText(oldMembers[index].key, member.key) {
          previous = oldMembers[index]
        } else {
          samePlaces = false
          previous = oldMembers.first { sameText($0.key, member.key) }
        }
        path.append(.key(member.key))
        if let previous {
          if previous.value != member.value { collect(from: previous.value, to: member.value, at: &path, into: &changes) }
        } else {
          changes.append(.set(JSONPath(path), member.value))
        }
        path.removeLast()
      }
      if samePlaces { return }
      for member in oldMembers where !newMembers.contains(where: { sameText($0.key, member.key) }) {
        let removal = StateChange.set(JSONPath(path + [.key(member.key)]), .null)
        // A name spelled anew (`é` as `e` and U+0301) is the same name to a reader, which finds
        // members by Swift's equality, as the app's `Codable` does: its removal goes first, or
        // it would remove the value just set under the new spelling.
        if newMembers.contains(where: { $0.key == member.key }) {
          changes.insert(removal, at: first)
        } else {
          changes.append(removal)
        }
      }
    case (.array(let oldElements), .array(let newElements)) where !path.isEmpty:
      if oldElements.count == newElements.count {
        for index in newElements.indices where oldElements[index] != newElements[index] {
          path.append(.index(index))
          collect(from: oldElements[index], to: newElements[index], at: &path, into: &changes)
          path.removeLast()
        }
        return
      }
      // One splice between the common head and tail: an insertion, a removal or a replacement
      // of a run, each written as only what changed.
      var head = 0
      let shorter = min(oldElements.count, newElements.count)
      while head < shorter, oldElements[head] == newElements[head] { head += 1 }
      var tail = 0
      while tail < shorter - head, oldElements[oldElements.count - 1 - tail] == newElements[newElements.count - 1 - tail] {
        tail += 1
      }
      changes.append(.splice(
        JSONPath(path), at: head, removing: oldElements.count - head - tail,
        inserting: Array(newElements[head..<newElements.count - tail])))
    default:
      if old != new { changes.append(.set(JSONPath(path), new)) }
    }
  }

  /// Applies the change to `value`; `false` when its path does not fit `value` (a trace that
  /// does not belong to the state it is applied to).
  @discardableResult
  package func apply(to value: inout JSONValue) -> Bool {
    switch self {
    case .set(let path, let newValue):
      return value.set(newValue, at: path.components[...])
    case .splice(let path, let index, let removing, let inserting):
      // In place: a todo added to a list of 100,000 copies none of the others.
      return value.modify(at: path.components[...]) { list in
        guard case .array(var elements) = list, let removed = Self.removedRange(at: index, removing: removing, of: elements.count)
        else { return false }
        list = .null
        elements.replaceSubrange(removed, with: inserting)
        list = .array(elements)
        return true
      }
    }
  }

  /// The change as a trace line writes it.
  package var json: JSONValue {
    switch self {
    case .set(let path, let value):
      .array([.string(path.description), value])
    case .splice(let path, let index, let removing, let inserting):
      .array([.string(path.description), .integer(Int64(index)), .integer(Int64(removing)), .array(inserting)])
    }
  }

  /// Reads a change as a trace line writes it; `nil` for anything else.
  package init?(json: JSONValue) {
    guard case .array(let parts) = json, case .string(let pathText)? = parts.first,
      let path = JSONPath(parsing: pathText)
    else { return nil }
    switch parts.count {
    case 2:
      self = .set(path, parts[1])
    case 4:
      guard case .integer(let index) = parts[1], case .integer(let removing) = parts[2],
        case .array(let inserting) = parts[3]
      else { return nil }
      self = .splice(path, at: Int(index), removing: Int(removing), inserting: inserting)
    default:
      return nil
    }
  }

  /// The elements a splice at `index` removing `removing` takes out of a list of `count`, or
  /// `nil` when it does not fit the list (a hand-edited line: a count below zero, past the end,
  /// or so large that the sum overflows).
  static func removedRange(at index: Int, removing: Int, of count: Int) -> Range<Int>? {
    guard index >= 0, removing >= 0, index <= count, removing <= count - index else { return nil }
    return index..<index + removing
  }

  /// Where a splice's removed run ends, as written: a hand-edited count past `Int.max` reads
  /// `index+removing` rather than trapping.
  private static func end(_ index: Int, _ removing: Int) -> String {
    let (sum, overflows) = index.addingReportingOverflow(removing)
    return overflows ? "\(index)+\(removing)" : "\(sum)"
  }

  /// One line for people: `counter.count = 5`, `stopwatch.laps[0..<0] = [{…}]`.
  package var summary: String {
    switch self {
    case .set(let path, let value):
      "\(path.description.isEmpty ? "state" : path.description) = \(value.text)"
    case .splice(let path, let index, let removing, let inserting):
      removing == 0
        ? "\(path) insert at \(index): \(JSONValue.array(inserting).text)"
        : "\(path)[\(index)..<\(Self.end(index, removing))] = \(JSONValue.array(inserting).text)"
    }
  }
}
