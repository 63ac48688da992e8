/// The terminal window's title as Tide writes it: xterm's OSC 2, the title the terminal had
/// before the app saved on its title stack (XTWINOPS 22) at the start and put back (23) on every
/// way out — the C restore that a quit, a signal, a crash and ctrl-z send pops it.
///
/// A title is text from the app's state — a file's name, which may hold anything — so what is
/// written is sanitized: every control character (C0, DEL, C1) is dropped, so no title can end
/// the string early and inject an escape sequence, and it is cut to ``maximumLength`` characters.
enum WindowTitle {
  /// The most characters (grapheme clusters) of a title written; the rest is cut.
  static let maximumLength = 256

  /// Saves the terminal's title and icon name on its stack (`CSI 22;0t`).
  static let push = "\u{1B}[22;0t"
  /// Puts back the title and icon name last saved (`CSI 23;0t`).
  static let pop = "\u{1B}[23;0t"

  /// `title` without control characters, cut to ``maximumLength`` characters.
  static func sanitized(_ title: String) -> String {
    var result = String.UnicodeScalarView()
    var count = 0
    for character in title {
      guard count < maximumLength else { break }
      let scalars = character.unicodeScalars.filter { !isControl($0) }
      guard !scalars.isEmpty else { continue }
      result.append(contentsOf: scalars)
      count += 1
    }
    return String(result)
  }

  /// The bytes that show `title`: `OSC 2 ; title ST`, sanitized; for `nil`, the title the
  /// terminal had before the app, popped from the stack and saved again (`CSI 23;0t CSI 22;0t`),
  /// so a later title can still be undone.
  static func sequence(for title: String?) -> String {
    guard let title else { return pop + push }
    return "\u{1B}]2;" + sanitized(title) + "\u{1B}\\"
  }

  /// Whether `scalar` is a C0 or C1 control character or DEL: what could end or change an OSC
  /// string.
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }
}
