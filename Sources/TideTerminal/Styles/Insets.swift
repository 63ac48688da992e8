/// Space kept clear on each side of a rectangle, in cells: a ``Block``'s padding and margin.
public struct Insets: Hashable, Sendable {
  /// Rows above.
  public var top: Int
  /// Columns on the left.
  public var leading: Int
  /// Rows below.
  public var bottom: Int
  /// Columns on the right.
  public var trailing: Int

  /// These insets; negative values count as 0.
  public init(top: Int = 0, leading: Int = 0, bottom: Int = 0, trailing: Int = 0) {
    self.top = max(0, top)
    self.leading = max(0, leading)
    self.bottom = max(0, bottom)
    self.trailing = max(0, trailing)
  }

  /// `vertical` rows above and below, `horizontal` columns on each side.
  public init(vertical: Int = 0, horizontal: Int = 0) {
    self.init(top: vertical, leading: horizontal, bottom: vertical, trailing: horizontal)
  }

  /// No space.
  public static let zero = Insets()

  /// `rect` with these insets taken off, never narrower or shorter than 0.
  package func inset(_ rect: Rect) -> Rect {
    let width = max(0, rect.width - leading - trailing)
    let height = max(0, rect.height - top - bottom)
    return Rect(
      column: rect.column + min(leading, rect.width), row: rect.row + min(top, rect.height), width: width, height: height)
  }
}
