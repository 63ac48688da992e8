import Tide

/// A one-line text field: typing, readline editing keys, paste, a placeholder, a character
/// limit, and horizontal scrolling when the text is wider than the field.
///
/// The text is kept as grapheme clusters (`Character`s), so the cursor moves over a wide
/// character, a flag or an emoji ZWJ sequence as one step and never lands inside it. Control
/// characters never enter the text: typed ones are refused, pasted line breaks become spaces
/// and other pasted control characters are dropped. Alt-chords (``Key/alt(_:)``) and unknown
/// escape sequences are never typed.
///
/// Compose it into a feature with `Scope`, route keys through ``action(for:)`` while the field
/// has focus, and draw it with ``draw(_:in:on:style:isFocused:sending:)``:
///
/// ```swift
/// Scope(state: \.name, action: ActionPath(embed: Action.name) { if case .name(let action) = $0 { action } else { nil } }) {
///   TextInput()
/// }
/// // keys: TextInput.action(for: key).map(Action.name)
/// // view: TextInput.draw(state.name, in: field, on: &canvas)
/// ```
public struct TextInput: Reducer, Sendable {
  /// The text, the cursor and how the field scrolls.
  ///
  /// Its fields are plain values for tests and for restoring a field; the actions keep them
  /// consistent (the cursor within the text, the text within the limit).
  public struct State: Equatable, Sendable {
    /// The text as grapheme clusters.
    public var characters: [Character]
    /// Where the cursor is: before `characters[cursor]`, 0…`characters.count`.
    public var cursor: Int
    /// Shown dimmed while the text is empty.
    public var placeholder: String
    /// The most characters (grapheme clusters) the text may hold; `nil` for no limit.
    public let characterLimit: Int?
    /// The columns the field is drawn in, set by ``Action/resize(width:)``; 0 until known. The
    /// field scrolls by it so that the text stays put while the cursor moves within view.
    public var width: Int
    /// The first character shown while the text is wider than ``width``.
    public var scrollOffset: Int

    /// A field holding `text` (control characters dropped, cut to `characterLimit`), the cursor
    /// at its end.
    public init(text: String = "", placeholder: String = "", characterLimit: Int? = nil, width: Int = 0) {
      self.characterLimit = characterLimit.map { max(0, $0) }
      self.placeholder = placeholder
      self.width = max(0, width)
      characters = []
      cursor = 0
      scrollOffset = 0
      setText(text)
    }

    /// A field holding `text` exactly as it is, the cursor at its end: for editing a value that
    /// came from elsewhere (a file, a database), which may hold characters one cannot type or
    /// more than `characterLimit` of them. Nothing is dropped or cut, so saving the field
    /// changes only what was edited; characters that cannot be typed are drawn as visible
    /// symbols (`␛` for escape, `<U+200B>` for a zero-width space), and typing is refused while
    /// the text is at or over the limit.
    public init(verbatim text: String, placeholder: String = "", characterLimit: Int? = nil, width: Int = 0) {
      self.characterLimit = characterLimit.map { max(0, $0) }
      self.placeholder = placeholder
      self.width = max(0, width)
      characters = Array(text)
      cursor = characters.count
      scrollOffset = 0
      scrollToCursor()
    }

    /// The text.
    public var text: String { String(characters) }

    /// Tells the field it is `width` columns wide: what ``Action/resize(width:)`` does, for a
    /// parent that handles the terminal's size itself.
    public mutating func resize(width: Int) {
      self.width = max(0, width)
    }

    /// Whether the text is empty.
    public var isEmpty: Bool { characters.isEmpty }

    /// Replaces the text with `text` (control characters dropped, cut to the limit), the cursor at
    /// its end: what ``Action/setText(_:)`` does, for a parent that changes its field directly
    /// (`state.answer.setText("")`), with no effect to drop.
    public mutating func setText(_ text: String) {
      characters = []
      cursor = 0
      insert(text, pasted: true)
      scrollOffset = 0
      scrollToCursor()
    }

