/// How a cell is drawn: text attributes and colours.
///
/// ```swift
/// let heading = Style(bold: true, foreground: Color(hex: "#7aa2f7"))
/// let misspelt = Style(underline: .curly, underlineColor: .red)
/// ```
///
/// Apps usually draw with the roles of the canvas's ``Theme`` (`canvas.theme.accent`) rather
/// than styles of their own, so that `--theme` restyles the whole app.
public struct Style: Hashable, Sendable {
  /// Bold (or bright, on some terminals) text.
  public var bold: Bool
  /// Dim (faint) text.
  public var dim: Bool
  /// Italic text; terminals without italics usually show it plain (some reversed).
  public var italic: Bool
  /// Foreground and background swapped.
  public var reverse: Bool
  /// The underline's shape, or `nil` for none.
  public var underline: Underline?
  /// The underline's colour; ``Color/default`` draws it in the text's colour.
  public var underlineColor: Color
  /// A line through the text.
  public var strikethrough: Bool
  /// The text colour.
  public var foreground: Color
  /// The cell's background colour.
  public var background: Color
  /// Where the text links to, or `nil` for none: a click in a terminal that supports
  /// hyperlinks (OSC 8) opens it, and an SVG export makes it an `<a href>` (see ``Hyperlink``).
  public var link: Hyperlink?

  /// Creates a style; every attribute is off and every colour is the terminal's default unless given.
  public init(
    bold: Bool = false,
    dim: Bool = false,
    italic: Bool = false,
    reverse: Bool = false,
    underline: Underline? = nil,
    underlineColor: Color = .default,
    strikethrough: Bool = false,
    foreground: Color = .default,
    background: Color = .default,
    link: Hyperlink? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.italic = italic
    self.reverse = reverse
    self.underline = underline
    self.underlineColor = underlineColor
    self.strikethrough = strikethrough
    self.foreground = foreground
    self.background = background
    self.link = link
  }

  /// The terminal's plain text style.
  public static let plain = Style()

  /// The style in 24 bits, as a ``Cell`` stores it. A style of ANSI or default colours and no
  /// underline colour (every style of the default theme) is stored in the bits themselves: the
  /// attributes in bits 0–4, the underline in 5–7, the foreground's ANSI index + 1 (0 for the
  /// default) in 8–12 and the background's in 13–17. Any other — a linked one too — gets bit 23
  /// and its ``StyleTable`` id in bits 0–22.
  var packed: UInt32 {
    if let bits = directBits { return bits }
    return StyleTable.identifier(for: self)
  }

  /// The bits of a style of ANSI or default colours and no underline colour, or `nil`.
  var directBits: UInt32? {
    guard underlineColor == .default, link == nil,
      let foreground = Style.directBits(of: foreground), let background = Style.directBits(of: background)
    else { return nil }
    var bits = foreground &<< 8 | background &<< 13 | UInt32(underline?.rawValue ?? 0) &<< 5
    if bold { bits |= 1 }
    if dim { bits |= 2 }
    if reverse { bits |= 4 }
    if italic { bits |= 8 }
    if strikethrough { bits |= 16 }
    return bits
  }

  private static func directBits(of color: Color) -> UInt32? {
    if color == .default { return 0 }
    return color.ansiIndex.map { UInt32($0) + 1 }
  }

  /// The style ``packed`` stored.
  init(packed bits: UInt32) {
    if bits & StyleTable.flag != 0 {
      self = StyleTable.style(for: bits)
      return
    }
    self.init(
      bold: bits & 1 != 0, dim: bits & 2 != 0, italic: bits & 8 != 0, reverse: bits & 4 != 0,
      underline: Underline(rawValue: UInt8(truncatingIfNeeded: bits &>> 5) & 7),
      strikethrough: bits & 16 != 0,
      foreground: Style.color(directBits: bits &>> 8 & 0x1F), background: Style.color(directBits: bits &>> 13 & 0x1F))
  }

  private static func color(directBits bits: UInt32) -> Color {
    bits == 0 ? .default : .indexed(UInt8(bits - 1))
  }
}
