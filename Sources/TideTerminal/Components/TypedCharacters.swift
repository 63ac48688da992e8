/// Which characters may be typed into a text component, and how the others are shown: the rules
/// ``TextInput`` and ``TextArea`` share, so that a character one refuses the other refuses too
/// and a text read from a file looks the same in both.
enum TypedCharacters {
  /// Whether `character` may be typed: no control or format characters (tabs, newlines,
  /// escapes, zero-width controls), which would corrupt the line on screen; a zero-width joiner
  /// inside an emoji sequence is kept.
  static func isTypeable(_ character: Character) -> Bool {
    // Most text is ASCII: no Unicode property lookup for it ("\r\n" is 0x0A, a control).
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F }
    return character.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return false
      case .format: return scalar == "\u{200D}"
      default: return true
      }
    }
  }

  /// How `character` is drawn: itself when it can be typed; else (only a text that came from
  /// elsewhere holds such characters) each control character as its Unicode control picture
  /// (`␛`, `␡`) and each other invisible or layout-changing scalar as `<U+XXXX>`, so that it is
  /// seen and cannot move the terminal's cursor.
  static func visibleForm(of character: Character) -> String {
    guard !isTypeable(character) else { return String(character) }
    var shown = ""
    for scalar in character.unicodeScalars {
      if scalar.value < 0x20 {
        shown.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
      } else if scalar.value == 0x7F {
        shown += "\u{2421}"
      } else if isTypeable(Character(scalar)) {
        shown.unicodeScalars.append(scalar)
      } else {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        shown += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      }
    }
    return shown
  }

  /// The columns `character` takes as drawn (see ``visibleForm(of:)``).
  static func shownWidth(of character: Character) -> Int {
    isTypeable(character) ? character.displayWidth : visibleForm(of: character).displayWidth
  }
}
