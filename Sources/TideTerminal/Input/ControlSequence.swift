/// A complete control sequence from the terminal — CSI (`ESC [` parameters final) or SS3
/// (`ESC O` parameters final) — and what it stands for: a key, a pointer report, the start of
/// a bracketed paste, or nothing Tide delivers.
///
/// The keys are those the terminal descriptions of xterm, rxvt, the Linux console, screen/tmux
/// and the vt100/vt220 family send, in both cursor-key modes (ncurses turns the keypad's
/// "transmit" mode on, so arrows come as `ESC O A`; other terminals send `ESC [ A`):
///
/// | Sequence                          | Key                          |
/// |-----------------------------------|------------------------------|
/// | `CSI A`…`D`, `SS3 A`…`D`          | up, down, right, left        |
/// | `CSI H`/`F`, `SS3 H`/`F`          | home, end                    |
/// | `CSI 1 ~`, `CSI 7 ~` / `4 ~`, `8 ~` | home / end (vt220, rxvt)   |
/// | `CSI 3 ~`, `5 ~`, `6 ~`           | delete, page up, page down   |
/// | `CSI Z`                           | shift-tab                    |
/// | `SS3 P`…`S`, `CSI 11 ~`…`15 ~`, `CSI [ A`…`E` | F1–F4 (F5)      |
/// | `CSI 17 ~`…`21 ~`, `23 ~`, `24 ~` | F6–F10, F11, F12             |
/// | `SS3 M`                           | enter (the keypad's)         |
/// | `SS3 w`, `y`, `q`, `s`            | home, page up, end, page down (the keypad's corners, as terminfo's `ka1`, `ka3`, `kc1`, `kc3`) |
/// | `CSI I`, `CSI O`                  | ``Key/focusIn``, ``Key/focusOut`` (focus reporting, mode 1004) |
///
/// A key sent with xterm's modifier parameter (`CSI 1 ; 5 A`, ctrl-up; `CSI 5 ; 2 ~`,
/// shift-page-up) is that key with the modifiers (see ``Key/with(_:)``; alt alone is
/// ``Key/alt(_:)``, as rxvt's `ESC ESC [ A` is). Two more forms carry any key with modifiers:
///
/// | Sequence                          | Sent by                                      |
/// |-----------------------------------|----------------------------------------------|
/// | `CSI 27 ; m ; code ~`             | xterm's modifyOtherKeys (format 0)           |
/// | `CSI code ; m u`, `CSI code u`    | the kitty keyboard protocol, modifyOtherKeys format 1 |
///
/// where `code` is a Unicode code point (13 enter, 9 tab, 127 backspace, 27 escape, or the
/// character) and `m` the modifier parameter (see ``KeyModifiers/init(parameter:)``). The
/// kitty protocol's sub-parameters (`CSI 97:65 ; 6:1 u`: shifted key, event type) are read:
/// a key release (event type 3) stands for nothing. The Linux console's `CSI [ A`…`E` is
/// found by ``InputToken`` (its `[` is no parameter byte).
struct ControlSequence {
  /// How the sequence began.
  enum Introducer {
    /// `ESC [`.
    case csi
    /// `ESC O`.
    case ss3
  }

  var introducer: Introducer
  /// The parameter and intermediate bytes (0x20…0x3F) between the introducer and the final byte.
  var parameters: ArraySlice<UInt8>
  /// The final byte, 0x40…0x7E.
  var final: UInt8

  /// What the sequence stands for.
  var token: InputToken {
    switch (introducer, final) {
    case (.csi, UInt8(ascii: "M")), (.csi, UInt8(ascii: "m")):
      guard parameters.first == UInt8(ascii: "<") else { return .nothing }
      let event = PointerReport.event(sgrParameters: parameters.dropFirst(), isRelease: final == UInt8(ascii: "m"))
      return event.map { .event(.pointer($0)) } ?? .nothing
    case (.csi, UInt8(ascii: "~")):
      guard let numbers = Self.numbers(in: parameters), let code = numbers.first else { return .nothing }
      if code == 200, numbers.count == 1 { return .pasteStart }
      // modifyOtherKeys: CSI 27 ; modifier ; code ~.
      if code == 27, numbers.count == 3 { return Self.codePointKey(numbers[2], modifier: numbers[1]) }
      guard numbers.count <= 2 else { return .nothing }
      return Self.tildeKeys[code].map { Self.key($0, modifier: numbers.count == 2 ? numbers[1] : 1) } ?? .nothing
    case (.csi, UInt8(ascii: "u")):
      // `CSI ? flags u`: the answer to the kitty keyboard protocol's query, not a key.
      return parameters.first == UInt8(ascii: "?") ? .keyboardProtocol : kittyKey
    // Focus reporting (mode 1004): `CSI I` in, `CSI O` out; with parameters, nothing.
    case (.csi, UInt8(ascii: "I")):
      return parameters.isEmpty ? .event(.key(.focusIn)) : .nothing
    case (.csi, UInt8(ascii: "O")):
      return parameters.isEmpty ? .event(.key(.focusOut)) : .nothing
    // DA1's answer: `CSI ? 62 ; 22 c` and the like.
    case (.csi, UInt8(ascii: "c")):
      return parameters.first == UInt8(ascii: "?") ? .deviceAttributes : .nothing
    default:
      guard let key = letterKey else { return .nothing }
      if parameters.isEmpty { return .event(.key(key)) }
      // xterm: `CSI 1 ; m A`; old xterm and some others: `SS3 m A`.
      guard let numbers = Self.numbers(in: parameters) else { return .nothing }
      switch (introducer, numbers.count) {
      case (.csi, 2) where numbers[0] == 1: return Self.key(key, modifier: numbers[1])
      case (.ss3, 1): return Self.key(key, modifier: numbers[0])
      default: return .nothing
      }
    }
  }

