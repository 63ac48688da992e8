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
