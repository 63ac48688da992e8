/// Where a label sits along the width it is given.
public enum Alignment: Hashable, Sendable, CaseIterable {
  /// At the start (the left).
  case leading
  /// In the middle; an odd space left over goes after it.
  case center
  /// At the end (the right).
  case trailing

  /// The column offset of something `width` wide in `available` columns (0 when it does not fit).
  package func offset(of width: Int, in available: Int) -> Int {
    let room = max(0, available - width)
    switch self {
    case .leading: return 0
    case .center: return room / 2
    case .trailing: return room
    }
  }
}
