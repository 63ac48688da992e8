import TideJSON
/// How a trace writes an app's state as the changes from one state to the next, on every action
/// line: exactly the ``StateChange``s that ``StateChange/changes(from:to:)`` finds between the two
/// states' whole JSON (the trace's readers apply them to the JSON they hold), found without
/// encoding either state whole. It works for any `Encodable` state.
///
/// It keeps the state the next changes are from (the last one diffed, or the last one whose JSON
/// it made) as a tree of ``DiffNode``s, and compares the next state with it part by part, as the
/// typed values they are. A part whose value bytes are the same in both (``ValueBytes``) is the
/// same value and is passed over at once: both values are alive while they are compared, so a
/// shared reference (a string's, an array's or a dictionary's storage, which copy-on-write never
/// changes while it is shared) means the same contents, and inline bytes the same value. Only
/// the parts that differ are taken apart further — a struct or enum into what its `encode(to:)`
/// hands its container, field by field; an `Array` element by element, with a splice for a
/// change of length — and only the leaves that differ are encoded. An action that changes one
/// field of a large state costs a walk down to that field, each level's new value encoded into
/// its parts once.
///
/// Parts whose bytes differ but whose JSON is the same (two buffers holding one text) cost an
/// encoding and produce no change. A state should be made of values: an object of a class whose
/// contents change in place, behind the same reference, is not seen to change. The tree is the
/// differ's own, so a differ stays on the thread that made it (the trace writer's).
package struct CodableStateDiffer<State: Encodable> {
  /// The state the next changes are from, as far as it has been taken apart.
  private var base: DiffNode?
  private let context = DiffContext()

  package init() {}

  /// The whole state's JSON; the next changes are from `state` (the session's first state, a
  /// snapshot's, or the state a jump put the app in).
  package mutating func json(of state: State) throws -> JSONValue {
    base = DiffNode(state, in: context)
    return try JSONValueEncoder.encode(state)
  }

  /// Writes the changes that turn the state of the last call (``json(of:)``'s, or the last
  /// `new`) into `new`. `new` is taken, not copied; after an error the next changes are from it.
  package mutating func writeChanges(to new: consuming State, into changes: inout TraceChanges) throws {
    guard let base else { throw DifferError.noBase }
    swap(&context.changes, &changes)
    defer { swap(&context.changes, &changes) }
    context.path.removeAll(keepingCapacity: true)
    do {
      try base.update(to: new, in: context)
    } catch {
      // The node holds `new`, but what a failed walk left below it may not be its parts.
      base.forgetParts()
      throw error
    }
  }

  private enum DifferError: Error {
    /// ``writeChanges(to:into:)`` before any ``json(of:)``.
    case noBase
  }
}

/// The element-by-element diff of two lists, as the tree diff finds it.
enum ListDiff {
  /// The changes between two lists, as the tree diff finds them: element by element when their
  /// counts are the same, else one splice between the common head and tail.
  static func diffElements<Element: Encodable>(_ old: [Element], _ new: [Element], in context: DiffContext) throws {
    let bytes = context.type(of: Element.self).bytes
    if old.count == new.count {
      for index in new.indices where !bytes.same(old[index], new[index]) {
        context.path.append(.index(index))
        defer { context.path.removeLast() }
        try DiffNode(old[index], in: context).change(from: old[index], to: new[index], in: context)
      }
      return
    }
    func same(_ a: Element, _ b: Element) throws -> Bool {
      try bytes.same(a, b) || JSONValueEncoder.encode(a) == JSONValueEncoder.encode(b)
    }
    var head = 0
    let shorter = min(old.count, new.count)
    while head < shorter, try same(old[head], new[head]) { head += 1 }
    var tail = 0
    while tail < shorter - head, try same(old[old.count - 1 - tail], new[new.count - 1 - tail]) { tail += 1 }
    context.changes.splice(
      JSONPath(context.path).description, at: head, removing: old.count - head - tail,
      inserting: try new[head..<new.count - tail].map { try JSONValueEncoder.encode($0) })
  }
}

/// An `Array` of `Encodable` elements, compared element by element where they lie, without
/// taking each element apart through an encoder.
protocol EncodableArray {
  /// `old` and `new` are of this type (the caller's `Old` and `New` are `Self`).
  static func diffElements<Old, New>(_ old: Old, _ new: New, in context: DiffContext) throws
}

extension Array: EncodableArray where Element: Encodable {
  static func diffElements<Old, New>(_ old: Old, _ new: New, in context: DiffContext) throws {
    guard Old.self == [Element].self, New.self == [Element].self else {
      assertionFailure("a list's differ called with \(Old.self) and \(New.self), not \([Element].self)")
      return
    }
    // The same type, checked above: the bits are an array of `Element`.
    let old = unsafeBitCast(old, to: [Element].self)
    let new = unsafeBitCast(new, to: [Element].self)
    guard !context.path.isEmpty else {
      // A whole state that is a list: the tree diff sets it whole.
      try context.diffTrees(old, new)
      return
    }
    try ListDiff.diffElements(old, new, in: context)
  }
}
