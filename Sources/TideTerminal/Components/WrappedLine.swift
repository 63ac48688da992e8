/// One line of a ``TextArea`` soft-wrapped by display width: where each of its rows starts and
/// the column each character is drawn at.
///
/// A row takes whole grapheme clusters while they fit, so a wide character, a flag or an emoji
/// sequence is never split; a tab goes to the next multiple of 8 columns of its row; a character
/// that cannot be typed takes the width of its visible form (`␛`, `<U+200B>`). One more column
/// is kept after the last character for the cursor at the line's end: a line exactly as wide
/// as the area takes one more (empty) row, so the cursor never sits outside the area and a
/// line's rows do not change when the cursor moves.
///
/// Only the lines on screen (and those a move or a scroll passes) are wrapped, each when it is
/// needed: nothing of the layout is kept in the state, so an edit never has a layout to update.
struct WrappedLine: Sendable {
  /// The line as given.
  let text: String
  /// Whether the line is printable ASCII: one byte, one character, one column, drawn a row at
  /// a time.
  let isPlainASCII: Bool
  /// The line's characters (grapheme clusters).
  let characters: [Character]
  /// The column, from its row's start, each character is drawn at.
  let columns: [Int]
  /// The columns each character takes (a tab's depends on where it is).
  let widths: [Int]
  /// The first character of each row; the first is 0.
  let rowStarts: [Int]

  /// `line` wrapped at `width` columns (width 0 or less: one row).
  init(_ line: String, width: Int) {
    text = line
    isPlainASCII = line.utf8.isPrintableASCII
    if isPlainASCII {
      // One byte, one character, one column: rows every `width` characters, and one more
      // after a full last row for the cursor (the loop below gives the same, slower).
      let count = line.utf8.count
      characters = line.utf8.map { Character(Unicode.Scalar($0)) }
      widths = Array(repeating: 1, count: count)
      columns = width > 0 ? (0..<count).map { $0 % width } : Array(0..<count)
      rowStarts = width > 0 ? Array(stride(from: 0, through: count, by: width)) : [0]
      return
    }
    let characters = Array(line)
    var columns: [Int] = []
    var widths: [Int] = []
    columns.reserveCapacity(characters.count)
    widths.reserveCapacity(characters.count)
    var rowStarts = [0]
    var column = 0
    for (index, character) in characters.enumerated() {
      var characterWidth = WrappedLine.width(of: character, atColumn: column)
      if width > 0, column > 0, column + characterWidth > width {
        rowStarts.append(index)
        column = 0
        characterWidth = WrappedLine.width(of: character, atColumn: 0)
      }
      columns.append(column)
      widths.append(characterWidth)
      column += characterWidth
    }
    // The cursor's cell after the last character.
    if width > 0, column > 0, column + 1 > width { rowStarts.append(characters.count) }
    self.characters = characters
    self.columns = columns
    self.widths = widths
    self.rowStarts = rowStarts
  }

  /// The text of the characters `range` of a printable ASCII line (see ``isPlainASCII``).
  func asciiText(_ range: Range<Int>) -> String {
    let utf8 = text.utf8
    return String(utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])!
  }

  /// The number of rows.
  var rowCount: Int { rowStarts.count }

  /// The characters of row `row`.
  func range(ofRow row: Int) -> Range<Int> {
    rowStarts[row]..<(row + 1 < rowStarts.count ? rowStarts[row + 1] : characters.count)
  }

  /// The row the cursor before character `index` (or at the end) is drawn on.
  func row(of index: Int) -> Int {
    rowStarts.lastIndex(startingAtOrBefore: index, among: rowStarts.count)
  }

  /// The column, from its row's start, the cursor before character `index` is drawn at.
  func column(of index: Int) -> Int {
    if index < characters.count { return columns[index] }
    guard let last = characters.indices.last, row(of: index) == row(of: last) else { return 0 }
    return columns[last] + widths[last]
  }

  /// The character in row `row` drawn at `column` (the one a wide character's right half
  /// belongs to), or the row's end when the column is past its text: the line's end on its last
  /// row, else the row's last character (the row's end is drawn on the next row).
  func index(atColumn column: Int, row: Int) -> Int {
    let range = range(ofRow: row)
    for index in range where columns[index] + widths[index] > column { return index }
    return row + 1 < rowCount ? max(range.lowerBound, range.upperBound - 1) : range.upperBound
  }

  /// The rows a line takes at `width` columns, worked out without wrapping it when it is
  /// printable ASCII (one byte, one column): most lines of most files.
  static func rowCount(of line: String, width: Int) -> Int {
    guard width > 0 else { return 1 }
    if line.utf8.isPrintableASCII { return line.utf8.count / width + 1 }
    return WrappedLine(line, width: width).rowCount
  }

  /// The columns `character` takes drawn at `column` of its row: a tab to the next multiple of 8.
  static func width(of character: Character, atColumn column: Int) -> Int {
    character == "\t" ? 8 - column % 8 : TypedCharacters.shownWidth(of: character)
  }
}