  /// `key` with a modifier parameter (see ``KeyModifiers/init(parameter:)``); `.nothing` with
  /// modifiers no ``Key`` has.
  private static func key(_ key: Key, modifier: Int) -> InputToken {
    KeyModifiers(parameter: modifier).map { .event(.key(key.with($0))) } ?? .nothing
  }

  /// The key of a code point in modifyOtherKeys or the kitty protocol: enter, tab, backspace
  /// and escape by their control codes, a printable character as itself (an uppercase ASCII
  /// letter with control or alt as its lowercase with shift, as legacy terminals and kitty
  /// report ctrl-shift-a); `.nothing` for other controls and for the kitty protocol's private
  /// keys (keypad, media, lone modifiers), which Tide has no value for.
  static func codePointKey(_ code: Int, modifier: Int) -> InputToken {
    guard var modifiers = KeyModifiers(parameter: modifier), let scalar = Unicode.Scalar(UInt32(clamping: code)) else {
      return .nothing
    }
    let key: Key
    switch scalar.value {
    case 13: key = .enter
    case 9: key = .tab
    case 8, 127: key = .backspace
    case 27: key = .escape
    case 0..<32, 128..<160, 0xE000...0xF8FF: return .nothing
    case 65...90 where !modifiers.isDisjoint(with: [.control, .alt]):
      key = .character(Character(Unicode.Scalar(UInt8(scalar.value) + 32)))
      modifiers.insert(.shift)
    default: key = .character(Character(scalar))
    }
    return .event(.key(key.with(modifiers)))
  }

  /// `CSI code[:shifted[:base]] [; modifier[:event] [; text]] u`: the kitty keyboard protocol's
  /// key (modifyOtherKeys' format 1 is its plain form). A release (event 3) is nothing.
  private var kittyKey: InputToken {
    let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
    guard (1...3).contains(fields.count),
      let code = fields[0].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).first
        .flatMap({ Self.numbers(in: $0) }), code.count == 1
    else { return .nothing }
    var modifier = 1
    if fields.count > 1, !fields[1].isEmpty {
      let parts = fields[1].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false)
      guard parts.count <= 2, let value = Self.numbers(in: parts[0]), value.count == 1 else { return .nothing }
      if parts.count == 2 {
        guard let event = Self.numbers(in: parts[1]), event.count == 1, event[0] != 3 else { return .nothing }
      }
      modifier = value[0]
    }
    return Self.codePointKey(code[0], modifier: modifier)
  }

  /// The key of a sequence that ends in a letter, by its final byte.
  private var letterKey: Key? {
    switch (introducer, Unicode.Scalar(final)) {
    case (_, "A"): .up
    case (_, "B"): .down
    case (_, "C"): .right
    case (_, "D"): .left
    case (_, "H"): .home
    case (_, "F"): .end
    case (.csi, "Z"): .backTab
    // F1–F4: SS3 unmodified; CSI with a modifier (`CSI 1 ; 3 P`).
    case (_, "P"): .function(1)
    case (_, "Q"): .function(2)
    case (_, "R"): .function(3)
    case (_, "S"): .function(4)
    case (.ss3, "M"): .enter
    case (.ss3, "w"): .home
    case (.ss3, "y"): .pageUp
    case (.ss3, "q"): .end
    case (.ss3, "s"): .pageDown
    default: nil
    }
  }

  /// The keys of `CSI n ~`, by `n` (vt220, xterm, rxvt, the Linux console, screen/tmux).
  private static let tildeKeys: [Int: Key] = [
    1: .home, 3: .delete, 4: .end, 5: .pageUp, 6: .pageDown, 7: .home, 8: .end,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12),
  ]

  /// The numbers of parameters such as `12;5`: decimal, at most six digits each, separated by
  /// `;`; `nil` if anything else is there (an empty number, a `:` sub-parameter, a private
  /// marker such as `<` or `?`) or nothing at all.
  static func numbers(in parameters: some Collection<UInt8>) -> [Int]? {
    var values: [Int] = []
    var current = 0
    var digits = 0
    for byte in parameters {
      if byte == UInt8(ascii: ";") {
        guard digits > 0 else { return nil }
        values.append(current)
        current = 0
        digits = 0
      } else if (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 6 {
        current = current * 10 + Int(byte - UInt8(ascii: "0"))
        digits += 1
      } else {
        return nil
      }
    }
    guard digits > 0 else { return nil }
    values.append(current)
    return values
  }
}
