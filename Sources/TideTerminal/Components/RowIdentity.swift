/// Selection by identity, shared by ``SelectionList`` and ``Table``: where the selected row went
/// when the app gives its rows again.
enum RowIdentity {
  /// The index in `ids` of `id`, which was at `old` before: the one nearest `old` when several
  /// rows share it (a list of equal titles), `nil` when none has it.
  static func index<ID: Equatable>(of id: ID, in ids: [ID], near old: Int) -> Int? {
    // The common cases first: it stayed, or moved by one.
    if old >= 0, old < ids.count, ids[old] == id { return old }
    var nearest: Int?
    for (index, candidate) in ids.enumerated() where candidate == id {
      if nearest.map({ abs(index - old) < abs($0 - old) }) ?? true { nearest = index }
      if index >= old { break }
    }
    return nearest
  }
}
