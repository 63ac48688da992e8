/// The block characters charts draw with, by eighths of a cell.
///
/// Unicode has a block for every eighth growing from the bottom or the left, but from the top or
/// the right only an eighth and a half: bars growing down or left are drawn to the nearest of
/// an eighth, a half and a whole cell. Where the terminal cannot show them, the curses terminal
/// draws ASCII instead (see ``ASCIIBlocks``).
enum BlockElements {
  /// Blocks growing up from the bottom of a cell: element `n` is `n` eighths high.
  static let lower: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  /// Blocks growing right from the left of a cell: element `n` is `n` eighths wide.
  static let left: [Character] = [" ", "▏", "▎", "▍", "▌", "▋", "▊", "▉", "█"]

  /// A block growing down from the top of a cell about `eighths` (0…8) high: ▔, ▀ or █.
  static func upper(_ eighths: Int) -> Character {
    switch eighths {
    case ...0: " "
    case 1...2: "▔"
    case 3...5: "▀"
    default: "█"
    }
  }

  /// A block growing left from the right of a cell about `eighths` (0…8) wide: ▕, ▐ or █.
  static func right(_ eighths: Int) -> Character {
    switch eighths {
    case ...0: " "
    case 1...2: "▕"
    case 3...5: "▐"
    default: "█"
    }
  }
}
