import TideTerminal

extension AppFeature {
  /// The smallest terminal the layout fits.
  package static let minimumSize = TerminalSize(columns: 40, rows: 12)

  /// Draws the whole app: tabs, the current screen, the warning line, the footer help and the
  /// help overlay.
  package static func draw(_ state: State, on canvas: inout Canvas) {
    drawHeader(state, on: &canvas)
    let body = Rect(column: 0, row: 2, width: canvas.columns, height: canvas.rows - 4)
    switch state.screen {
    case .counter: CounterFeature.draw(state.counter, in: body, on: &canvas)
    case .stopwatch: StopwatchFeature.draw(state.stopwatch, in: body, on: &canvas)
    case .todos: TodosFeature.draw(state.todos, in: body, on: &canvas)
    }
    canvas.drawTruncated(
      footer(for: state, width: canvas.columns - 2), atColumn: 1, row: canvas.rows - 1,
      width: canvas.columns - 2, style: Style(dim: true))
    // With both shown, the warning's box sits at the bottom and the help above it, never over it.
    let helpBottom = drawWarning(state, on: &canvas)
    if state.isHelpShown { drawHelp(state, above: helpBottom, on: &canvas) }
  }

  /// The footer: the screen's keys that fit, then always the global ones (so `? help` is never
  /// crowded out by a screen with many keys).
  static func footer(for state: State, width: Int) -> String {
    keys(for: state).helpLine(maxWidth: width)
  }

  private static func drawHeader(_ state: State, on canvas: inout Canvas) {
    var column = 1
    for screen in Screen.allCases {
      let label = " \(screen.title) "
      let style = screen == state.screen ? Style(bold: true, reverse: true) : .plain
      column += canvas.draw(label, atColumn: column, row: 0, style: style)
      column += 1
    }
    let title = "Tide demo"
    if column + title.count + 1 < canvas.columns {
      canvas.draw(title, atColumn: canvas.columns - title.count - 1, row: 0, style: Style(dim: true))
    }
    canvas.draw(String(repeating: "─", count: canvas.columns), atColumn: 0, row: 1, style: Style(dim: true))
  }

  /// The entries of the `?` overlay: every key of the current screen and the global ones, the
  /// input line's keys while it is open, and how to close it.
  static func helpEntries(for state: State) -> [KeyHelp] {
    var entries = screenKeys(for: state).helpEntries
    if state.screen == .todos, state.todos.editor == nil {
      // The input line cannot show help while it takes text (? is text there): list its keys here.
      entries += TodosFeature.editorKeys.helpEntries.map { KeyHelp(keys: $0.keys, help: "input: " + $0.help) }
    }
    return entries + [KeyHelp(keys: "?/esc", help: "close help")]
  }

  /// The `?` overlay, in the rows above `bottom`. When they are too few for every entry it shows
  /// a window of them, says which (`3-8/14`) in its bottom edge, and scrolls with ↑/↓ (k/j) and
  /// pgup/pgdn.
  private static func drawHelp(_ state: State, above bottom: Int, on canvas: inout Canvas) {
    let entries = helpEntries(for: state)
    let keyWidth = entries.map(\.keys.displayWidth).max() ?? 0
    let width = min(canvas.columns - 4, max(30, keyWidth + 4 + (entries.map(\.help.displayWidth).max() ?? 0)))
    let height = min(bottom - 2, entries.count + 2)
    guard height >= 3 else { return }
    let box = Rect(column: (canvas.columns - width) / 2, row: (bottom - height) / 2, width: width, height: height)
    canvas.fill(box)
    canvas.drawBox(box, title: "Keys: \(state.screen.title)", style: Style(bold: true))
    let visible = max(0, height - 2)
    let first = min(state.helpScroll, max(0, entries.count - visible))
    for (offset, entry) in entries.dropFirst(first).prefix(visible).enumerated() {
      let row = box.row + 1 + offset
      canvas.drawTruncated(entry.keys, atColumn: box.column + 2, row: row, width: keyWidth, style: Style(bold: true))
      canvas.drawTruncated(
        entry.help, atColumn: box.column + 4 + keyWidth, row: row, width: box.width - keyWidth - 6)
    }
    if visible < entries.count {
      let position = " \(first + 1)-\(first + visible)/\(entries.count) ↑↓ "
      canvas.drawTruncated(
        position, atColumn: max(box.column + 1, box.endColumn - 1 - position.displayWidth), row: box.endRow - 1,
        width: box.width - 2, style: Style(bold: true))
    }
  }
}
