import TideTerminal

extension StopwatchFeature {
  /// Draws the stopwatch into `area`.
  public static func draw(_ state: State, in area: Rect, on canvas: inout Canvas) {
    let time = state.elapsed.stopwatchText
    let row = area.row + 2
    canvas.drawTruncated(
      time, atColumn: area.column + max(0, (area.width - time.displayWidth) / 2), row: row,
      width: area.width, style: Style(bold: true))
    let word = state.isRunning ? "Running" : "Stopped"
    canvas.drawTruncated(
      word, atColumn: area.column + max(0, (area.width - word.count) / 2), row: row + 1, width: area.width,
      style: Style(dim: !state.isRunning, foreground: state.isRunning ? .green : .default))
    let firstLapRow = row + 3
    let visibleLaps = max(0, area.endRow - firstLapRow)
    for (offset, lap) in state.laps.prefix(visibleLaps).enumerated() {
      let text = "Lap \(lap.number)  \(lap.total.stopwatchText)  +\(lap.split.stopwatchText)"
      canvas.drawTruncated(
        text, atColumn: area.column + max(0, (area.width - text.displayWidth) / 2), row: firstLapRow + offset,
        width: area.width)
    }
  }
}
