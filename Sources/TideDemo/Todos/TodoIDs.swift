/// Hands out todo ids that never overflow and are never reused within a session, so undo can
/// always put a deleted todo back under its own id.
///
/// Ids count up from one past the largest id ever seen. Only when that count reaches
/// `Int.max` (a file can hold any id) does it fall back to the smallest positive id that no
/// todo, and no deleted todo that undo may restore, uses.
package struct TodoIDs: Equatable, Sendable {
  /// The next id to hand out, or `nil` once counting up has reached `Int.max`.
  private var next: Int?

  /// Ids after the largest of `ids`.
  package init(after ids: some Sequence<Int>) {
    let largest = ids.max() ?? 0
    next = largest < 1 ? 1 : (largest == Int.max ? nil : largest + 1)
  }

  /// A fresh id; `isUsed` says which ids are taken, for the fallback search.
  package mutating func make(isUsed: (Int) -> Bool) -> Int {
    if let id = next {
      next = id == Int.max ? nil : id + 1
      if !isUsed(id) { return id }
    }
    var candidate = 1
    while isUsed(candidate) { candidate += 1 }
    return candidate
  }

  /// Records that `id` is in use (a todo loaded or restored), so counting continues past it.
  package mutating func reserve(_ id: Int) {
    if let next, id >= next { self.next = id == Int.max ? nil : id + 1 }
  }
}
