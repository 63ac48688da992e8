import TideTerminal

/// The pieces of Swift source the inspector writes (`--export-test`), built so that no text from
/// a trace — its file's name, an action's key, a typed title — can end a comment or a literal
/// early and become code: a file named `t⏎fatalError("pwned")⏎.trace` once put a line of its
/// own into the exported test.
package enum SwiftSource {
  /// A `//` comment of one line holding `text`, control characters escaped (`\u{A}`).
  package static func comment(_ text: String) -> String {
    "// " + escapedName(text)
  }

  /// A Swift string literal whose value is `text`.
  ///
  /// Readable JSON stays readable: a raw literal `#"…"#` with as many `#` as it takes that
  /// neither `"#…` (which would end it) nor `\#…` (which would start an escape or an
  /// interpolation, `\#(code)`) occurs inside. A text with a control character, which a
  /// single-line literal cannot hold as it is, is written as an escaped literal instead
  /// (`"…\n…\u{1B}…"`).
  package static func stringLiteral(_ text: String) -> String {
    if text.unicodeScalars.contains(where: isEscapedInMessages) {
      return text.quotedLiteral(escaping: isEscapedInMessages) { scalar in
        "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      }
    }
    var hashes = "#"
    while text.firstRange(of: "\"" + hashes) != nil || text.firstRange(of: "\\" + hashes) != nil { hashes += "#" }
    return hashes + "\"" + text + "\"" + hashes
  }
}
