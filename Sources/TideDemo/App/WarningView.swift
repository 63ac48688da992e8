import TideTerminal

extension AppFeature {
  /// Draws the warning: its summary on the line above the footer, and — while `?` shows the
  /// help — its details, wrapped, in a box at the bottom, so the full reason and every path can
  /// be read at any terminal width. Returns the first row it drew on (the canvas's height when
  /// there is no warning), so the help overlay can go above it.
  @discardableResult
  static func drawWarning(_ state: State, on canvas: inout Canvas) -> Int {
    guard let warning = state.warning else { return canvas.rows }
    let line = "! " + warning.summary
    let hint = state.isHelpShown ? "" : "  ? details  esc hide"
    canvas.drawTruncated(
      (line + hint).displayWidth <= canvas.columns - 2 ? line + hint : line, atColumn: 1, row: canvas.rows - 2,
      width: canvas.columns - 2, style: canvas.theme.warning)
    guard state.isHelpShown else { return canvas.rows - 2 }
    let width = canvas.columns - 2
    let lines = wrap(warning.details, width: width - 4)
    // At most half the screen, and never so much that the help above it has no room for three
    // of its entries.
    let height = min(lines.count + 2, canvas.rows / 2, canvas.rows - 9)
    let box = Rect(column: 1, row: canvas.rows - 2 - height, width: width, height: height)
    canvas.fill(box, style: canvas.theme.text)
    Block(title: "Warning").draw(in: box, on: &canvas)
    for (offset, line) in lines.prefix(height - 2).enumerated() {
      canvas.drawTruncated(line, atColumn: box.column + 2, row: box.row + 1 + offset, width: width - 4, style: canvas.theme.text)
    }
    return box.row
  }

  /// `text` broken into lines of at most `width` columns, at spaces where possible (a path
  /// longer than a line is broken inside it).
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      var word = String(word)
      let candidate = line.isEmpty ? word : line + " " + word
      if candidate.displayWidth <= width {
        line = candidate
        continue
      }
      if !line.isEmpty { lines.append(line) }
      line = ""
      while word.displayWidth > width {
        var head = ""
        for character in word {
          if (head + String(character)).displayWidth > width { break }
          head.append(character)
        }
        lines.append(head)
        word.removeFirst(head.count)
      }
      line = word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
