import TideJSON

/// A part of the state ``CodableStateDiffer`` diffed last, kept as the typed value it was, and —
/// once it has changed — the parts its `encode(to:)` hands its container, each a node of its own.
///
/// The tree is what makes an action's changes cost a walk down to what changed: the next state
/// is compared with the nodes, not with the last state taken apart again. At each level on the
/// way down, the new value's `encode(to:)` runs once, into a ``DiffEncoder`` that compares each
/// part it is handed with the node of the same place, as the type it is handed as; a part whose
/// value bytes are the node's (``ValueBytes``: the same value, see `isSameSpelling`) is passed
/// over with no copy made, and only a part that differs is walked further and kept. A part that
/// has not changed since it was first seen is never taken apart.
final class DiffNode {
  // `@exclusivity(unchecked)`, as ``DiffEncoder``'s: a node is read and written by one walk on
  // the trace writer's thread, and no access of these spans another (`value` is copied out to
  // be compared, then set), so the runtime's check of each access is work with nothing to find.
  /// The part's value in the state diffed last.
  @exclusivity(unchecked) private(set) var value: any Encodable
  /// What the differ knows of the value's type.
  @exclusivity(unchecked) private var type: PartType
  /// The value's parts, when they have been read.
  @exclusivity(unchecked) private(set) var shape = Shape.unread

  enum Shape {
    /// Not taken apart: it has not changed since the node was made.
    case unread
    /// `null`, from a single-value container's `encodeNil` (an optional that is `nil`).
    case null
    /// A value encoded as another one (a raw value, a wrapper's or an optional's value).
    case single(DiffNode)
    /// A keyed container's members, in the order they were encoded.
    case keyed([Member])
    /// An unkeyed container's elements, of a type other than `Array`.
    case unkeyed([DiffNode])
    /// Nested containers, a super encoder, two kinds of container, none at all: a change is
    /// diffed as the two values' JSON trees.
    case tree
  }

  struct Member {
    let key: String
    let node: DiffNode
  }

  init<Value: Encodable>(_ value: Value, in context: DiffContext) {
    self.value = value
    type = context.type(of: Value.self)
  }

  /// Writes the changes from this part's value to `new` and keeps `new`; nothing when they are
  /// the same to the bit. `new` is taken, not copied: a copy of a whole state retains every
  /// reference it holds, which the app's thread holds too.
  func update<New: Encodable>(to new: consuming New, in context: DiffContext) throws {
    try update(from: value, to: new, in: context)
  }

  /// Whether `new` is this part's value to the bit (and of its type).
  func holds<New: Encodable>(_ new: New) -> Bool {
    holds(value, new)
  }

  /// Forgets the parts read: after a walk that failed, they may not be the value's.
  func forgetParts() {
    shape = .unread
  }

  private func holds<Old: Encodable, New: Encodable>(_ old: Old, _ new: New) -> Bool {
    Old.self == New.self && type.bytes.same(old, new)
  }

  private func update<Old: Encodable, New: Encodable>(from old: Old, to new: consuming New, in context: DiffContext) throws {
    guard Old.self == New.self else {
      // A part handed over as another type than last time: its trees, as a reader sees them.
      let written = Result { try context.diffTrees(old, new) }
      value = new
      type = context.type(of: New.self)
      shape = .unread
      try written.get()
      return
    }
    if type.bytes.same(old, new) { return }
    try change(from: old, to: new, in: context)
  }

  /// Writes the changes from `old`, this part's value, to `new`, which differs from it, and
  /// keeps `new`, also when writing them fails. The two are of one type; each is handed as its
  /// own type parameter so that neither is copied to be seen as the other's.
  func change<Old: Encodable, New: Encodable>(from old: Old, to new: consuming New, in context: DiffContext) throws {
    var failure: (any Error)?
    do { try writeChanges(from: old, to: new, in: context) } catch { failure = error }
    value = new
    if let failure {
      // What the walk read below this part may be half of the old value's and half the new's.
      shape = .unread
      throw failure
    }
  }

  private func writeChanges<Old: Encodable, New: Encodable>(from old: Old, to new: New, in context: DiffContext) throws {
    if let list = type.list {
      try list.diffElements(old, new, in: context)
      return
    }
    if type.mayBePlain {
      switch (primitiveJSON(old), primitiveJSON(new)) {
      case (let oldJSON?, let newJSON?):
        if oldJSON != newJSON { context.changes.set(JSONPath(context.path).description, newJSON) }
        return
      case (nil, nil):
        break
      default:
        // A plain value on one side only (an optional of a plain type that is `nil`).
        try context.diffTrees(old, new)
        shape = .unread
        return
      }
    }
    if case .unread = shape { shape = try DiffEncoder.shape(of: old, in: context) }
    switch shape {
    case .tree:
      try context.diffTrees(old, new)
      return
    case .unkeyed where context.path.isEmpty:
      // A whole state that is a list is set whole by the tree diff.
      try context.diffTrees(old, new)
      return
    default:
      break
    }
    let mark = context.changes.bytes.count
    if try !DiffEncoder.compare(new, with: shape, in: context) {
      // Its parts are not those of the last value (a member came or went, a list's length
      // changed, another kind of container): what the walk wrote goes, and the trees are diffed.
      context.changes.truncate(toByteCount: mark)
      try context.diffTrees(old, new)
      shape = .unread
    }
  }
}

/// Where a diff is: the path of the part being compared, and the changes written so far. One
/// per ``CodableStateDiffer``, shared by the encoders its walk makes.
final class DiffContext {
  // Unchecked as a node's: one walk on one thread, `path` appended to and removed from around
  // each part, `changes` written to between, never one access inside another.
  @exclusivity(unchecked) var path: [JSONPath.Component] = []
  @exclusivity(unchecked) var changes = TraceChanges()
  @exclusivity(unchecked) private var types: [ObjectIdentifier: PartType] = [:]

  /// What the differ knows of `type`, worked out the first time it is asked.
  func type<Value: Encodable>(of type: Value.Type) -> PartType {
    if let known = types[ObjectIdentifier(type)] { return known }
    let found = PartType(of: type)
    types[ObjectIdentifier(type)] = found
    return found
  }

  /// The changes between `old` and `new` at ``path``, found as ``StateChange`` finds them
  /// between the two JSON trees.
  func diffTrees<Old: Encodable, New: Encodable>(_ old: Old, _ new: New) throws {
    changes.diff(at: path, from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
  }
}
