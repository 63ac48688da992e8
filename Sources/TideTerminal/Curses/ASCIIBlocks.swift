/// Block elements (U+2580–U+259F: the bars of ``BarChart``, ``Sparkline`` and ``ProgressBar``)
/// and the sort marks of a ``Table``'s header (`▲` `▼`, shown `^` `v`) as ASCII, for the
/// terminals that get ASCII borders (see ``ASCIIBorders``): the same terminals lack them, and
/// ncurses would show `?`.
///
/// A cell at a time, so an eighth cannot be kept: a block at least half full is `#`, a thinner
/// one a character about its shape (`_` `.` `-` `=` from the bottom up, `|` at a side, `"` at
/// the top), and the shades `.` `:` `#` — so `█████▌░░░░` reads `######....` and `▁▃▅▇` reads `_.-=`.
enum ASCIIBlocks {
  /// The ASCII stand-in for a block element, or `nil` for any other scalar.
  static func replacement(for scalar: UInt32) -> UInt32? {
    // The sort marks of a ``Table``'s header.
    if scalar == 0x25B2 { return 0x5E }  // ▲ ^
    if scalar == 0x25BC { return 0x76 }  // ▼ v
    guard (0x2580...0x259F).contains(scalar) else { return nil }
    let character: Unicode.Scalar =
      switch scalar {
      case 0x2580, 0x2594: "\""  // ▀ ▔
      case 0x2581, 0x2582: "_"  // ▁ ▂
      case 0x2583: "."  // ▃
      case 0x2584, 0x2585: "-"  // ▄ ▅
      case 0x2586, 0x2587: "="  // ▆ ▇
      case 0x258D, 0x258E, 0x258F, 0x2595: "|"  // ▍ ▎ ▏ ▕
      case 0x2591: "."  // ░
      case 0x2592: ":"  // ▒
      default: "#"  // █ ▉ ▊ ▋ ▌ ▐ ▓ and the quadrants
      }
    return character.value
  }
}
