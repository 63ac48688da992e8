/// The characters a border is drawn with: its edges and corners.
///
/// Where the terminal cannot draw box characters — a locale that is not UTF-8, or `TERM` of
/// `linux` or `vt100` — every border is shown as ``ascii`` (`+`, `-`, `|`), whichever was asked for.
public struct Border: Hashable, Sendable {
  let horizontal: Unicode.Scalar
  let vertical: Unicode.Scalar
  let topLeft: Unicode.Scalar
  let topRight: Unicode.Scalar
  let bottomLeft: Unicode.Scalar
  let bottomRight: Unicode.Scalar

  /// `┌─┐ │ └─┘`
  public static let normal = Border(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘")
  /// `╭─╮ │ ╰─╯`
  public static let rounded = Border(horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯")
  /// `╔═╗ ║ ╚═╝`
  public static let double = Border(horizontal: "═", vertical: "║", topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝")
  /// `┏━┓ ┃ ┗━┛`
  public static let thick = Border(horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛")
  /// `+-+ | +-+`: for any terminal.
  public static let ascii = Border(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+")
}
