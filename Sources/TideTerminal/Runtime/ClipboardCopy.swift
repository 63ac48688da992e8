#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A copy to the system clipboard as Tide writes it: xterm's OSC 52 for the clipboard
/// selection (`c`), the text in base64, so nothing in it can reach the terminal as a control
/// sequence. A terminal that does not support OSC 52 (or refuses it) ignores the whole string:
/// nothing is shown and nothing breaks.
enum ClipboardCopy {
  /// The most UTF-8 bytes a copy holds: past it, terminals cut or refuse the string (xterm and
  /// tmux accept about 100 kB of base64), so a longer text is not copied at all rather than
  /// copied cut.
  static let maximumBytes = 74_994

  /// `OSC 52 ; c ; base64 ST` for `text`, or `nil` when it is longer than ``maximumBytes``.
  static func sequence(for text: String) -> String? {
    let bytes = Data(text.utf8)
    guard bytes.count <= maximumBytes else { return nil }
    return "\u{1B}]52;c;" + bytes.base64EncodedString() + "\u{1B}\\"
  }
}
