/// Text shown inside a message: at most `limit` characters (then `…`), control characters shown
/// as `\u{1B}`, so one bad token can neither flood a message nor break it across lines or
/// corrupt the terminal that prints it.
///
/// The escape is the key-script string escape, so a user can paste it into a script. Control
/// characters are the C0 and C1 ranges and DEL (NUL included), plus U+2028 and U+2029, which
/// some viewers treat as line breaks. A tab is kept as is when `keepingTabs` (a command's
/// source may be indented with tabs); elsewhere it is escaped too.
package func escapedExcerpt(_ text: some StringProtocol, limit: Int, keepingTabs: Bool = false) -> String {
  var result = ""
  var count = 0
  for character in text {
    if count == limit {
      result.append("…")
      break
    }
    count += 1
    let scalars = character.unicodeScalars
    if scalars.contains(where: { isEscapedInMessages($0) && !(keepingTabs && $0 == "\t") }) {
      for scalar in scalars {
        if isEscapedInMessages(scalar) && !(keepingTabs && scalar == "\t") {
          result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    } else {
      result.append(character)
    }
  }
  return result
}

/// `text` whole, its control characters escaped as ``escapedExcerpt(_:limit:keepingTabs:)``
/// escapes them: a name from outside — a file's, a trace's app's — put into a message, a
/// comment of a generated file or a title, where a line break in it would start a line of its
/// own (a line of code in an exported test, a command in a key script) and an escape sequence
/// would reach the terminal raw. Text that holds none comes back as it was, so escaping twice
/// changes nothing.
package func escapedName(_ text: some StringProtocol) -> String {
  guard text.unicodeScalars.contains(where: isEscapedInMessages) else { return String(text) }
  return escapedExcerpt(text, limit: .max)
}

/// Whether `scalar` is shown escaped in messages: a control character, U+2028 or U+2029, or a
/// bidirectional formatting character (U+202A–202E, U+2066–2069), which reorders the text
/// after it on screen ("Trojan source": a name in a generated test's comment that reads as
/// something other than what it is).
package func isEscapedInMessages(_ scalar: Unicode.Scalar) -> Bool {
  switch scalar.value {
  case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
  default: return false
  }
}
