/// Where words start and end in a line of text: a word is a run of letters, digits and `_`, as
/// readline's alt-b, alt-f and alt-backspace see them. ``TextInput`` and ``TextArea`` (within
/// one line) move and erase by these.
enum WordBoundaries {
  private static func isWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }

  /// The start of the word before `cursor` (skipping what is not a word first).
  static func wordStart(in characters: [Character], before cursor: Int) -> Int {
    var index = cursor
    while index > 0, !isWord(characters[index - 1]) { index -= 1 }
    while index > 0, isWord(characters[index - 1]) { index -= 1 }
    return index
  }

  /// The end of the word after `cursor` (skipping what is not a word first).
  static func wordEnd(in characters: [Character], after cursor: Int) -> Int {
    var index = cursor
    while index < characters.count, !isWord(characters[index]) { index += 1 }
    while index < characters.count, isWord(characters[index]) { index += 1 }
    return index
  }
}