    /// Inserts at the cursor what may be typed of `text`; pasted line breaks become spaces.
    mutating func insert(_ text: some Sequence<Character>, pasted: Bool) {
      var added: [Character] = []
      let room = characterLimit.map { $0 - characters.count } ?? Int.max
      for character in text where added.count < room {
        if pasted, character.isNewline {
          added.append(" ")
        } else if TextInput.isTypeable(character) {
          added.append(character)
        }
      }
      characters.insert(contentsOf: added, at: cursor)
      cursor += added.count
    }

    mutating func delete(_ range: Range<Int>) {
      characters.removeSubrange(range)
      cursor = range.lowerBound
    }

    mutating func scrollToCursor() {
      scrollOffset = TextInput.firstShown(characters, cursor: cursor, from: scrollOffset, width: width)
    }
  }

  /// What the field can do: each key of ``keys`` sends one of these.
  public enum Action: Equatable, Sendable {
    /// Types a character at the cursor (refused when it is a control character or the text is
    /// full).
    case insert(Character)
    /// Inserts pasted text at the cursor: line breaks become spaces, control characters are
    /// dropped, and what passes the character limit is cut off.
    case paste(String)
    /// Replaces the text (filtered as a paste is), the cursor at its end.
    case setText(String)
    /// The field is now `width` columns wide.
    case resize(width: Int)
    /// One character left.
    case moveLeft
    /// One character right.
    case moveRight
    /// To the start of the word before the cursor.
    case moveWordLeft
    /// To the end of the word after the cursor.
    case moveWordRight
    /// To the start of the text.
    case moveToStart
    /// To the end of the text.
    case moveToEnd
    /// Erases the character before the cursor.
    case deleteBackward
    /// Erases the character after the cursor.
    case deleteForward
    /// Erases from the start of the word before the cursor to the cursor.
    case deleteWordBackward
    /// Erases from the cursor to the end of the word after it.
    case deleteWordForward
    /// Erases everything before the cursor.
    case deleteToStart
    /// Erases everything after the cursor.
    case deleteToEnd
    /// Puts the cursor before the character at `index` (a press on it; clamped to the text).
    case moveCursor(to: Int)
    /// Copies the whole text to the system clipboard (``Tide/Effect/copyToClipboard(_:)``);
    /// the field does not change.
    case copy
  }

