/// The shape of a ``Style``'s underline.
///
/// Terminals that draw the extended shapes (kitty, WezTerm, foot, VTE, iTerm2, tmux 3.0+) say so
/// in terminfo (`Smulx`); elsewhere every shape is drawn as a single line, never dropped.
public enum Underline: UInt8, Hashable, Sendable, CaseIterable {
  /// One straight line.
  case single = 1
  /// Two straight lines.
  case double
  /// A wavy line, as spelling checkers draw.
  case curly
  /// A dotted line.
  case dotted
  /// A dashed line.
  case dashed
}
