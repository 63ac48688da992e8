/// A terminal's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// The number of columns.
  public var columns: Int
  /// The number of rows.
  public var rows: Int

  /// Creates a size of `columns` × `rows`.
  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  /// The whole screen as a rectangle, as ``Canvas/bounds`` is for a canvas of this size: a
  /// resize action lays out from it exactly as the view lays out the canvas, so a component
  /// is told the size it is drawn at.
  public var bounds: Rect { Rect(column: 0, row: 0, width: columns, height: rows) }

  /// The size as `COLUMNSxROWS`, the form key scripts and the command line use.
  public var description: String { "\(columns)x\(rows)" }
}
