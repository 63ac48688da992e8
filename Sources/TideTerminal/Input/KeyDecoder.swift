import CNcurses

/// Turns what `wget_wch` reports into a ``Key``, or tells a resize apart (which is no key).
///
/// Kept separate from ``CursesTerminal`` so the mapping is testable without a terminal.
enum KeyDecoder {
  /// The key for a `wget_wch` result: `status` is `OK` for a character, `KEY_CODE_YES` for a
  /// function key code, anything else (`ERR`) for no key. Returns `nil` for codes with no ``Key``
  /// (among them `KEY_RESIZE`: see ``isResize(status:code:)``).
  static func key(status: Int32, code: UInt32) -> Key? {
    if status == tide_key_code_yes() {
      return functionKey(Int32(bitPattern: code))
    }
    guard status == tide_ok() else { return nil }
    switch code {
    case 10, 13: return .enter
    case 9: return .tab
    case 27: return .escape
    case 8, 127: return .backspace
    case 1...26:
      return .control(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(code - 1))))
    case 0..<32, 128..<160:
      return nil
    default:
      guard let scalar = Unicode.Scalar(code) else { return nil }
      return .character(Character(scalar))
    }
  }

  /// Whether the result is ncurses' `KEY_RESIZE`: the terminal changed size.
  static func isResize(status: Int32, code: UInt32) -> Bool {
    status == tide_key_code_yes() && Int32(bitPattern: code) == KEY_RESIZE
  }

  /// The key an escape stands for, given what arrived right behind it: `next` reads the input
  /// that follows (`nil` when there is none).
  ///
  /// - Escape alone is ``Key/escape``.
  /// - Escape then a key is that key with alt, `.alt(.character("b"))`: how terminals send
  ///   alt-chords.
  /// - Escape then `[` or `O` and more is a control sequence the terminal description did not
  ///   name (ctrl-arrows on some terminals): read to its final byte and dropped (`nil`), so its
  ///   bytes never arrive as keys that type text or run commands.
  static func key(afterEscape next: () -> (status: Int32, code: UInt32)?) -> Key? {
    guard let first = next() else { return .escape }
    if first.status == tide_ok(), first.code == 0x5B || first.code == 0x4F {  // [ or O
      guard var current = next() else { return .alt(.character(Character(Unicode.Scalar(UInt8(first.code))))) }
      if first.code == 0x4F { return nil }  // SS3: one final character
      // CSI: parameter and intermediate bytes (0x20…0x3F), then a final byte (0x40…0x7E).
      while current.status == tide_ok(), (0x20...0x3F).contains(current.code) {
        guard let following = next() else { return nil }
        current = following
      }
      return nil
    }
    switch key(status: first.status, code: first.code) {
    case nil: return nil
    case .escape?: return .escape
    case let key?: return .alt(key)
    }
  }

  private static func functionKey(_ code: Int32) -> Key? {
    switch code {
    case KEY_UP: return .up
    case KEY_DOWN: return .down
    case KEY_LEFT: return .left
    case KEY_RIGHT: return .right
    case KEY_ENTER: return .enter
    case KEY_BTAB: return .backTab
    case KEY_BACKSPACE: return .backspace
    case KEY_DC: return .delete
    case KEY_HOME, KEY_A1: return .home
    case KEY_END, KEY_C1: return .end
    case KEY_PPAGE, KEY_A3: return .pageUp
    case KEY_NPAGE, KEY_C3: return .pageDown
    default:
      for number in 1...12 where code == tide_key_f(Int32(number)) {
        return .function(number)
      }
      return nil
    }
  }
}
