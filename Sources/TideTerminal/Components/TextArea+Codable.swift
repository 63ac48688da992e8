/// A text area's actions are saved as their cases, a typed character as a string of one
/// character: for an app whose actions are written to a trace (a ``Form`` with a text field).
extension TextArea.Action: Codable {
  /// The actions as they are written: the same cases, a character as a string.
  private enum Saved: Codable {
    case insert(String)
    case paste(String)
    case setText(String)
    case resize(width: Int, height: Int)
    case moveCursor(to: TextArea.Position)
    case scroll(by: Int)
    case insertNewline
    case moveLeft
    case moveRight
    case moveUp
    case moveDown
    case pageUp
    case pageDown
    case moveWordLeft
    case moveWordRight
    case moveToLineStart
    case moveToLineEnd
    case moveToStart
    case moveToEnd
    case deleteBackward
    case deleteForward
    case deleteWordBackward
    case deleteWordForward
    case deleteToLineStart
    case deleteToLineEnd
    case undo
    case redo
  }

  /// Reads an action as ``encode(to:)`` wrote it; an `insert` of anything but one character is
  /// an error.
  public init(from decoder: any Decoder) throws {
    self =
      switch try Saved(from: decoder) {
      case .insert(let text):
        if text.count == 1, let character = text.first {
          .insert(character)
        } else {
          throw DecodingError.dataCorrupted(
            .init(codingPath: decoder.codingPath, debugDescription: "insert holds one character, not \(text.count)"))
        }
      case .paste(let text): .paste(text)
      case .setText(let text): .setText(text)
      case .resize(let width, let height): .resize(width: width, height: height)
      case .moveCursor(let position): .moveCursor(to: position)
      case .scroll(let rows): .scroll(by: rows)
      case .insertNewline: .insertNewline
      case .moveLeft: .moveLeft
      case .moveRight: .moveRight
      case .moveUp: .moveUp
      case .moveDown: .moveDown
      case .pageUp: .pageUp
      case .pageDown: .pageDown
      case .moveWordLeft: .moveWordLeft
      case .moveWordRight: .moveWordRight
      case .moveToLineStart: .moveToLineStart
      case .moveToLineEnd: .moveToLineEnd
      case .moveToStart: .moveToStart
      case .moveToEnd: .moveToEnd
      case .deleteBackward: .deleteBackward
      case .deleteForward: .deleteForward
      case .deleteWordBackward: .deleteWordBackward
      case .deleteWordForward: .deleteWordForward
      case .deleteToLineStart: .deleteToLineStart
      case .deleteToLineEnd: .deleteToLineEnd
      case .undo: .undo
      case .redo: .redo
      }
  }

  /// Writes the action as its case and values (`{"insert":{"_0":"a"}}`).
  public func encode(to encoder: any Encoder) throws {
    let saved: Saved =
      switch self {
      case .insert(let character): .insert(String(character))
      case .paste(let text): .paste(text)
      case .setText(let text): .setText(text)
      case .resize(let width, let height): .resize(width: width, height: height)
      case .moveCursor(let position): .moveCursor(to: position)
      case .scroll(let rows): .scroll(by: rows)
      case .insertNewline: .insertNewline
      case .moveLeft: .moveLeft
      case .moveRight: .moveRight
      case .moveUp: .moveUp
      case .moveDown: .moveDown
      case .pageUp: .pageUp
      case .pageDown: .pageDown
      case .moveWordLeft: .moveWordLeft
      case .moveWordRight: .moveWordRight
      case .moveToLineStart: .moveToLineStart
      case .moveToLineEnd: .moveToLineEnd
      case .moveToStart: .moveToStart
      case .moveToEnd: .moveToEnd
      case .deleteBackward: .deleteBackward
      case .deleteForward: .deleteForward
      case .deleteWordBackward: .deleteWordBackward
      case .deleteWordForward: .deleteWordForward
      case .deleteToLineStart: .deleteToLineStart
      case .deleteToLineEnd: .deleteToLineEnd
      case .undo: .undo
      case .redo: .redo
      }
    try saved.encode(to: encoder)
  }
}
