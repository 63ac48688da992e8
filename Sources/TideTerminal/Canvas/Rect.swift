/// A rectangle of cells: origin column and row, width and height in cells.
public struct Rect: Hashable, Sendable {
  /// The leftmost column.
  public var column: Int
  /// The top row.
  public var row: Int
  /// The number of columns; never negative.
  public var width: Int
  /// The number of rows; never negative.
  public var height: Int

  /// Creates a rectangle; a negative width or height becomes 0.
  public init(column: Int, row: Int, width: Int, height: Int) {
    self.column = column
    self.row = row
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The column just past the right edge.
  public var endColumn: Int { column + width }
  /// The row just past the bottom edge.
  public var endRow: Int { row + height }
  /// Whether the rectangle holds no cells.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// Whether the cell at `column`, `row` is inside.
  public func contains(column: Int, row: Int) -> Bool {
    column >= self.column && column < endColumn && row >= self.row && row < endRow
  }

  /// The cells both rectangles hold; empty when they do not overlap.
  public func intersection(_ other: Rect) -> Rect {
    let left = max(column, other.column)
    let top = max(row, other.row)
    let right = min(endColumn, other.endColumn)
    let bottom = min(endRow, other.endRow)
    return Rect(column: left, row: top, width: right - left, height: bottom - top)
  }

  /// The rectangle shrunk by `amount` cells on every side (for the inside of a box).
  public func inset(by amount: Int) -> Rect {
    Rect(column: column + amount, row: row + amount, width: width - 2 * amount, height: height - 2 * amount)
  }
}
