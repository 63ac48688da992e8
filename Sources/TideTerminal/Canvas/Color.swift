/// A terminal colour: the terminal's own default, or one of the 16 basic ANSI colours.
///
/// Only the 16 colours are offered because they are the ones every colour terminal has and the
/// user's theme controls, so the app looks native in light and dark themes alike.
public enum Color: UInt8, Hashable, Sendable, CaseIterable {
  /// The terminal's default foreground or background.
  case `default`
  /// ANSI colour 0.
  case black
  /// ANSI colour 1.
  case red
  /// ANSI colour 2.
  case green
  /// ANSI colour 3.
  case yellow
  /// ANSI colour 4.
  case blue
  /// ANSI colour 5.
  case magenta
  /// ANSI colour 6.
  case cyan
  /// ANSI colour 7.
  case white
  /// ANSI colour 8.
  case brightBlack
  /// ANSI colour 9.
  case brightRed
  /// ANSI colour 10.
  case brightGreen
  /// ANSI colour 11.
  case brightYellow
  /// ANSI colour 12.
  case brightBlue
  /// ANSI colour 13.
  case brightMagenta
  /// ANSI colour 14.
  case brightCyan
  /// ANSI colour 15.
  case brightWhite

  /// The ANSI index 0...15, or `nil` for ``default``.
  package var ansiIndex: Int? {
    self == .default ? nil : Int(rawValue) - 1
  }
}
