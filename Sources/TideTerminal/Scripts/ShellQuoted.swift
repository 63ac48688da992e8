/// `word` as a shell reads it back: as is when it holds only safe characters, else in single
/// quotes — or, when it holds a control character (a line break in a file name), in `$'…'`
/// with the character escaped (bash, zsh, ksh and POSIX.1-2024 shells read it), so that the
/// command stays on the one comment line of a recording's header and no byte of the name
/// reaches the script or a terminal raw.
package func shellQuoted(_ word: String) -> String {
  if word.unicodeScalars.contains(where: isEscapedInMessages) {
    var quoted = "$'"
    for scalar in word.unicodeScalars {
      switch scalar {
      case "\\": quoted += "\\\\"
      case "'": quoted += "\\'"
      case _ where isEscapedInMessages(scalar):
        quoted += scalar.value <= 0x7F ? "\\x" + hexByte(scalar.value) : "\\u" + String(scalar.value, radix: 16)
      default: quoted.unicodeScalars.append(scalar)
      }
    }
    return quoted + "'"
  }
  let safe = word.unicodeScalars.allSatisfy { scalar in
    scalar.isASCII && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil || "-_./=:,+@%".unicodeScalars.contains(scalar))
  }
  if safe && !word.isEmpty { return word }
  return "'" + word.replacing("'", with: #"'\''"#) + "'"
}

/// `1b` for 27: two hexadecimal digits.
private func hexByte(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return digits.count == 1 ? "0" + digits : digits
}
