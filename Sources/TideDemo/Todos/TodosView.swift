import TideTerminal

extension TodosFeature {
  /// Draws the list into `area`.
  package static func draw(_ state: State, in area: Rect, on canvas: inout Canvas) {
    guard area.height >= 4 else { return }
    let left = area.column + 2
    let width = max(0, area.width - 4)
    let header = "Filter: \(state.filter.rawValue)" + (state.readOnly.map { "  read-only: " + $0.summary } ?? "")
    canvas.drawTruncated(header, atColumn: left, row: area.row, width: width, style: Style(bold: true))

    let listTop = area.row + 2
    let footerRow = area.endRow - (state.editor == nil ? 1 : 2)
    let listHeight = max(0, footerRow - 1 - listTop)
    let visible = state.visible
    if visible.isEmpty {
      let message = state.todos.isEmpty ? "No todos yet. Press a to add one." : "Nothing here under this filter."
      canvas.drawTruncated(message, atColumn: left, row: listTop, width: width, style: Style(dim: true))
    }
    // Only the rows that fit are looked at, however long the list.
    let selectedIndex = state.visibleIndex(of: state.selection, in: visible) ?? 0
    let firstShown = max(0, min(selectedIndex - listHeight + 1, visible.count - listHeight))
    for (offset, todo) in visible[firstShown..<min(visible.count, firstShown + listHeight)].enumerated() {
      let isSelected = todo.id == state.selection
      let row = listTop + offset
      let marker = isSelected ? "> " : "  "
      let text = marker + (todo.isDone ? "[x] " : "[ ] ") + Todo.visibleTitle(todo.title)
      let style = isSelected ? Style(reverse: true) : Style(dim: todo.isDone)
      if isSelected { canvas.fill(Rect(column: left, row: row, width: width, height: 1), style: style) }
      canvas.drawTruncated(text, atColumn: left, row: row, width: width, style: style)
    }

    canvas.drawTruncated(state.itemsLeftText, atColumn: left, row: footerRow, width: width)
    if let editor = state.editor {
      let prompt = editor.purpose == .add ? "New todo: " : "Edit todo: "
      drawInput(editor.input, prompt: prompt, atColumn: left, row: footerRow + 1, width: width, on: &canvas)
    }
    if state.isReadOnlyNoticeShown, let readOnly = state.readOnly { drawReadOnlyNotice(readOnly, in: area, on: &canvas) }
  }

  /// The notice an editing key opens on a read-only list: the whole reason, wrapped, and how to
  /// close it, in a box over the list.
  private static func drawReadOnlyNotice(_ readOnly: ReadOnlyReason, in area: Rect, on canvas: inout Canvas) {
    let width = min(area.width - 2, 64)
    guard width > 8 else { return }
    var lines = ["This list cannot be changed:"] + AppFeature.wrap(readOnly.details, width: width - 4)
    let height = min(lines.count + 3, area.height)
    lines = Array(lines.prefix(height - 3))
    let box = Rect(column: area.column + (area.width - width) / 2, row: area.row + (area.height - height) / 2, width: width, height: height)
    canvas.fill(box)
    canvas.drawBox(box, title: "Read-only", style: Style(bold: true, foreground: .yellow))
    for (offset, line) in lines.enumerated() {
      canvas.drawTruncated(line, atColumn: box.column + 2, row: box.row + 1 + offset, width: width - 4, style: offset == 0 ? Style(bold: true) : .plain)
    }
    canvas.drawTruncated("enter/esc to close", atColumn: box.column + 2, row: box.endRow - 2, width: width - 4, style: Style(dim: true))
  }

  /// Draws `prompt` and the input line, scrolled so the cursor is visible, the cursor cell in
  /// reverse video.
  static func drawInput(
    _ input: TextInput, prompt: String, atColumn column: Int, row: Int, width: Int, on canvas: inout Canvas
  ) {
    let promptWidth = canvas.drawTruncated(prompt, atColumn: column, row: row, width: width, style: Style(bold: true))
    let available = width - promptWidth
    guard available > 1 else { return }
    // A loaded title being edited may hold control characters: drawn as pictures.
    let characters = input.characters.map { TextInput.isPrintable($0) ? String($0) : Todo.visibleTitle(String($0)) }
    var start = 0
    var widthBeforeCursor = characters[..<input.cursor].reduce(0) { $0 + $1.displayWidth }
    while widthBeforeCursor > available - 2, start < input.cursor {
      widthBeforeCursor -= characters[start].displayWidth
      start += 1
    }
    var x = column + promptWidth
    for index in start..<characters.count {
      let shown = characters[index]
      guard x + shown.displayWidth <= column + width else { break }
      let style = index == input.cursor ? Style(reverse: true) : .plain
      x += canvas.draw(shown, atColumn: x, row: row, style: style, maxWidth: column + width - x)
    }
    if input.cursor == characters.count, x < column + width {
      canvas.draw(" ", atColumn: x, row: row, style: Style(reverse: true))
    }
  }
}
