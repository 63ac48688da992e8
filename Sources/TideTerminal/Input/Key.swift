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
  /// A key with modifiers no other case names — ctrl-up, shift-f5, ctrl-shift-a, ctrl-enter —
  /// as terminals that report modifiers send them (see ``KeyModifiers``). Always built by
  /// ``with(_:)``, which keeps the older names: the key is unmodified (a character, a named
  /// key, a function key) and the modifiers hold shift or control, so each key press has one
  /// value. Key scripts name them `ctrl+shift+up`.
  indirect case modified(Key, KeyModifiers)
  /// The terminal's window gained focus (xterm's focus reporting, mode 1004: `CSI I`). Not a
  /// key press, but delivered as one so that an app binds it in its ``KeyMap`` like any key —
  /// `KeyBinding(.focusIn, action: .refresh, help: "refresh", showsInFooter: false)` — and a
  /// key script names it `focus-in`. A text field never types it and no app quits on it: an
  /// app that does not bind it never hears of it — unless its key action takes any key (a
  /// "press any key" screen), which should then leave these two out.
  case focusIn
  /// The terminal's window lost focus (mode 1004: `CSI O`); see ``focusIn``. Key scripts name it
  /// `focus-out`.
  case focusOut
}

extension Key {
  /// This key with `modifiers` held too, in the one form each combination has: alt alone is
  /// ``alt(_:)``, control with a letter ``control(_:)``, shift with tab ``backTab``, shift with
  /// a lowercase letter its uppercase (as a terminal types it); anything else
  /// ``modified(_:_:)``. `Key.up.with([.control, .shift])` is ctrl-shift-up. A focus report
  /// (``focusIn``, ``focusOut``) takes no modifiers: it is returned as it is.
  public func with(_ modifiers: KeyModifiers) -> Key {
    if self == .focusIn || self == .focusOut { return self }
    let (base, held) = unmodified
    return Key.canonical(base, held.union(modifiers))
  }

  /// The key without its modifiers, and the modifiers.
  var unmodified: (key: Key, modifiers: KeyModifiers) {
    switch self {
    case .alt(let key):
      let (base, modifiers) = key.unmodified
      return (base, modifiers.union(.alt))
    case .control(let letter): return (.character(letter), .control)
    case .backTab: return (.tab, .shift)
    case .modified(let key, let modifiers): return (key, modifiers)
    default: return (self, [])
    }
  }

  private static func canonical(_ base: Key, _ modifiers: KeyModifiers) -> Key {
    var modifiers = modifiers
    var key = base
    if modifiers.contains(.shift), !modifiers.contains(.control), case .character(let character) = key,
      let ascii = character.asciiValue, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(ascii)
    {
      key = .character(Character(Unicode.Scalar(ascii - 32)))
      modifiers.remove(.shift)
    }
    if key == .tab, modifiers.contains(.shift) {
      key = .backTab
      modifiers.remove(.shift)
    }
    if modifiers.contains(.control), !modifiers.contains(.shift), case .character(let letter) = key,
      isControlLetter(letter)
    {
      key = .control(letter)
      modifiers.remove(.control)
    }
    switch modifiers {
    case []: return key
    case .alt: return .alt(key)
    default: return .modified(key, modifiers)
    }
  }
}

extension Key {
  private static let namedKeys: [(token: String, key: Key)] = [
    ("space", .character(" ")), ("tab", .tab), ("btab", .backTab), ("enter", .enter),
    ("esc", .escape), ("backspace", .backspace), ("delete", .delete), ("up", .up),
    ("down", .down), ("left", .left), ("right", .right), ("home", .home), ("end", .end),
    ("pgup", .pageUp), ("pgdn", .pageDown), ("focus-in", .focusIn), ("focus-out", .focusOut),
  ]

  /// Parses a key-script token: a single character stands for itself, otherwise one of `space tab
  /// btab enter esc backspace delete up down left right home end pgup pgdn`, `f1`…`f12` or
  /// `ctrl-a`…`ctrl-z` (lowercase), any of these after `alt-` (`alt-b`, `alt-backspace`), and
  /// modifiers joined by `+` before a key with none (`ctrl+shift+up`, `shift+f5`,
  /// `ctrl+alt+enter`; see ``with(_:)``). Returns `nil` for anything else.
  package init?(token: String) {
    if let key = Key(modifiedToken: token) {
      self = key
      return
    }
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
    case .modified(let key, let modifiers):
      guard key.unmodified.modifiers.isEmpty, let base = key.token else { return nil }
      return Key.modifierPrefix(modifiers, joiner: "+") + base
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
    case .modified(let key, let modifiers): return Key.modifierPrefix(modifiers, joiner: "-") + key.label
    case .focusIn: return "focus-in"
    case .focusOut: return "focus-out"
    }
  }

  /// `ctrl+shift+`: the names of `modifiers` in key-script order, each followed by `joiner`.
  private static func modifierPrefix(_ modifiers: KeyModifiers, joiner: String) -> String {
    KeyModifiers.named.filter { modifiers.contains($0.modifier) }.map { $0.name + joiner }.joined()
  }

  /// `ctrl+shift+up`: modifiers, each named once, joined by `+` before an unmodified key's
  /// token (`+` itself may be the key: `ctrl++`).
  private init?(modifiedToken token: String) {
    guard token.count > 1, token.contains("+") else { return nil }
    var parts = token.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
    if token.hasSuffix("++") {
      parts.removeLast(2)
      parts.append("+")
    }
    guard parts.count > 1, let last = parts.popLast(), let base = Key(token: last), base.unmodified.modifiers.isEmpty,
      base.canTakeAlt
    else {
      return nil
    }
    var modifiers: KeyModifiers = []
    for part in parts {
      guard let named = KeyModifiers.named.first(where: { $0.name == part }), !modifiers.contains(named.modifier) else {
        return nil
      }
      modifiers.insert(named.modifier)
    }
    self = base.with(modifiers)
  }

  /// Whether alt can be held with this key: not with alt itself, nor with a focus report.
  private var canTakeAlt: Bool {
    switch self {
    case .alt, .focusIn, .focusOut: return false
    default: return true
    }
  }

  static func isControlLetter(_ character: Character) -> Bool {
    guard let ascii = character.asciiValue else { return false }
    return ascii >= UInt8(ascii: "a") && ascii <= UInt8(ascii: "z")
  }
}
