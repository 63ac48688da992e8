import TideTerminal

extension CounterFeature {
  /// Draws the counter into `area`.
  package static func draw(_ state: State, in area: Rect, on canvas: inout Canvas) {
    let theme = canvas.theme
    let text = "Count: \(state.count)"
    let row = area.row + area.height / 2 - 1
    canvas.drawTruncated(
      text, atColumn: area.column + max(0, (area.width - text.displayWidth) / 2), row: row,
      width: area.width, style: theme.title)
    guard let alert = state.alert else { return }
    let width = min(area.width, max(alert.displayWidth, 28) + 4)
    let box = Rect(column: area.column + (area.width - width) / 2, row: row + 2, width: width, height: 4)
    canvas.fill(box, style: theme.text)
    Block(title: "Alert").draw(in: box, on: &canvas)
    canvas.drawTruncated(alert, atColumn: box.column + 2, row: box.row + 1, width: width - 4, style: theme.accent)
    canvas.drawTruncated("enter/esc to dismiss", atColumn: box.column + 2, row: box.row + 2, width: width - 4, style: theme.muted)
  }
}
