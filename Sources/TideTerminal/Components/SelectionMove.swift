/// A move of the selection in a list shown a window of rows at a time.
///
/// ``SelectionList`` and ``Table`` take the same moves on the same keys (↑/k, ↓/j, pgup, pgdn,
/// home/g, end/G): each clamps to the list, and the window scrolls as little as it can to keep
/// the selection in view. A page is the rows the window shows.
///
/// ```swift
/// await store.send(.list(.move(.down))) { $0.list.cursor = 1 }
/// ```
public enum SelectionMove: Hashable, Sendable, Codable {
  /// One row up.
  case up
  /// One row down.
  case down
  /// A window's worth up.
  case pageUp
  /// A window's worth down.
  case pageDown
  /// The first row.
  case first
  /// The last row.
  case last
}
