/// The modifier keys held with a key: shift, alt and control, as terminals that report them
/// send them (xterm's modifier parameter, modifyOtherKeys, the kitty keyboard protocol).
///
/// Keys carry them through ``Key/with(_:)``, which keeps the forms terminals have always sent
/// under their old names — ctrl-a is ``Key/control(_:)``, alt-b ``Key/alt(_:)``, shift-tab
/// ``Key/backTab``, shift-a the character `A` — and gives every other combination as
/// ``Key/modified(_:_:)``.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8

  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt (meta, option).
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)

  /// The modifiers in key-script order, each with its name: `ctrl+alt+shift+up`.
  static let named: [(name: String, modifier: KeyModifiers)] = [("ctrl", .control), ("alt", .alt), ("shift", .shift)]

  /// The modifiers of a terminal's modifier parameter (xterm, modifyOtherKeys, kitty: 1 plus
  /// 1 shift, 2 alt, 4 control, 8 super, 16 hyper, 32 meta, 64 caps lock, 128 num lock).
  /// Caps lock and num lock are ignored (they change no key's meaning here); `nil` with super,
  /// hyper or meta, which no ``Key`` has, so super-s never runs an app's ctrl-s or s.
  init?(parameter: Int) {
    let bits = parameter - 1
    guard (0..<256).contains(bits), bits & 0b11_1000 == 0 else { return nil }
    self.init(rawValue: UInt8(bits & 0b111))
  }
}
