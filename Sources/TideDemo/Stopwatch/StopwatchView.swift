import TideTerminal

extension StopwatchFeature {
  /// Draws the stopwatch into `area`.
  package static func draw(_ state: State, in area: Rect, on canvas: inout Canvas) {
    let theme = canvas.theme
    let time = state.elapsed.stopwatchText
    let row = area.row + 2
    canvas.drawTruncated(
      time, atColumn: area.column + max(0, (area.width - time.displayWidth) / 2), row: row,
      width: area.width, style: theme.title)
    let word = state.isRunning ? "Running" : "Stopped"
    canvas.drawTruncated(
      word, atColumn: area.column + max(0, (area.width - word.displayWidth) / 2), row: row + 1, width: area.width,
      style: state.isRunning ? theme.success : theme.muted)
    drawLaps(state.laps, in: Rect(column: area.column, row: row + 3, width: area.width, height: area.endRow - row - 3), on: &canvas)
  }

  /// The laps as a table — number, total and split each right-aligned in its own column, the
  /// block centred as a whole — newest first. When they do not all fit, the last row says how
  /// many earlier laps are hidden.
  static func drawLaps(_ laps: [Lap], in area: Rect, on canvas: inout Canvas) {
    guard area.height > 0, !laps.isEmpty else { return }
    let hidden = laps.count > area.height ? laps.count - (area.height - 1) : 0
    let shown = laps.prefix(laps.count - hidden)
    let rows = shown.map { lap in
      (number: "Lap \(lap.number)", total: lap.total.stopwatchText, split: "+" + lap.split.stopwatchText)
    }
    let numberWidth = rows.map(\.number.count).max() ?? 0
    let totalWidth = rows.map(\.total.count).max() ?? 0
    let splitWidth = rows.map(\.split.count).max() ?? 0
    func padded(_ text: String, to width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    func leftAligned(_ text: String, to width: Int) -> String {
      text + String(repeating: " ", count: max(0, width - text.count))
    }
    let lines = rows.map { row in
      leftAligned(row.number, to: numberWidth) + "  "
        + padded(row.total, to: totalWidth) + "  " + padded(row.split, to: splitWidth)
    }
    let tableWidth = lines.first?.count ?? 0
    let left = area.column + max(0, (area.width - tableWidth) / 2)
    for (offset, line) in lines.enumerated() {
      canvas.drawTruncated(line, atColumn: left, row: area.row + offset, width: area.endColumn - left, style: canvas.theme.text)
    }
    if hidden > 0 {
      let note = hidden == 1 ? "… 1 earlier lap" : "… \(hidden) earlier laps"
      canvas.drawTruncated(
        note, atColumn: left, row: area.row + lines.count, width: area.endColumn - left, style: canvas.theme.muted)
    }
  }
}
