/// A field is saved as its text (grapheme clusters are not `Codable`), cursor, placeholder,
/// limit, width and scroll offset, and restored exactly: for an app whose state is written to a
/// trace or a file.
extension TextInput.State: Codable {
  private enum CodingKeys: String, CodingKey {
    case text, cursor, placeholder, characterLimit, width, scrollOffset
  }

  /// Restores a field as it was encoded, its text verbatim.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      verbatim: try container.decode(String.self, forKey: .text),
      placeholder: try container.decode(String.self, forKey: .placeholder),
      characterLimit: try container.decodeIfPresent(Int.self, forKey: .characterLimit),
      width: try container.decode(Int.self, forKey: .width))
    cursor = min(max(0, try container.decode(Int.self, forKey: .cursor)), characters.count)
    scrollOffset = max(0, try container.decode(Int.self, forKey: .scrollOffset))
  }

  /// Encodes the field's text and positions.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(text, forKey: .text)
    try container.encode(cursor, forKey: .cursor)
    try container.encode(placeholder, forKey: .placeholder)
    try container.encodeIfPresent(characterLimit, forKey: .characterLimit)
    try container.encode(width, forKey: .width)
    try container.encode(scrollOffset, forKey: .scrollOffset)
  }
}

/// An action is encoded as Swift encodes enums (`{"insert":{"_0":"a"}}`), a character as a
/// one-character string.
extension TextInput.Action: Codable {
  private enum CodingKeys: String, CodingKey {
    case insert, paste, setText, resize, moveLeft, moveRight, moveWordLeft, moveWordRight
    case moveToStart, moveToEnd, deleteBackward, deleteForward, deleteWordBackward
    case deleteWordForward, deleteToStart, deleteToEnd, moveCursor, copy
  }

  private enum ValueKeys: String, CodingKey {
    case value = "_0"
    case width
    case to
  }

  /// Decodes an action encoded by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
      throw DecodingError.dataCorrupted(.init(
        codingPath: container.codingPath, debugDescription: "a TextInput action has exactly one case key"))
    }
    func string(_ valueKey: ValueKeys = .value) throws -> String {
      try container.nestedContainer(keyedBy: ValueKeys.self, forKey: key).decode(String.self, forKey: valueKey)
    }
    switch key {
    case .insert:
      let text = try string()
      guard text.count == 1, let character = text.first else {
        throw DecodingError.dataCorrupted(.init(
          codingPath: container.codingPath + [key], debugDescription: "insert holds one character, not \(text.count)"))
      }
      self = .insert(character)
    case .paste: self = .paste(try string())
    case .setText: self = .setText(try string())
    case .resize:
      self = .resize(width: try container.nestedContainer(keyedBy: ValueKeys.self, forKey: key).decode(Int.self, forKey: .width))
    case .moveLeft: self = .moveLeft
    case .moveRight: self = .moveRight
    case .moveWordLeft: self = .moveWordLeft
    case .moveWordRight: self = .moveWordRight
    case .moveToStart: self = .moveToStart
    case .moveToEnd: self = .moveToEnd
    case .deleteBackward: self = .deleteBackward
    case .deleteForward: self = .deleteForward
    case .deleteWordBackward: self = .deleteWordBackward
    case .deleteWordForward: self = .deleteWordForward
    case .deleteToStart: self = .deleteToStart
    case .deleteToEnd: self = .deleteToEnd
    case .copy: self = .copy
    case .moveCursor:
      self = .moveCursor(to: try container.nestedContainer(keyedBy: ValueKeys.self, forKey: key).decode(Int.self, forKey: .to))
    }
  }

  /// Encodes the action as one case key, with its value under `_0` (`width` for a resize, `to` for a cursor move).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    func empty(_ key: CodingKeys) {
      _ = container.nestedContainer(keyedBy: ValueKeys.self, forKey: key)
    }
    switch self {
    case .insert(let character):
      var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .insert)
      try values.encode(String(character), forKey: .value)
    case .paste(let text):
      var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .paste)
      try values.encode(text, forKey: .value)
    case .setText(let text):
      var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .setText)
      try values.encode(text, forKey: .value)
    case .resize(let width):
      var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .resize)
      try values.encode(width, forKey: .width)
    case .moveLeft: empty(.moveLeft)
    case .moveRight: empty(.moveRight)
    case .moveWordLeft: empty(.moveWordLeft)
    case .moveWordRight: empty(.moveWordRight)
    case .moveToStart: empty(.moveToStart)
    case .moveToEnd: empty(.moveToEnd)
    case .deleteBackward: empty(.deleteBackward)
    case .deleteForward: empty(.deleteForward)
    case .deleteWordBackward: empty(.deleteWordBackward)
    case .deleteWordForward: empty(.deleteWordForward)
    case .deleteToStart: empty(.deleteToStart)
    case .deleteToEnd: empty(.deleteToEnd)
    case .copy: empty(.copy)
    case .moveCursor(let index):
      var values = container.nestedContainer(keyedBy: ValueKeys.self, forKey: .moveCursor)
      try values.encode(index, forKey: .to)
    }
  }
}
