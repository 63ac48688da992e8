/// An area is saved whole — its lines and line break, cursor, scroll position, size, line
/// numbers, placeholder, version, and its undo and redo history — and restored exactly, so undo
/// after decoding takes back what it took back before: for an app whose state is written to a
/// trace or a file.
extension TextArea.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case lines, lineEnding, cursor, topLine, topLineRow, width, height, showsLineNumbers, placeholder
    case version, lastVersion, goalColumn, history
  }

  /// Restores an area as it was encoded. Lines that are none, and history steps at a negative
  /// line or replacing a negative number of lines, are refused; a cursor or a scroll position
  /// out of range is clamped by the next action, as one an app sets is.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      placeholder: try container.decode(String.self, forKey: .placeholder),
      showsLineNumbers: try container.decode(Bool.self, forKey: .showsLineNumbers),
      width: try container.decode(Int.self, forKey: .width), height: try container.decode(Int.self, forKey: .height))
    lines = try container.decode([String].self, forKey: .lines)
    guard !lines.isEmpty else {
      throw DecodingError.dataCorruptedError(forKey: .lines, in: container, debugDescription: "a text has at least one line")
    }
    lineEnding = try container.decode(String.self, forKey: .lineEnding)
    cursor = try container.decode(TextArea.Position.self, forKey: .cursor)
    topLine = try container.decode(Int.self, forKey: .topLine)
    topLineRow = try container.decode(Int.self, forKey: .topLineRow)
    version = try container.decode(Int.self, forKey: .version)
    lastVersion = try container.decode(Int.self, forKey: .lastVersion)
    goalColumn = try container.decodeIfPresent(Int.self, forKey: .goalColumn)
    history = try container.decode(TextEditHistory.self, forKey: .history)
    guard history.isWellFormed else {
      throw DecodingError.dataCorruptedError(
        forKey: .history, in: container, debugDescription: "a history step starts at a line and replaces lines, from 0")
    }
  }

  /// Encodes the whole area, its history with it.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(lines, forKey: .lines)
    try container.encode(lineEnding, forKey: .lineEnding)
    try container.encode(cursor, forKey: .cursor)
    try container.encode(topLine, forKey: .topLine)
    try container.encode(topLineRow, forKey: .topLineRow)
    try container.encode(width, forKey: .width)
    try container.encode(height, forKey: .height)
    try container.encode(showsLineNumbers, forKey: .showsLineNumbers)
    try container.encode(placeholder, forKey: .placeholder)
    try container.encode(version, forKey: .version)
    try container.encode(lastVersion, forKey: .lastVersion)
    try container.encodeIfPresent(goalColumn, forKey: .goalColumn)
    try container.encode(history, forKey: .history)
  }
}

/// An action is encoded as Swift encodes enums (`{"insert":{"_0":"a"}}`,
/// `{"resize":{"width":80,"height":24}}`), a character as a one-character string.
extension TextArea.Action: Codable {
  /// The actions as Swift encodes them, a character held as a string.
  private enum Coded: Codable {
    case insert(String), insertNewline, paste(String), setText(String), resize(width: Int, height: Int)
    case moveLeft, moveRight, moveUp, moveDown, pageUp, pageDown, moveWordLeft, moveWordRight
    case moveToLineStart, moveToLineEnd, moveToStart, moveToEnd
    case deleteBackward, deleteForward, deleteWordBackward, deleteWordForward, deleteToLineStart, deleteToLineEnd
    case undo, redo, moveCursor(to: TextArea.Position), scroll(by: Int)
  }

  /// Decodes an action encoded by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    switch try Coded(from: decoder) {
    case .insert(let text):
      guard text.count == 1, let character = text.first else {
        throw DecodingError.dataCorrupted(
          .init(codingPath: decoder.codingPath, debugDescription: "insert holds one character, not \(text.count)"))
      }
      self = .insert(character)
    case .insertNewline: self = .insertNewline
    case .paste(let text): self = .paste(text)
    case .setText(let text): self = .setText(text)
    case .resize(let width, let height): self = .resize(width: width, height: height)
    case .moveLeft: self = .moveLeft
    case .moveRight: self = .moveRight
    case .moveUp: self = .moveUp
    case .moveDown: self = .moveDown
    case .pageUp: self = .pageUp
    case .pageDown: self = .pageDown
    case .moveWordLeft: self = .moveWordLeft
    case .moveWordRight: self = .moveWordRight
    case .moveToLineStart: self = .moveToLineStart
    case .moveToLineEnd: self = .moveToLineEnd
    case .moveToStart: self = .moveToStart
    case .moveToEnd: self = .moveToEnd
    case .deleteBackward: self = .deleteBackward
    case .deleteForward: self = .deleteForward
    case .deleteWordBackward: self = .deleteWordBackward
    case .deleteWordForward: self = .deleteWordForward
    case .deleteToLineStart: self = .deleteToLineStart
    case .deleteToLineEnd: self = .deleteToLineEnd
    case .undo: self = .undo
    case .redo: self = .redo
    case .moveCursor(let position): self = .moveCursor(to: position)
    case .scroll(let rows): self = .scroll(by: rows)
    }
  }

  /// Encodes the action as its case key, with its values under `_0` or their labels.
  public func encode(to encoder: any Encoder) throws {
    let coded: Coded =
      switch self {
      case .insert(let character): .insert(String(character))
      case .insertNewline: .insertNewline
      case .paste(let text): .paste(text)
      case .setText(let text): .setText(text)
      case .resize(let width, let height): .resize(width: width, height: height)
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
      case .moveCursor(let position): .moveCursor(to: position)
      case .scroll(let rows): .scroll(by: rows)
      }
    try coded.encode(to: encoder)
  }
}
