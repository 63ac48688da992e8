import TideTerminal

extension AppFeature {
  /// The smallest terminal the layout fits.
  package static let minimumSize = TerminalSize(columns: 40, rows: 12)

  /// Where the current screen is drawn: under the tabs and their rule, above the footer.
  package static func body(of screen: Rect) -> Rect {
    Rect(column: screen.column, row: screen.row + 2, width: screen.width, height: screen.height - 4)
  }

  /// Draws the whole app: tabs, the current screen, the warning line, the footer help and the
  /// help overlay.
  package static func draw(_ state: State, on canvas: inout Canvas) {
    drawHeader(state, on: &canvas)
    let body = body(of: canvas.bounds)
    switch state.screen {
    case .counter: CounterFeature.draw(state.counter, in: body, on: &canvas)
    case .stopwatch: StopwatchFeature.draw(state.stopwatch, in: body, on: &canvas)
    case .todos: TodosFeature.draw(state.todos, in: body, on: &canvas, sending: { Action.todos($0) })
    }
    let footerArea = Rect(column: 1, row: canvas.rows - 1, width: canvas.columns - 2, height: 1)
    Help.drawShort(footer(for: state, width: footerArea.width), in: footerArea, on: &canvas)
    // With both shown, the warning's box sits at the bottom and the help above it, never over it.
    let helpBottom = drawWarning(state, on: &canvas)
    if state.isHelpShown {
      Help.drawFull(
        state.help, entries: helpEntries(for: state), title: "Keys: \(state.screen.title)",
        in: Rect(column: 0, row: 0, width: canvas.columns, height: helpBottom), on: &canvas)
    }
  }

  /// The footer: the screen's keys that fit, then always the global ones (so `? help` is never
  /// crowded out by a screen with many keys).
  static func footer(for state: State, width: Int) -> String {
    keys(for: state).helpLine(maxWidth: width)
  }

  private static func drawHeader(_ state: State, on canvas: inout Canvas) {
    let theme = canvas.theme
    var column = 1
    for screen in Screen.allCases {
      let label = " \(screen.title) "
      let style = screen == state.screen ? theme.title.layered(over: theme.selection) : theme.text
      let width = canvas.draw(label, atColumn: column, row: 0, style: style)
      canvas.addHitRegion(Rect(column: column, row: 0, width: width, height: 1), onPress: Action.showScreen(screen))
      column += width
      column += 1
    }
    let title = "Tide demo"
    let titleWidth = title.displayWidth
    if column + titleWidth + 1 < canvas.columns {
      canvas.draw(title, atColumn: canvas.columns - titleWidth - 1, row: 0, style: theme.muted)
    }
    // A fill, not a drawn string: building 80 "─" into a String was a tenth of a frame's work.
    canvas.fill(Rect(column: 0, row: 1, width: canvas.columns, height: 1), with: "─", style: theme.border)
  }

  /// The entries of the `?` overlay: every key of the current screen and the global ones, the
  /// input line's keys while it is open, and how to close it. When the rows are too few for
  /// all of them, the ``Help`` overlay shows a window of them, says which (`3-8/14`) in its
  /// bottom edge, and scrolls with ↑/↓ (k/j) and pgup/pgdn.
  static func helpEntries(for state: State) -> [KeyHelp] {
    var entries = screenKeys(for: state).helpEntries
    if state.screen == .todos, state.todos.editor == nil {
      // The input line cannot show help while it takes text (? is text there): list its keys here.
      entries += TodosFeature.editorKeys.helpEntries.map { KeyHelp(keys: $0.keys, help: "input: " + $0.help) }
    }
    return entries + [KeyHelp(keys: "?/esc", help: "close help")]
  }
}
