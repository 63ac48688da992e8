import TideTerminal

extension TodosFeature {
  /// Draws the list into `area`.
  package static func draw(_ state: State, in area: Rect, on canvas: inout Canvas) {
    guard area.height >= 4 else { return }
    let left = area.column + 2
    let width = max(0, area.width - 4)
    let header = "Filter: \(state.filter.rawValue)" + (state.isReadOnly ? "  (read-only)" : "")
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
