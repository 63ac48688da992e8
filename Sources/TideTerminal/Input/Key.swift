/// A key press, as terminals report it and key scripts name it.
public enum Key: Hashable, Sendable {
  /// A printable character, any Unicode (a space is `.character(" ")`).
  case character(Character)
  /// Arrow up.
  case up
  /// Arrow down.
  case down
  /// Arrow left.
  case left
  /// Arrow right.
  case right
  /// Enter / return.
  case enter
  /// Tab.
  case tab
  /// Shift-tab.
  case backTab
  /// Backspace.
  case backspace
  /// Delete (forward delete).
  case delete
  /// Escape.
  case escape
  /// Home.
  case home
  /// End.
  case end
  /// Page up.
  case pageUp
  /// Page down.
  case pageDown
  /// A function key, F1 through F12.
  case function(Int)
  /// Control plus a lowercase letter `a`…`z`.
  case control(Character)
  /// Alt (meta) held with another key, e.g. `.alt(.character("b"))` for alt-b: the terminal
  /// sends escape and then the key, which arrive together — escape then escape is
  /// `.alt(.escape)`, escape then an arrow's sequence `.alt(.up)` (xterm's `CSI 1;3A` too).
  /// Never a plain key, so an alt-chord cannot type into a text input or run the key's command
  /// (an app bound to `.escape` does not quit on alt-escape).
  indirect case alt(Key)
}

extension Key {
  private static let namedKeys: [(token: String, key: Key)] = [
    ("space", .character(" ")), ("tab", .tab), ("btab", .backTab), ("enter", .enter),
    ("esc", .escape), ("backspace", .backspace), ("delete", .delete), ("up", .up),
    ("down", .down), ("left", .left), ("right", .right), ("home", .home), ("end", .end),
    ("pgup", .pageUp), ("pgdn", .pageDown),
  ]

  /// Parses a key-script token: a single character stands for itself, otherwise one of `space tab
  /// btab enter esc backspace delete up down left right home end pgup pgdn`, `f1`…`f12` or
  /// `ctrl-a`…`ctrl-z` (lowercase), and any of these after `alt-` (`alt-b`, `alt-backspace`).
  /// Returns `nil` for anything else.
  package init?(token: String) {
    if token.count == 1, let character = token.first {
      guard character.displayWidth > 0, !character.isWhitespace || character == " " else { return nil }
      self = .character(character)
      return
    }
    if let match = Key.namedKeys.first(where: { $0.token == token }) {
      self = match.key
      return
    }
    if token.hasPrefix("f"), let number = Int(token.dropFirst()), (1...12).contains(number),
      String(number) == token.dropFirst()
    {
      self = .function(number)
      return
    }
    if token.hasPrefix("ctrl-"), token.count == 6, let letter = token.last, Key.isControlLetter(letter) {
      self = .control(letter)
      return
    }
    if token.hasPrefix("alt-"), let key = Key(token: String(token.dropFirst(4))), key.canTakeAlt {
      self = .alt(key)
      return
    }
    return nil
  }

  /// The key-script token for this key, the inverse of ``init(token:)``; `nil` for keys scripts
  /// cannot name (out-of-range function or control keys, control characters).
  package var token: String? {
    switch self {
    case .character(" "): return "space"
    case .character(let character):
      return Key(token: String(character)) == self ? String(character) : nil
    case .function(let number): return (1...12).contains(number) ? "f\(number)" : nil
    case .control(let letter): return Key.isControlLetter(letter) ? "ctrl-\(letter)" : nil
    case .alt(let key): return key.canTakeAlt ? key.token.map { "alt-" + $0 } : nil
    default: return Key.namedKeys.first(where: { $0.key == self })?.token
    }
  }

  /// A short name for help text: "↑", "tab", "ctrl-c", "space", or the character itself.
  public var label: String {
    switch self {
    case .character(" "): return "space"
    case .character(let character): return String(character)
    case .up: return "↑"
    case .down: return "↓"
    case .left: return "←"
    case .right: return "→"
    case .enter: return "enter"
    case .tab: return "tab"
    case .backTab: return "shift-tab"
    case .backspace: return "backspace"
    case .delete: return "del"
    case .escape: return "esc"
    case .home: return "home"
    case .end: return "end"
    case .pageUp: return "pgup"
    case .pageDown: return "pgdn"
    case .function(let number): return "f\(number)"
    case .control(let letter): return "ctrl-\(letter)"
    case .alt(let key): return "alt-" + key.label
    }
  }

  /// Whether alt can be held with this key: not with alt itself.
  private var canTakeAlt: Bool {
    switch self {
    case .alt: return false
    default: return true
    }
  }

  static func isControlLetter(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return ascii >= UInt8(ascii: "a") && ascii <= UInt8(ascii: "z")
  }
}
