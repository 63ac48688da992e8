/// Hands out todo ids that never overflow and are never reused within a session, so undo can
/// always put a deleted todo back under its own id.
///
/// Ids count up from one past the largest id ever seen. Only when that count reaches
/// `Int.max` (a file can hold any id) does it fall back to searching upwards from 1 for an id
/// that no todo, and no deleted todo that undo may restore, uses. The search goes on from
/// where the last one stopped, so handing out n ids looks at each id at most once — repairing
/// 50,000 todos that share `Int.max` is linear, not quadratic.
package struct TodoIDs: Equatable, Sendable, Codable {
  /// The next id to hand out, or `nil` once counting up has reached `Int.max`.
  private var next: Int?
  /// Where the fallback search starts: every id below it was in use, or handed out, when it
  /// was last searched.
  private var searchFrom = 1

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
    var candidate = searchFrom
    while isUsed(candidate) { candidate += 1 }
    searchFrom = candidate == Int.max ? 1 : candidate + 1
    return candidate
  }

  /// Records that `id` is in use (a todo loaded or restored), so counting continues past it.
  package mutating func reserve(_ id: Int) {
    if let next, id >= next { self.next = id == Int.max ? nil : id + 1 }
  }
}
