/// The `Int` a JSON number stands for, in whatever form it is written: `100`, `1e2`, `100.0`,
/// `1000e-1`, read exactly (no `Double` in between, so `9.223372036854775807e18` is `Int.max`).
package enum ExactInteger: Equatable, Sendable {
  case value(Int)
  /// The number has a fraction.
  case fraction
  /// Beyond `Int`.
  case tooLarge

  /// The integer `text` (a number by JSON's grammar, already checked) stands for.
  package init(_ text: UnsafeRawBufferPointer) {
    let negative = text.first == UInt8(ascii: "-")
    var index = negative ? 1 : 0
    // The usual form, digits only, read without allocating.
    var plain = 0
    while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") {
      let digit = Int(text[index] - UInt8(ascii: "0"))
      let (times, overflow1) = plain.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
      // Too large for the plain form; `1e2`-style forms are read below.
      guard !overflow1, !overflow2 else { break }
      plain = next
      index += 1
    }
    if index == text.count {
      self = .value(plain)
      return
    }
    index = negative ? 1 : 0
    // The significant digits, integer part then fraction, and the power of ten they are scaled by.
    var digits: [UInt8] = []
    var scale = 0
    while index < text.count, text[index] != UInt8(ascii: "."), text[index] | 0x20 != UInt8(ascii: "e") {
      digits.append(text[index] - UInt8(ascii: "0"))
      index += 1
    }
    if index < text.count, text[index] == UInt8(ascii: ".") {
      index += 1
      while index < text.count, text[index] | 0x20 != UInt8(ascii: "e") {
        digits.append(text[index] - UInt8(ascii: "0"))
        scale -= 1
        index += 1
      }
    }
    if index < text.count {
      index += 1
      let exponentIsNegative = text[index] == UInt8(ascii: "-")
      if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") { index += 1 }
      // Saturated: beyond a billion, the answer no longer depends on the exact exponent.
      var exponent = 0
      while index < text.count {
        exponent = min(exponent * 10 + Int(text[index] - UInt8(ascii: "0")), 1_000_000_000)
        index += 1
      }
      scale += exponentIsNegative ? -exponent : exponent
    }
    guard let firstSignificant = digits.firstIndex(where: { $0 != 0 }) else {
      self = .value(0)
      return
    }
    var end = digits.count
    while scale < 0 {
      guard end > firstSignificant, digits[end - 1] == 0 else {
        self = .fraction
        return
      }
      end -= 1
      scale += 1
    }
    guard end - firstSignificant + scale <= 19 else {
      self = .tooLarge
      return
    }
    var value = 0
    for digit in digits[firstSignificant..<end] + repeatElement(0, count: scale) {
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (next, overflow2) = negative ? times.subtractingReportingOverflow(Int(digit)) : times.addingReportingOverflow(Int(digit))
      guard !overflow1, !overflow2 else {
        self = .tooLarge
        return
      }
      value = next
    }
    self = .value(value)
  }
}
