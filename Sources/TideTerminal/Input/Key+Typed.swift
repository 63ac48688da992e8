extension Key {
  /// The key a terminal means by sending `scalar` on its own: the C0 controls as the keys that
  /// send them (enter, tab, backspace, escape, ctrl-letters, ctrl-\), anything printable as a
  /// character. `nil` for controls with no ``Key`` (NUL — ctrl-space —, the three after
  /// ctrl-\, the C1 controls), which the decoder drops.
  ///
  /// ctrl-\ (0x1c) is a key because the tty's quit character is: the real terminal runs with
  /// the tty's signal characters off and sends SIGQUIT for it itself (see ``TypedSignal``).
  init?(typed scalar: Unicode.Scalar) {
    switch scalar.value {
    case 10, 13: self = .enter
    case 9: self = .tab
    case 27: self = .escape
    case 8, 127: self = .backspace
    case 1...26: self = .control(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(scalar.value - 1))))
    case 28: self = Key.character("\\").with(.control)
    case 0..<32, 128..<160: return nil
    default: self = .character(Character(scalar))
    }
  }
}