  /// A text field.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.cursor = min(max(0, state.cursor), state.characters.count)
    switch action {
    case .insert(let character): state.insert(CollectionOfOne(character), pasted: false)
    case .paste(let text): state.insert(text, pasted: true)
    case .setText(let text): state.setText(text)
    case .resize(let width): state.resize(width: width)
    case .moveLeft: state.cursor = max(0, state.cursor - 1)
    case .moveRight: state.cursor = min(state.characters.count, state.cursor + 1)
    case .moveWordLeft: state.cursor = WordBoundaries.wordStart(in: state.characters, before: state.cursor)
    case .moveWordRight: state.cursor = WordBoundaries.wordEnd(in: state.characters, after: state.cursor)
    case .moveToStart: state.cursor = 0
    case .moveToEnd: state.cursor = state.characters.count
    case .deleteBackward: if state.cursor > 0 { state.delete(state.cursor - 1..<state.cursor) }
    case .deleteForward:
      if state.cursor < state.characters.count { state.delete(state.cursor..<state.cursor + 1) }
    case .deleteWordBackward:
      let start = WordBoundaries.wordStart(in: state.characters, before: state.cursor)
      state.delete(start..<state.cursor)
    case .deleteWordForward:
      let end = WordBoundaries.wordEnd(in: state.characters, after: state.cursor)
      state.delete(state.cursor..<end)
    case .deleteToStart: state.delete(0..<state.cursor)
    case .deleteToEnd: state.delete(state.cursor..<state.characters.count)
    case .moveCursor(let index): state.cursor = min(max(0, index), state.characters.count)
    case .copy: return .copyToClipboard(state.text)
    }
    state.scrollToCursor()
    return .none
  }

  /// The field's editing keys, readline's: ←/ctrl-b, →/ctrl-f, alt-b and alt-f by word,
  /// home/ctrl-a, end/ctrl-e, backspace, delete/ctrl-d, ctrl-w and alt-backspace erase a word
  /// back, alt-d a word forward, ctrl-u to the start, ctrl-k to the end; alt-w copies the text
  /// to the clipboard (emacs' copy, `M-w`: ctrl-c is the app's quit). Printable characters
  /// not bound here are typed (see ``action(for:)``); enter and esc are left to the app.
  public static let keys = KeyMap<Action>([
    KeyBinding(.left, .control("b"), action: .moveLeft, help: "left", showsInFooter: false),
    KeyBinding(.right, .control("f"), action: .moveRight, help: "right", showsInFooter: false),
    KeyBinding(.alt(.character("b")), .alt(.left), action: .moveWordLeft, help: "word left", showsInFooter: false),
    KeyBinding(.alt(.character("f")), .alt(.right), action: .moveWordRight, help: "word right", showsInFooter: false),
    KeyBinding(.home, .control("a"), action: .moveToStart, help: "start", showsInFooter: false),
    KeyBinding(.end, .control("e"), action: .moveToEnd, help: "end", showsInFooter: false),
    KeyBinding(.backspace, action: .deleteBackward, help: "erase left", showsInFooter: false),
    KeyBinding(.delete, .control("d"), action: .deleteForward, help: "erase right", showsInFooter: false),
    KeyBinding(
      .control("w"), .alt(.backspace), action: .deleteWordBackward, help: "erase word left", showsInFooter: false),
    KeyBinding(.alt(.character("d")), action: .deleteWordForward, help: "erase word right", showsInFooter: false),
    KeyBinding(.control("u"), action: .deleteToStart, help: "erase to start", showsInFooter: false),
    KeyBinding(.control("k"), action: .deleteToEnd, help: "erase to end", showsInFooter: false),
    KeyBinding(.alt(.character("w")), action: .copy, help: "copy", showsInFooter: false),
  ])

  /// The action for `key` while the field has focus: a binding of ``keys``, else typing a
  /// printable character; `nil` for anything else (alt-chords, function keys, enter, esc),
  /// which the field ignores. An app that ignores those too while the field has focus lets
  /// no key through to the commands behind it.
  public static func action(for key: Key) -> Action? {
    if let action = keys.action(for: key) { return action }
    if case .character(let character) = key, isTypeable(character) { return .insert(character) }
    return nil
  }

  /// Whether `character` may be typed (see `TypedCharacters`, the rule ``TextArea`` shares).
  package static func isTypeable(_ character: Character) -> Bool {
    TypedCharacters.isTypeable(character)
  }

  /// Draws the field on the first row of `rect`: the text from its scroll position in `style`
  /// (the theme's ``Theme/text`` unless given), the cursor cell in ``Theme/cursor`` when
  /// `isFocused` — where the terminal's own cursor shows too (``Canvas/showCursor(atColumn:row:)``)
  /// — or the placeholder in ``Theme/muted`` while the text is empty.
  ///
  /// The scroll position is the state's when `rect` is ``State/width`` wide, else worked out
  /// for this width from it, so the cursor is always in view.
  ///
  /// With `sending`, a press puts the cursor at the grapheme cluster under the pointer — the
  /// whole cluster, also when the press is on the right half of a wide character — or at the
  /// end when it is past the text: ``Action/moveCursor(to:)`` embedded in the app's action by
  /// `sending`.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    let theme = canvas.theme
    let style = style ?? theme.text
    if let sending {
      // Its value is computed at each press: checked now, so a mistake shows when drawn.
      canvas.checkActionReachesApp(sending(.moveCursor(to: 0)))
      // The first character shown and the columns each shown one starts at, as drawn below.
      let cursor = min(max(0, state.cursor), state.characters.count)
      let start = firstShown(state.characters, cursor: cursor, from: state.scrollOffset, width: rect.width)
      var starts: [Int] = []
      var x = 0
      var index = start
      while index < state.characters.count, x < rect.width {
        starts.append(x)
        x += TypedCharacters.shownWidth(of: state.characters[index])
        index += 1
      }
      let count = state.characters.count
      canvas.addHitRegion(Rect(column: rect.column, row: rect.row, width: rect.width, height: 1)) { [starts, textEnd = x] event -> (any Sendable)? in
        guard event.isPrimaryPress else { return nil }
        // The last character starting at or before the pressed column: a wide character's
        // right half belongs to it.
        var low = 0
        var high = starts.count
        while low < high {
          let middle = (low + high) / 2
          if starts[middle] <= event.column { low = middle + 1 } else { high = middle }
        }
        let pressed = low == 0 ? start : start + low - 1
        let isPastText = low == starts.count && (starts.isEmpty || event.column >= textEnd)
        return sending(.moveCursor(to: isPastText ? count : pressed))
      }
    }
    let cursorStyle = theme.cursor.layered(over: style)
    canvas.withClip(rect) { canvas in
      if state.characters.isEmpty {
        let placeholderStyle = theme.muted.layered(over: style)
        let placeholder = Array(state.placeholder)
        var x = rect.column
        if isFocused {
          canvas.showCursor(atColumn: x, row: rect.row)
          let first = placeholder.first.map(String.init) ?? " "
          x += canvas.draw(first, atColumn: x, row: rect.row, style: theme.cursor.layered(over: placeholderStyle), maxWidth: rect.width)
        }
        let rest = placeholder.dropFirst(isFocused ? 1 : 0)
        canvas.draw(String(rest), atColumn: x, row: rect.row, style: placeholderStyle, maxWidth: rect.endColumn - x)
        return
      }
      let cursor = min(max(0, state.cursor), state.characters.count)
      let start = firstShown(state.characters, cursor: cursor, from: state.scrollOffset, width: rect.width)
      var x = rect.column
      var index = start
      while index < state.characters.count, x < rect.endColumn {
        let cellStyle = isFocused && index == cursor ? cursorStyle : style
        if isFocused, index == cursor { canvas.showCursor(atColumn: x, row: rect.row) }
        x += canvas.draw(
          TypedCharacters.visibleForm(of: state.characters[index]), atColumn: x, row: rect.row, style: cellStyle,
          maxWidth: rect.endColumn - x)
        index += 1
      }
      if isFocused, cursor == state.characters.count, x < rect.endColumn {
        canvas.showCursor(atColumn: x, row: rect.row)
        canvas.draw(" ", atColumn: x, row: rect.row, style: cursorStyle)
      }
    }
  }

  /// The first character to show so that the cursor's cell (one column past the end) fits in
  /// `width` columns, moving as little as possible from `offset`: the text does not shift
  /// while the cursor moves within view. Width 0 (unknown) shows from the start.
  static func firstShown(_ characters: [Character], cursor: Int, from offset: Int, width: Int) -> Int {
    guard width > 0 else { return 0 }
    var first = min(max(0, offset), cursor)
    func columns(_ range: Range<Int>) -> Int {
      characters[range].reduce(0) { $0 + TypedCharacters.shownWidth(of: $1) }
    }
    let cursorWidth = cursor < characters.count ? max(1, TypedCharacters.shownWidth(of: characters[cursor])) : 1
    var shown = columns(first..<cursor)
    while first < cursor, shown + cursorWidth > width {
      shown -= TypedCharacters.shownWidth(of: characters[first])
      first += 1
    }
    // Text erased at the end leaves room: scroll back to fill it rather than show blanks. The
    // column after the text stays reserved for the cursor even while it is elsewhere, so the
    // text does not shift as the cursor leaves the end.
    var total = columns(first..<characters.count) + 1
    while first > 0, total + TypedCharacters.shownWidth(of: characters[first - 1]) <= width {
      first -= 1
      total += TypedCharacters.shownWidth(of: characters[first])
    }
    return first
  }
}

extension TextInput: Component {
  /// ``keys``, in every state.
  public static func keys(for state: State) -> KeyMap<Action> { keys }

  /// The same as ``action(for:)``: what a key does does not depend on the text.
  public static func action(for key: Key, in state: State) -> Action? { action(for: key) }

  /// Draws the field in the theme's ``Theme/text`` (see ``draw(_:in:on:style:isFocused:sending:)``).
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: rect, on: &canvas, style: nil, isFocused: isFocused, sending: sending)
  }
}
