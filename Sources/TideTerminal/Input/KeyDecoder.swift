import CNcurses

/// Turns what `wget_wch` reports into a ``Key`` or a ``PointerEvent``, or tells a resize apart
/// (which is no key): the one decoder of terminal input.
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

  /// The input an escape stands for, given what arrived right behind it: `next` reads the
  /// input that follows (`nil` when there is none).
  ///
  /// - Escape alone is ``Key/escape``.
  /// - Escape then a key is that key with alt, `.alt(.character("b"))`: how terminals send
  ///   alt-chords.
  /// - `ESC [ < B ; X ; Y M` (or `m`) is a pointer event in SGR extended coordinates (mode
  ///   1006), and `ESC [ M` with three bytes the legacy encoding a terminal without 1006 sends:
  ///   see ``pointer(sgrParameters:isRelease:)``.
  /// - Escape then `[` or `O` and more is otherwise a control sequence the terminal description
  ///   did not name (ctrl-arrows on some terminals): read to its final byte and dropped (`nil`),
  ///   so its bytes never arrive as keys that type text or run commands.
  static func event(afterEscape next: () -> (status: Int32, code: UInt32)?) -> InputEvent? {
    guard let first = next() else { return .key(.escape) }
    if first.status == tide_ok(), first.code == 0x5B || first.code == 0x4F {  // [ or O
      guard var current = next() else { return .key(.alt(.character(Character(Unicode.Scalar(UInt8(first.code)))))) }
      if first.code == 0x4F { return nil }  // SS3: one final character
      // CSI: parameter and intermediate bytes (0x20…0x3F), then a final byte (0x40…0x7E).
      // Parameters are kept only as long as a pointer report's can be.
      var parameters: [UInt8] = []
      while current.status == tide_ok(), (0x20...0x3F).contains(current.code) {
        if parameters.count < 32 { parameters.append(UInt8(current.code)) }
        guard let following = next() else { return nil }
        current = following
      }
      guard current.status == tide_ok(), current.code == 0x4D || current.code == 0x6D else { return nil }  // M or m
      if parameters.first == 0x3C {  // <
        return pointer(sgrParameters: parameters.dropFirst(), isRelease: current.code == 0x6D).map(InputEvent.pointer)
      }
      guard parameters.isEmpty, current.code == 0x4D else { return nil }
      // Legacy (X10) report: three bytes, each a value plus 32; coordinates count from 1.
      var values: [Int] = []
      for _ in 0..<3 {
        guard let byte = next(), byte.status == tide_ok(), byte.code >= 32 else { return nil }
        values.append(Int(byte.code) - 32)
      }
      return pointer(button: values[0], column: values[1] - 1, row: values[2] - 1, isRelease: false).map(InputEvent.pointer)
    }
    switch key(status: first.status, code: first.code) {
    case nil: return nil
    case .escape?: return .key(.escape)
    case let key?: return .key(.alt(key))
    }
  }

  /// The pointer event of an SGR report's parameters, `B;X;Y` (after the `<`), with `isRelease`
  /// for the final `m`. `nil` for what Tide does not deliver: motion, sideways wheel, extra
  /// buttons, malformed reports.
  static func pointer(sgrParameters: some Collection<UInt8>, isRelease: Bool) -> PointerEvent? {
    var values: [Int] = []
    var current = 0
    var digits = 0
    for byte in sgrParameters {
      if byte == 0x3B {  // ;
        guard digits > 0 else { return nil }
        values.append(current)
        current = 0
        digits = 0
      } else if (0x30...0x39).contains(byte), digits < 6 {
        current = current * 10 + Int(byte - 0x30)
        digits += 1
      } else {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    values.append(current)
    guard values.count == 3 else { return nil }
    // SGR coordinates are 1-based.
    return pointer(button: values[0], column: values[1] - 1, row: values[2] - 1, isRelease: isRelease)
  }

  /// The event for an xterm button code (low bits the button, 4 shift, 8 alt, 16 control, 32
  /// motion, 64 wheel) at 0-based `column`, `row`.
  private static func pointer(button code: Int, column: Int, row: Int, isRelease: Bool) -> PointerEvent? {
    guard column >= 0, row >= 0, code & 32 == 0, code < 128 else { return nil }
    var modifiers: PointerEvent.Modifiers = []
    if code & 4 != 0 { modifiers.insert(.shift) }
    if code & 8 != 0 { modifiers.insert(.alt) }
    if code & 16 != 0 { modifiers.insert(.control) }
    let kind: PointerEvent.Kind
    if code & 64 != 0 {
      switch code & 3 {
      case 0: kind = .scrollUp
      case 1: kind = .scrollDown
      default: return nil
      }
      // A wheel notch has no release; a terminal that reports one anyway is ignored.
      if isRelease { return nil }
    } else {
      let buttons: [PointerEvent.Button] = [.left, .middle, .right]
      // The legacy encoding reports a release as button 3, without saying which one.
      guard code & 3 < 3 else { return PointerEvent(.release(.left), column: column, row: row, modifiers: modifiers) }
      kind = isRelease ? .release(buttons[code & 3]) : .press(buttons[code & 3])
    }
    return PointerEvent(kind, column: column, row: row, modifiers: modifiers)
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
