/// The pointer event a terminal's mouse report stands for: xterm's SGR extended coordinates
/// (mode 1006, `ESC [ < B ; X ; Y M`, `m` for a release) or the legacy X10 encoding a terminal
/// without 1006 sends (`ESC [ M` and three bytes). ``ControlSequence`` and ``InputToken`` find
/// the reports in the input; this says what they mean.
///
/// `nil` for what Tide does not deliver — motion, the sideways wheel, extra buttons, a malformed
/// report — which the decoder then drops whole, so none of its bytes arrives as typed text.
enum PointerReport {
  /// The event of an SGR report's parameters, `B;X;Y` (after the `<`), with `isRelease` for the
  /// final `m`.
  static func event(sgrParameters: some Collection<UInt8>, isRelease: Bool) -> PointerEvent? {
    guard let values = ControlSequence.numbers(in: sgrParameters), values.count == 3 else { return nil }
    // SGR coordinates are 1-based.
    return event(button: values[0], column: values[1] - 1, row: values[2] - 1, isRelease: isRelease)
  }

  /// The event of a legacy (X10) report's three bytes after `ESC [ M`: each a value plus 32,
  /// coordinates from 1 (so columns and rows past 223 cannot be reported).
  static func event(legacyBytes button: UInt8, _ column: UInt8, _ row: UInt8) -> PointerEvent? {
    event(button: Int(button) - 32, column: Int(column) - 33, row: Int(row) - 33, isRelease: false)
  }

  /// The event for an xterm button code (low bits the button, 4 shift, 8 alt, 16 control, 32
  /// motion, 64 wheel) at 0-based `column`, `row`.
  private static func event(button code: Int, column: Int, row: Int, isRelease: Bool) -> PointerEvent? {
    guard column >= 0, row >= 0, code >= 0, code & 32 == 0, code < 128 else { return nil }
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
}
