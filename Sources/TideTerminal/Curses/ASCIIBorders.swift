/// Box-drawing characters as ASCII, for terminals that cannot draw them: a locale whose
/// character set is not UTF-8 (ncurses would show `?`), or `TERM` of `linux` or `vt100`, whose
/// fonts and character sets may lack them. Every border then shows as ``Border/ascii`` does,
/// whichever shape the app chose, and whoever drew it.
enum ASCIIBorders {
  /// Whether a terminal of type `term` in a locale of character set `codeset` needs ASCII borders.
  static func areNeeded(term: String?, codeset: String?) -> Bool {
    let codeset = String((codeset ?? "").uppercased().filter { $0 != "-" })
    if codeset != "UTF8" { return true }
    guard let term else { return false }
    return term == "linux" || term == "vt100" || term.hasPrefix("vt100-") || term.hasPrefix("linux-")
  }

  /// `cell` as a terminal that needs ASCII borders shows it: a box-drawing or block character
  /// replaced by its ASCII stand-in, any other cell as it is. Full-screen and inline apps alike.
  static func shown(_ cell: Cell) -> Cell {
    guard let scalar = cell.scalar,
      let value = replacement(for: scalar.value) ?? ASCIIBlocks.replacement(for: scalar.value)
    else { return cell }
    return Cell(content: value, styleBits: cell.styleBits, width: cell.width)
  }

  /// The ASCII stand-in for a box-drawing scalar (U+2500–U+257F), or `nil` for any other.
  static func replacement(for scalar: UInt32) -> UInt32? {
    guard (0x2500...0x257F).contains(scalar) else { return nil }
    if horizontals.contains(scalar) { return 0x2D }  // -
    if verticals.contains(scalar) { return 0x7C }  // |
    return 0x2B  // +
  }

  private static let horizontals: Set<UInt32> = [
    0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550, 0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E,
  ]
  private static let verticals: Set<UInt32> = [
    0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551, 0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F,
  ]
}
