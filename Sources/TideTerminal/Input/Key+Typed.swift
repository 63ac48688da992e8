extension Key {
  /// The key a terminal means by sending `scalar` on its own: the C0 controls as the keys that
  /// send them (enter, tab, backspace, escape, ctrl-letters), anything printable as a
  /// character. `nil` for controls with no ``Key`` (NUL — ctrl-space —, the four after
  /// escape, the C1 controls), which the decoder drops.
  init?(typed scalar: Unicode.Scalar) {
    switch scalar.value {
    case 10, 13: self = .enter
    case 9: self = .tab
    case 27: self = .escape
    case 8, 127: self = .backspace
    case 1...26: self = .control(Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(scalar.value - 1))))
    case 0..<32, 128..<160: return nil
    default: self = .character(Character(scalar))
    }
  }
}
