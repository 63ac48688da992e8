/// The colours a terminal can show: none, the 16 ANSI colours, the 256 of the xterm palette,
/// or 24-bit RGB.
///
/// Found once as the app starts and applied where
/// cells are written: a colour beyond the profile is downgraded to the nearest one it has (see
/// ``Color``), so the app draws with the colours it means and every terminal shows the closest
/// it can. Under ``noColor`` colours are left out and attributes (bold, reverse…) kept.
///
/// Every app's command takes `--color auto|none|16|256|truecolor`; the `TIDE_COLOR` variable
/// takes the same values but `auto`. In a replay the profile is `--color`'s, or ``trueColor``
/// for `auto`: the environment never changes what a replay writes.
public enum ColorProfile: String, Sendable, Hashable, CaseIterable {
  /// No colour at all (`NO_COLOR`, a 2-colour terminal): attributes only.
  case noColor = "none"
  /// The 16 ANSI colours; on an 8-colour terminal the bright ones are the basic ones in bold.
  case ansi16 = "16"
  /// The xterm palette of 256 colours.
  case ansi256 = "256"
  /// Any 24-bit RGB colour.
  case trueColor = "truecolor"

  /// The profile of the terminal the process runs in, from its environment and terminfo's
  /// colour count for `TERM` (`nil` when terminfo does not know it), in this order:
  ///
  /// 1. `TIDE_COLOR=none|16|256|truecolor`: that profile (an unknown value throws
  ///    ``UnknownName``; `auto` or empty goes on).
  /// 2. `NO_COLOR` set and not empty ([no-color.org](https://no-color.org)): ``noColor``.
  /// 3. `COLORTERM=truecolor` or `24bit`: ``trueColor``.
  /// 4. A `TERM` ending in `-direct` (such as `xterm-direct`), or terminfo's colours of 2^24 or
  ///    more: ``trueColor``.
  /// 5. terminfo's colours: 256 or more ``ansi256``; 8 to 255 (8, 16, 88) ``ansi16``; fewer, or
  ///    unknown, ``noColor``.
  package static func detect(environment: [String: String], terminfoColors: Int?) throws(UnknownName) -> ColorProfile {
    if let value = environment["TIDE_COLOR"], !value.isEmpty, value != "auto" {
      guard let profile = ColorProfile(rawValue: value) else {
        throw UnknownName(source: "TIDE_COLOR", value: value, allowed: allCases.map(\.rawValue))
      }
      return profile
    }
    if let value = environment["NO_COLOR"], !value.isEmpty { return .noColor }
    if let value = environment["COLORTERM"]?.lowercased(), value == "truecolor" || value == "24bit" {
      return .trueColor
    }
    if environment["TERM"]?.hasSuffix("-direct") == true { return .trueColor }
    switch terminfoColors ?? 0 {
    case (1 << 24)...: return .trueColor
    case 256...: return .ansi256
    case 8...: return .ansi16
    default: return .noColor
    }
  }

  /// `color` as this profile shows it: itself when the profile has it, else the nearest colour
  /// it has, or the default colour under ``noColor``.
  package func downgrade(_ color: Color) -> Color {
    switch (self, color.value) {
    case (_, .default), (.trueColor, _), (.ansi256, .ansi), (.ansi256, .indexed), (.ansi16, .ansi):
      return color
    case (.noColor, _):
      return .default
    case (.ansi256, .rgb(let red, let green, let blue)):
      return .indexed(UInt8(XtermPalette.nearestIndex(red: red, green: green, blue: blue)))
    case (.ansi16, _):
      let rgb = color.rgb!
      return .indexed(UInt8(XtermPalette.nearestANSI(red: rgb.red, green: rgb.green, blue: rgb.blue)))
    }
  }

  /// `style` with each of its colours as this profile shows it; its attributes are kept.
  package func downgrade(_ style: Style) -> Style {
    guard self != .trueColor else { return style }
    var result = style
    result.foreground = downgrade(style.foreground)
    result.background = downgrade(style.background)
    result.underlineColor = downgrade(style.underlineColor)
    return result
  }
}
