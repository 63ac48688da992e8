import TideTerminal

/// A row of plain texts for the tests of ``Table``, identified by `id` (its place in the rows
/// given to ``textRows(_:)``).
public struct TextRow: Identifiable, Hashable, Sendable {
  public var id: Int
  public var cells: [String]

  public init(id: Int, cells: [String]) {
    self.id = id
    self.cells = cells
  }
}

/// `cells` as rows identified by their place.
public func textRows(_ cells: [[String]]) -> [TextRow] {
  cells.enumerated().map { TextRow(id: $0.offset, cells: $0.element) }
}

extension Table.Column where Row == TextRow {
  /// A column headed `title` showing cell `index` of each row (blank when a row has none).
  public static func text(
    _ title: String, _ index: Int, width: LayoutSize = .fill(), alignment: Alignment = .leading
  ) -> Self {
    Self(title, width: width, alignment: alignment) { $0.cells.indices.contains(index) ? $0.cells[index] : "" }
  }
}
