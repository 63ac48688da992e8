import CNcurses

/// How ncurses draws a ``Style`` on a terminal: the attributes and colour numbers it can use,
/// and, for what it cannot say, the exact SGR written over the cells after the frame.
///
/// ncurses speaks bold, dim, italic, reverse and a single underline, and colour numbers up to
/// the terminal's count: the 16 ANSI colours, the 256 of the palette, or 24-bit colours on a
/// direct-colour terminal type (`xterm-direct`). What it cannot say is held by ncurses in the
/// nearest style it can — so its picture of the screen stays right — and written with the
/// exact sequence by ``ScreenOverlay``: 24-bit colour when the profile has it but the terminal type does not (the
/// usual `COLORTERM=truecolor` with `TERM=xterm-256color`), and strikethrough, underline shapes
/// and underline colours where terminfo says the terminal has them (`smxx`, `Smulx`,
/// `Setulc`); elsewhere those are drawn plain (a shaped underline as a single one). A link is
/// written over its cells the same way, its text between OSC 8 sequences.
struct CursesDrawing {
  /// What the terminal can show.
  struct Capabilities: Hashable {
    /// The colours the app may show.
    var profile: ColorProfile = .noColor
    /// terminfo's colour count, or 0 when colours are off.
    var colors = 0
    var strikethrough = false
    var underlineShapes = false
    var underlineColor = false

    /// What ncurses can draw of the profile with the terminal's colour numbers.
    var cursesProfile: ColorProfile {
      let terminal: ColorProfile =
        colors >= 1 << 24 ? .trueColor : colors >= 256 ? .ansi256 : colors >= 8 ? .ansi16 : .noColor
      return ColorProfile.allCases.firstIndex(of: terminal)! < ColorProfile.allCases.firstIndex(of: profile)!
        ? terminal : profile
    }

    /// Whether colour numbers are 24-bit values, as on `xterm-direct` (where 0–7 are still the
    /// ANSI colours and there is no palette).
    var isDirect: Bool { colors >= 1 << 24 }
  }

  /// The ncurses attributes.
  var attributes: attr_t
  /// The ncurses colour numbers, or `nil` for the default colours (pair 0).
  var colors: ColorPairs.Colors?
  /// The SGR the cells are written in after the frame, or `nil` when ncurses draws them exactly.
  /// Always there for a linked style: the link is written with the cells' text.
  var overlay: String?
  /// The style's link, which ncurses cannot say: written with its cells after the frame
  /// (OSC 8 around their text; see ``OverlayRun``).
  var link: Hyperlink?

  /// What the app's profile shows of `style`, less what the terminal lacks: the style the
  /// terminal is to show exactly.
  static func exactStyle(_ style: Style, capabilities: Capabilities) -> Style {
    var exact = capabilities.profile.downgrade(style)
    if !capabilities.strikethrough { exact.strikethrough = false }
    if !capabilities.underlineShapes, exact.underline != nil { exact.underline = .single }
    if !capabilities.underlineColor || exact.underline == nil { exact.underlineColor = .default }
    return exact
  }

  init(_ style: Style, capabilities: Capabilities) {
    let exact = Self.exactStyle(style, capabilities: capabilities)
    // What ncurses draws.
    let drawn = capabilities.cursesProfile.downgrade(exact)
    var attributes = tide_a_normal()
    if drawn.bold { attributes |= tide_a_bold() }
    if drawn.dim { attributes |= tide_a_dim() }
    if drawn.italic { attributes |= tide_a_italic() }
    if drawn.reverse { attributes |= tide_a_reverse() }
    if drawn.underline != nil { attributes |= tide_a_underline() }
    let foreground = Self.number(of: drawn.foreground, capabilities: capabilities)
    let background = Self.number(of: drawn.background, capabilities: capabilities)
    // Without the bright colours, bright is the basic colour in bold.
    if foreground.isBrightFallback { attributes |= tide_a_bold() }
    self.attributes = attributes
    colors = foreground.number == -1 && background.number == -1
      ? nil : ColorPairs.Colors(foreground: foreground.number, background: background.number)
    let needsOverlay = exact.foreground != drawn.foreground || exact.background != drawn.background
      || exact.strikethrough || (exact.underline != nil && exact.underline != .single) || exact.underlineColor != .default
    link = style.link
    overlay = needsOverlay || link != nil ? ANSIOutputTerminal.selectGraphicRendition(exact) : nil
  }

  /// The ncurses colour number of `color` (-1: the default), and whether it stands for a bright
  /// ANSI colour the terminal lacks.
  static func number(of color: Color, capabilities: Capabilities) -> (number: Int32, isBrightFallback: Bool) {
    switch color.value {
    case .default:
      return (-1, false)
    case .ansi(let index):
      if index >= 8, capabilities.colors < 16 || capabilities.isDirect { return (Int32(index - 8), true) }
      return (Int32(index), false)
    case .indexed(let index):
      guard capabilities.isDirect else { return (Int32(index), false) }
      let rgb = XtermPalette.rgb(ofIndex: index)
      return (direct(rgb.red, rgb.green, rgb.blue), false)
    case .rgb(let red, let green, let blue):
      return (direct(red, green, blue), false)
    }
  }

  /// A direct colour's number: 0xRRGGBB, but at least 8, since 0–7 are the ANSI colours there.
  private static func direct(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int32 {
    max(8, Int32(red) << 16 | Int32(green) << 8 | Int32(blue))
  }
}
