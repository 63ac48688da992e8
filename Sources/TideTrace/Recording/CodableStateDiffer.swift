import TideJSON
/// The differ for any `Encodable` state, and the trace writer's default: it finds exactly the
/// changes ``StateChange/changes(from:to:)`` finds between the two states' whole JSON, without
/// encoding either state whole.
///
/// It walks the two typed states together. A part whose bits are the same in both is the same
/// value and is skipped at once: both states are alive while they are compared, so a shared
/// reference (a string's, an array's or a dictionary's storage, which copy-on-write never
/// changes while it is shared) means the same contents, and inline bytes the same value. Only
/// the parts whose bits differ are taken apart further — a struct or enum into what its
/// `encode(to:)` hands its container, field by field; an `Array` element by element, with a
/// splice for a change of length — and only the leaves that differ are encoded. An action that
/// changes one field of a large state costs a walk down to that field.
///
/// Parts whose bits differ but whose JSON is the same (two buffers holding one text) cost an
/// encoding and produce no change. A state should be made of values: an object of a class whose
/// contents change in place, behind the same reference, is not seen to change.
package struct CodableStateDiffer<State: Encodable>: TraceStateDiffer {
  package init() {}

  package func json(of state: State) throws -> JSONValue {
    try JSONValueEncoder.encode(state)
  }

  package func writeChanges(from old: State, to new: State, into changes: inout TraceChanges) throws {
    var path: [JSONPath.Component] = []
    try ValueDiff.diff(old, new, at: &path, into: &changes)
  }
}

/// The walk of ``CodableStateDiffer``.
enum ValueDiff {
  static func diff<Value: Encodable>(
    _ old: Value, _ new: Value, at path: inout [JSONPath.Component], into changes: inout TraceChanges
  ) throws {
    if isSameSpelling(old, new) { return }
    // The type is asked, not the value: casting the value boxed a copy of every part compared.
    if let array = Value.self as? any EncodableArray.Type {
      try array.diffElements(old, new, at: &path, into: &changes)
      return
    }
    let oldParts = try EncodedParts(of: old)
    let newParts = try EncodedParts(of: new)
    switch (oldParts, newParts) {
    case (.leaf(let oldJSON), .leaf(let newJSON)):
      if oldJSON != newJSON { changes.set(JSONPath(path).description, newJSON) }
    case (.single(let oldValue), .single(let newValue)):
      try diffParts(oldValue, newValue, at: &path, into: &changes)
    case (.keyed(let oldMembers), .keyed(let newMembers))
    where oldMembers.count == newMembers.count && zip(oldMembers, newMembers).allSatisfy({ sameText($0.key, $1.key) }):
      for (oldMember, newMember) in zip(oldMembers, newMembers) {
        path.append(.key(newMember.key))
        try diffParts(oldMember.value, newMember.value, at: &path, into: &changes)
        path.removeLast()
      }
    case (.unkeyed(let oldElements), .unkeyed(let newElements)) where !path.isEmpty:
      try diffElements(oldElements, newElements, at: &path, into: &changes) { old, new, path, changes in
        try diffParts(old, new, at: &path, into: &changes)
      }
    default:
      // Members that came or went, nested containers, a part whose shape changed: the trees of
      // this part, diffed as a trace's reader would.
      changes.diff(at: path, from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
    }
  }

  /// Two parts of the states whose types are only known as `Encodable`: compared as their own
  /// type when both have it, else written anew.
  static func diffParts(
    _ old: any Encodable, _ new: any Encodable, at path: inout [JSONPath.Component], into changes: inout TraceChanges
  ) throws {
    try diffOpened(old, new, at: &path, into: &changes)
  }

  private static func diffOpened<Value: Encodable>(
    _ old: Value, _ new: any Encodable, at path: inout [JSONPath.Component], into changes: inout TraceChanges
  ) throws {
    try diffBothOpened(old, new, at: &path, into: &changes)
  }

  /// Two parts of the same type diffed as that type; of two types, written anew. The types are
  /// compared as metadata, not by a dynamic cast, which was done for every part of every
  /// action's state.
  private static func diffBothOpened<Value: Encodable, New: Encodable>(
    _ old: Value, _ new: New, at path: inout [JSONPath.Component], into changes: inout TraceChanges
  ) throws {
    guard New.self == Value.self else {
      changes.diff(at: path, from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
      return
    }
    // The same type, so the same layout: the bits are a `Value`.
    try diff(old, unsafeBitCast(new, to: Value.self), at: &path, into: &changes)
  }

  private static func encodeOpened<Value: Encodable>(_ value: Value) throws -> JSONValue {
    try JSONValueEncoder.encode(value)
  }

  /// The changes between two lists, as the tree diff finds them: element by element when their
  /// counts are the same, else one splice between the common head and tail.
  static func diffElements<Element>(
    _ old: some RandomAccessCollection<Element>, _ new: some RandomAccessCollection<Element>,
    at path: inout [JSONPath.Component], into changes: inout TraceChanges,
    encode: (Element) throws -> JSONValue = { try encodeAny($0) },
    diffElement: (Element, Element, inout [JSONPath.Component], inout TraceChanges) throws -> Void
  ) throws {
    let old = Array(old)
    let new = Array(new)
    if old.count == new.count {
      for index in new.indices where !isSameSpelling(old[index], new[index]) {
        path.append(.index(index))
        try diffElement(old[index], new[index], &path, &changes)
        path.removeLast()
      }
      return
    }
    func same(_ a: Element, _ b: Element) throws -> Bool {
      try isSameSpelling(a, b) || encode(a) == encode(b)
    }
    var head = 0
    let shorter = min(old.count, new.count)
    while head < shorter, try same(old[head], new[head]) { head += 1 }
    var tail = 0
    while tail < shorter - head, try same(old[old.count - 1 - tail], new[new.count - 1 - tail]) { tail += 1 }
    changes.splice(
      JSONPath(path).description, at: head, removing: old.count - head - tail,
      inserting: try new[head..<new.count - tail].map(encode))
  }

  private static func encodeAny<Element>(_ element: Element) throws -> JSONValue {
    guard let element = element as? any Encodable else { return .null }
    return try encodeOpened(element)
  }
}

/// An `Array` of `Encodable` elements, compared element by element where they lie, without
/// taking each element apart through an encoder.
protocol EncodableArray {
  /// `old` and `new` are of this type (the caller's `Value` is `Self`).
  static func diffElements<Value>(
    _ old: Value, _ new: Value, at path: inout [JSONPath.Component], into changes: inout TraceChanges) throws
}

extension Array: EncodableArray where Element: Encodable {
  static func diffElements<Value>(
    _ old: Value, _ new: Value, at path: inout [JSONPath.Component], into changes: inout TraceChanges
  ) throws {
    guard Value.self == [Element].self else { return }
    // The same type, checked above: the bits are an array of `Element`.
    let old = unsafeBitCast(old, to: [Element].self)
    let new = unsafeBitCast(new, to: [Element].self)
    guard !path.isEmpty else {
      // A whole state that is a list: the tree diff sets it whole.
      changes.diff(at: path, from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
      return
    }
    try ValueDiff.diffElements(
      old, new, at: &path, into: &changes, encode: { try JSONValueEncoder.encode($0) }
    ) { old, new, path, changes in
      try ValueDiff.diff(old, new, at: &path, into: &changes)
    }
  }
}
