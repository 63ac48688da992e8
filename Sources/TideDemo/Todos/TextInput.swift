/// A one-line text editor: the characters typed and the cursor between them.
package struct TextInput: Equatable, Sendable {
  /// The text, as characters (grapheme clusters), so the cursor never splits one.
  package private(set) var characters: [Character]
  /// The cursor, 0…`characters.count`.
  package private(set) var cursor: Int
  /// The most characters the text may hold.
  package let limit: Int

  /// An editor holding `text`, with the cursor at its end.
  package init(_ text: String = "", limit: Int) {
    characters = Array(text.prefix(limit))
    cursor = characters.count
    self.limit = limit
  }

  /// The text.
  package var text: String { String(characters) }

  /// Whether `character` may be typed: no control or format characters (tabs, newlines,
  /// escapes, zero-width controls), which would corrupt the line on screen.
  package static func isPrintable(_ character: Character) -> Bool {
    character.unicodeScalars.allSatisfy { scalar in
      switch scalar.properties.generalCategory {
      case .control, .surrogate, .unassigned, .lineSeparator, .paragraphSeparator: return false
      case .format: return scalar == "\u{200D}"  // a zero-width joiner inside an emoji sequence
      default: return true
      }
    }
  }

  /// Inserts `character` at the cursor, unless it is not printable or the text is full.
  package mutating func insert(_ character: Character) {
    guard Self.isPrintable(character), characters.count < limit else { return }
    characters.insert(character, at: cursor)
    cursor += 1
  }

  /// Inserts pasted `text` at the cursor as one line: each line break (CR, LF, CRLF, or a
  /// Unicode line or paragraph separator) becomes a space, other characters that cannot be typed
  /// are dropped, and what does not fit the limit is cut off.
  package mutating func insert(pasted text: String) {
    for character in text {
      if character.isNewline {
        insert(" ")
      } else {
        insert(character)
      }
      if characters.count >= limit { return }
    }
  }

  /// Erases the character before the cursor.
  package mutating func deleteBackward() {
    guard cursor > 0 else { return }
    cursor -= 1
    characters.remove(at: cursor)
  }

  /// Erases the character after the cursor.
  package mutating func deleteForward() {
    guard cursor < characters.count else { return }
    characters.remove(at: cursor)
  }

  /// Moves the cursor one character left.
  package mutating func moveLeft() { cursor = max(0, cursor - 1) }
  /// Moves the cursor one character right.
  package mutating func moveRight() { cursor = min(characters.count, cursor + 1) }
  /// Moves the cursor to the start.
  package mutating func moveToStart() { cursor = 0 }
  /// Moves the cursor to the end.
  package mutating func moveToEnd() { cursor = characters.count }
}
