/// How a cell is drawn: text attributes and colours.
public struct Style: Hashable, Sendable {
  /// Bold (or bright, on some terminals) text.
  public var bold: Bool
  /// Dim (faint) text.
  public var dim: Bool
  /// Foreground and background swapped.
  public var reverse: Bool
  /// Underlined text.
  public var underline: Bool
  /// The text colour.
  public var foreground: Color
  /// The cell's background colour.
  public var background: Color

  /// Creates a style; every attribute is off and both colours are the terminal's defaults unless given.
  public init(
    bold: Bool = false,
    dim: Bool = false,
    reverse: Bool = false,
    underline: Bool = false,
    foreground: Color = .default,
    background: Color = .default
  ) {
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.underline = underline
    self.foreground = foreground
    self.background = background
  }

  /// The terminal's plain text style.
  public static let plain = Style()
}
