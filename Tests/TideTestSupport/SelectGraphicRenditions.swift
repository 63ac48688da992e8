/// The parameters of each SGR sequence (`ESC [ … m`) in `text`, in order (`"0;1;38;5;111"`);
/// other sequences (cursor moves) are skipped. `escape` is how the text spells `ESC [`: itself
/// in a terminal's output, `\u001b[` in a cast's JSON.
package func selectGraphicRenditions(in text: String, escape: String = "\u{1B}[") -> [String] {
  var found: [String] = []
  var rest = Substring(text)
  while let start = rest.range(of: escape) {
    let parameters = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" || $0 == ":" }
    if parameters.endIndex < rest.endIndex, rest[parameters.endIndex] == "m" { found.append(String(parameters)) }
    rest = rest[parameters.endIndex...]
  }
  return found
}
