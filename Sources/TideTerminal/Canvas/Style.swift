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

  /// The style in 14 bits, as a ``Cell`` stores it: the four attributes in bits 0–3, the
  /// foreground's raw value in bits 4–8 and the background's in bits 9–13.
  var packed: UInt16 {
    var bits = UInt16(foreground.rawValue) &<< 4 | UInt16(background.rawValue) &<< 9
    if bold { bits |= 1 }
    if dim { bits |= 2 }
    if reverse { bits |= 4 }
    if underline { bits |= 8 }
    return bits
  }

  /// The style ``packed`` stored.
  init(packed bits: UInt16) {
    self.init(
      bold: bits & 1 != 0, dim: bits & 2 != 0, reverse: bits & 4 != 0, underline: bits & 8 != 0,
      foreground: Color(rawValue: UInt8(truncatingIfNeeded: bits &>> 4) & 0x1F) ?? .default,
      background: Color(rawValue: UInt8(truncatingIfNeeded: bits &>> 9) & 0x1F) ?? .default)
  }
}
