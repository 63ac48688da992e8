extension String {
  /// `self` between double quotes, as key scripts and messages write strings: `"` and `\`
  /// escaped, line feed, carriage return and tab as `\n`, `\r`, `\t`, the scalars `needsEscape`
  /// picks written by `unicodeEscape`, and everything else as it is. Swift's string literals take
/// the same escapes, so with `\u{…}` for control characters this is one of those too.
  package func quotedLiteral(
    escaping needsEscape: (Unicode.Scalar) -> Bool, as unicodeEscape: (Unicode.Scalar) -> String
  ) -> String {
    var result = "\""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      default:
        if needsEscape(scalar) {
          result += unicodeEscape(scalar)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
