import Tide

/// A terminal colour: the terminal's own default, one of the 16 ANSI colours, one of the 256
/// colours of the xterm palette, or any 24-bit RGB colour.
///
/// The 16 ANSI colours are the ones the user's terminal theme controls, so an app drawn with
/// them looks native in light and dark themes alike; the built-in ``Theme/default`` uses only
/// them. Indexed and RGB colours look the same everywhere. A colour the terminal cannot show is
/// downgraded to the nearest one it can when drawn (see ``ColorProfile``), never dropped.
///
/// ```swift
/// let accent = Color(hex: "#7aa2f7")          // 24-bit
/// let orange = Color.indexed(208)             // the xterm palette
/// let warning = Style(foreground: .yellow)    // ANSI, the user's yellow
/// ```
///
/// An adaptive colour (``adaptive(light:dark:)``) is one of two, chosen by the terminal's
/// background where it is drawn.
public struct Color: Hashable, Sendable {
  /// Bits 24–25: the kind (0 default, 1 ANSI, 2 indexed 16–255, 3 RGB); bits 0–23: the ANSI or
  /// palette index, or the RGB value as 0xRRGGBB. An adaptive colour has bit 63 set, its dark
  /// colour's bits in 0–25 and its light colour's in 32–57 (see `Color+Adaptive.swift`).
  package let bits: UInt64

  init(bits: UInt64) {
    self.bits = bits
  }

  /// The terminal's default foreground or background.
  public static let `default` = Color(bits: 0)
  /// ANSI colour 0.
  public static let black = ansi(0)
  /// ANSI colour 1.
  public static let red = ansi(1)
  /// ANSI colour 2.
  public static let green = ansi(2)
  /// ANSI colour 3.
  public static let yellow = ansi(3)
  /// ANSI colour 4.
  public static let blue = ansi(4)
  /// ANSI colour 5.
  public static let magenta = ansi(5)
  /// ANSI colour 6.
  public static let cyan = ansi(6)
  /// ANSI colour 7.
  public static let white = ansi(7)
  /// ANSI colour 8.
  public static let brightBlack = ansi(8)
  /// ANSI colour 9.
  public static let brightRed = ansi(9)
  /// ANSI colour 10.
  public static let brightGreen = ansi(10)
  /// ANSI colour 11.
  public static let brightYellow = ansi(11)
  /// ANSI colour 12.
  public static let brightBlue = ansi(12)
  /// ANSI colour 13.
  public static let brightMagenta = ansi(13)
  /// ANSI colour 14.
  public static let brightCyan = ansi(14)
  /// ANSI colour 15.
  public static let brightWhite = ansi(15)

  /// Colour `index` of the xterm 256-colour palette: 0–15 are the ANSI colours (the user's
  /// palette), 16–231 a 6×6×6 colour cube, 232–255 a ramp of greys.
  public static func indexed(_ index: UInt8) -> Color {
    index < 16 ? ansi(Int(index)) : Color(bits: 2 << 24 | UInt64(index))
  }

  /// The 24-bit colour with these red, green and blue components.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.init(bits: 3 << 24 | UInt64(red) << 16 | UInt64(green) << 8 | UInt64(blue))
  }

  /// The 24-bit colour a CSS hex string names: `#rrggbb` or `#rgb` (the `#` optional, either
  /// case). A string that is neither is a programming mistake: it is reported where it is made
  /// (`reportIssue` in debug builds and tests) and the colour is the terminal's ``default``,
  /// so the app draws on rather than crash.
  public init(hex: String) {
    if let color = Color.parsing(hex: hex) {
      self = color
      return
    }
    #if DEBUG
    IssueReports.report("Color(hex: \"\(hex)\") is not a colour: use #rrggbb or #rgb. It is drawn as the default colour.")
    #endif
    self = .default
  }

  /// The colour `text` names as `#rrggbb` or `#rgb`, or `nil`.
  package static func parsing(hex text: String) -> Color? {
    var digits = Substring(text)
    if digits.first == "#" { digits = digits.dropFirst() }
    guard digits.count == 6 || digits.count == 3, digits.allSatisfy(\.isHexDigit),
      let value = UInt32(digits, radix: 16)
    else { return nil }
    if digits.count == 6 {
      return Color(red: UInt8(value >> 16), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
    }
    // #rgb is #rrggbb with each digit doubled.
    let red = UInt8(value >> 8) * 17
    let green = UInt8(value >> 4 & 0xF) * 17
    let blue = UInt8(value & 0xF) * 17
    return Color(red: red, green: green, blue: blue)
  }

  private static func ansi(_ index: Int) -> Color {
    Color(bits: 1 << 24 | UInt64(index))
  }

  /// What a colour is, for the code that draws it.
  package enum Value: Hashable, Sendable {
    /// The terminal's default.
    case `default`
    /// ANSI colour 0–15.
    case ansi(Int)
    /// Palette colour 16–255.
    case indexed(Int)
    /// A 24-bit colour.
    case rgb(red: UInt8, green: UInt8, blue: UInt8)
  }

  /// What this colour is; for an adaptive colour, its dark side. A canvas resolves adaptive
  /// colours for its background before they reach a cell, so only one read outside a canvas
  /// gets here.
  package var value: Value {
    let bits = self.bits & Color.concreteMask
    let low = Int(bits & 0xFF_FFFF)
    switch bits >> 24 {
    case 0: return .default
    case 1: return .ansi(low)
    case 2: return .indexed(low)
    default: return .rgb(red: UInt8(low >> 16), green: UInt8(low >> 8 & 0xFF), blue: UInt8(low & 0xFF))
    }
  }

  /// The ANSI index 0...15, or `nil` for any other colour (an adaptive one too).
  package var ansiIndex: Int? {
    bits >> 24 == 1 ? Int(bits & 0xFF) : nil
  }

  /// The xterm palette index 0...255 of an ANSI or indexed colour (an adaptive one's dark
  /// colour's), or `nil`.
  package var paletteIndex: Int? {
    switch value {
    case .ansi(let index), .indexed(let index): index
    case .default, .rgb: nil
    }
  }

  /// `#rrggbb` of ``rgb``, or `nil` for ``default``.
  package var hexString: String? {
    rgb.map { rgb in
      "#" + [rgb.red, rgb.green, rgb.blue].map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
      }.joined()
    }
  }

  /// The colour's red, green and blue as xterm shows them by default (`nil` for ``default``):
  /// what downgrading and SVG use for ANSI and indexed colours.
  package var rgb: (red: UInt8, green: UInt8, blue: UInt8)? {
    switch value {
    case .default: return nil
    case .ansi(let index), .indexed(let index): return XtermPalette.rgb(ofIndex: index)
    case .rgb(let red, let green, let blue): return (red, green, blue)
    }
  }
}
