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
///
/// A key sent with xterm's modifier parameter (`CSI 1 ; 3 A`) is that key with alt when the
/// modifier is alt alone (as rxvt's `ESC ESC [ A` is); other modifiers (shift, control) are
/// dropped until Tide has keys for them. The Linux console's `CSI [ A`…`E` is found by
/// ``InputToken`` (its `[` is no parameter byte).
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
      guard let numbers = Self.numbers(in: parameters), let code = numbers.first, numbers.count <= 2 else { return .nothing }
      if code == 200, numbers.count == 1 { return .pasteStart }
      return Self.tildeKeys[code].map { key(key: $0, modifier: numbers.count == 2 ? numbers[1] : 1) } ?? .nothing
    default:
      guard let key = letterKey else { return .nothing }
      if parameters.isEmpty { return .event(.key(key)) }
      // xterm: `CSI 1 ; m A`; old xterm and some others: `SS3 m A`.
      guard let numbers = Self.numbers(in: parameters) else { return .nothing }
      switch (introducer, numbers.count) {
      case (.csi, 2) where numbers[0] == 1: return self.key(key: key, modifier: numbers[1])
      case (.ss3, 1): return self.key(key: key, modifier: numbers[0])
      default: return .nothing
      }
    }
  }

  /// `key` with xterm's modifier parameter (1 plus 1 shift, 2 alt, 4 control, 8 meta): alone,
  /// or with alt only; `.nothing` for the other modifiers, which Tide has no keys for yet.
  private func key(key: Key, modifier: Int) -> InputToken {
    switch modifier {
    case 1: .event(.key(key))
    case 3: .event(.key(.alt(key)))
    default: .nothing
    }
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
