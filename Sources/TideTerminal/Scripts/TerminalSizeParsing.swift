extension TerminalSize {
  /// The columns and rows a size given as text may have: what a key script's `resize` and the
  /// command line's `--size` accept.
  package static let parsableRange = 1...1000

  /// Parses `COLUMNSxROWS` (ASCII digits, a lowercase `x`, nothing else: no sign, no blanks),
  /// each number in ``parsableRange``. This is the one size parser, so a key script's `resize`
  /// and a command-line `--size` accept exactly the same texts.
  package init(parsing text: some StringProtocol) throws(TerminalSizeParsingError) {
    let parts = text.utf8.split(separator: UInt8(ascii: "x"), omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Self.number(parts[0]), let rows = Self.number(parts[1]) else {
      throw TerminalSizeParsingError(
        message: "invalid size '\(escapedExcerpt(text, limit: 40))' (expected COLUMNSxROWS, e.g. 100x30)")
    }
    guard Self.parsableRange.contains(columns), Self.parsableRange.contains(rows) else {
      throw TerminalSizeParsingError(
        message: "size '\(escapedExcerpt(text, limit: 40))' is out of range "
          + "(\(Self.parsableRange.lowerBound)x\(Self.parsableRange.lowerBound) "
          + "to \(Self.parsableRange.upperBound)x\(Self.parsableRange.upperBound))")
    }
    self.init(columns: columns, rows: rows)
  }

  /// The value of a non-empty run of ASCII digits, saturated just above the range so a huge
  /// number is reported as out of range rather than as malformed.
  private static func number(_ digits: some Collection<UInt8>) -> Int? {
    guard !digits.isEmpty else { return nil }
    var value = 0
    for digit in digits {
      guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
      value = min(value * 10 + Int(digit - UInt8(ascii: "0")), parsableRange.upperBound + 1)
    }
    return value
  }
}

/// A size given as text that ``TerminalSize/init(parsing:)`` does not accept.
package struct TerminalSizeParsingError: Error, Hashable, Sendable, CustomStringConvertible {
  /// What is wrong, e.g. `invalid size '80xx24' (expected COLUMNSxROWS, e.g. 100x30)`.
  package var message: String

  /// An error saying `message`.
  package init(message: String) {
    self.message = message
  }

  /// The message.
  package var description: String { message }
}
