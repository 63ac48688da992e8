import TideTerminal

extension InspectorBrowser {
  /// Draws the inspector: a pure function of its state, as every view is.
  @MainActor
  package static func draw(_ state: State, on canvas: inout Canvas) {
    let layout = layout(canvas.bounds, appSize: state.appSize)
    let title = " \(state.traceName) — step \(state.selectedStep) of \(state.actionCount)"
      + (state.field.isEmpty ? "" : " — field \(state.field)") + followingNote(state)
    let theme = canvas.theme
    canvas.fill(layout.title, style: theme.selection)
    canvas.drawTruncated(
      title, atColumn: layout.title.column, row: layout.title.row, width: layout.title.width,
      style: theme.title.layered(over: theme.selection))

    SelectionList.draw(
      state.steps, in: layout.steps, on: &canvas, style: state.focus == .steps ? theme.text : theme.muted,
      sending: { Action.steps($0) })
    for row in layout.steps.row..<layout.steps.endRow {
      canvas.draw("│", atColumn: layout.steps.endColumn, row: row, style: theme.border)
    }
    drawScreen(state, in: layout.screen, on: &canvas)
    let detailTitle = Rect(column: layout.detail.column, row: layout.detail.row, width: layout.detail.width, height: 1)
    canvas.draw(
      "── step \(state.shownStep) " + String(repeating: "─", count: max(0, layout.detail.width)),
      atColumn: detailTitle.column, row: detailTitle.row, style: state.focus == .detail ? theme.text : theme.muted, maxWidth: detailTitle.width)
    let detailBody = Rect(
      column: layout.detail.column, row: layout.detail.row + 1, width: layout.detail.width,
      height: max(0, layout.detail.height - 1))
    Viewport.draw(state.detail, in: detailBody, on: &canvas, sending: { Action.detail($0) })

    let status = layout.status
    if let open = state.prompt {
      let prompt = open == .field ? "field to follow: " : "go to step: "
      canvas.draw(prompt, atColumn: status.column, row: status.row, style: theme.title)
      TextInput.draw(
        state.promptInput,
        in: Rect(column: status.column + prompt.count, row: status.row, width: max(0, status.width - prompt.count), height: 1),
        on: &canvas)
    } else if let message = state.message {
      canvas.drawTruncated(message, atColumn: status.column, row: status.row, width: status.width, style: theme.title)
    } else {
      Help.drawShort(keys(for: state).helpLine(maxWidth: status.width), in: status, on: &canvas)
    }
    if state.help.isShowingAll {
      Help.drawFull(state.help, entries: helpEntries, title: "Inspector keys", in: canvas.bounds, on: &canvas)
    }
  }

  /// What the title says of a trace still being written: followed, or an attached app's.
  static func followingNote(_ state: State) -> String {
    guard state.isLive else { return state.isFollowing ? " — following" : "" }
    if state.liveEnded { return " — the app has ended" }
    return state.heldStep.map { " — app held at step \($0)" } ?? " — live"
  }

  /// The app's screen after the shown step, drawn by the app's own view at the terminal's size
  /// then, under a rule naming that size; cut to the pane when the pane is smaller.
  @MainActor
  static func drawScreen(_ state: State, in rect: Rect, on canvas: inout Canvas) {
    guard rect.height > 0 else { return }
    canvas.draw(
      "── screen after step \(state.shownStep) (\(state.appSize)) " + String(repeating: "─", count: max(0, rect.width)),
      atColumn: rect.column, row: rect.row, style: canvas.theme.border, maxWidth: rect.width)
    let screen = state.appScreen
    let body = Rect(column: rect.column, row: rect.row + 1, width: rect.width, height: rect.height - 1)
    canvas.withClip(body) { canvas in
      for row in 0..<min(screen.rows, body.height) {
        for column in 0..<min(screen.columns, body.width) {
          let cell = screen[column, row]
          guard !cell.isContinuation else { continue }
          canvas.draw(cell.text, atColumn: body.column + column, row: body.row + row, style: cell.style)
        }
      }
    }
  }
}
