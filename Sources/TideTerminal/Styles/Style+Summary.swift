extension Style {
  /// The style in words, for messages: `bold underline=curly fg=#7aa2f7 bg=red`, `plain`.
  package var summary: String {
    var words: [String] = []
    if bold { words.append("bold") }
    if dim { words.append("dim") }
    if italic { words.append("italic") }
    if let underline { words.append(underline == .single ? "underline" : "underline=\(underline)") }
    if strikethrough { words.append("strikethrough") }
    if reverse { words.append("reverse") }
    if foreground != .default { words.append("fg=\(foreground.summary)") }
    if background != .default { words.append("bg=\(background.summary)") }
    if underlineColor != .default { words.append("underline-color=\(underlineColor.summary)") }
    if let link { words.append("link=\(link.url)") }
    return words.isEmpty ? "plain" : words.joined(separator: " ")
  }
}

extension Color {
  /// The colour in words: `red`, `bright-blue`, `208`, `#7aa2f7`, `default`.
  package var summary: String {
    switch value {
    case .default: return "default"
    case .ansi(let index):
      let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
      return index < 8 ? names[index] : "bright-" + names[index - 8]
    case .indexed(let index): return String(index)
    case .rgb: return hexString ?? "default"
    }
  }
}
