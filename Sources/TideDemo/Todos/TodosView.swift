import TideTerminal

extension TodosFeature {
  /// The rows the list takes in an area `height` rows high: all but the filter line and the
  /// blank under it, the blank and the count line under the list, and the input line when open.
  /// One formula for drawing and for the list's state.
  package static func listHeight(inArea height: Int, isEditing: Bool) -> Int {
    max(0, height - (isEditing ? 5 : 4))
  }

  /// Draws the list into `area`. With `sending`, a press on a row selects it, a press on its
  /// `[ ]` ticks it, and the wheel moves the list.
  package static func draw(
    _ state: State, in area: Rect, on canvas: inout Canvas, sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard area.height >= 4 else { return }
    let theme = canvas.theme
    let left = area.column + 2
    let width = max(0, area.width - 4)
    let header = "Filter: \(state.filter.rawValue)" + (state.readOnly.map { "  read-only: " + $0.summary } ?? "")
    canvas.drawTruncated(header, atColumn: left, row: area.row, width: width, style: theme.title)

    let listTop = area.row + 2
    let footerRow = area.endRow - (state.editor == nil ? 1 : 2)
    let listHeight = Self.listHeight(inArea: area.height, isEditing: state.editor != nil)
    if state.list.rowCount == 0 {
      let message = state.todos.isEmpty ? "No todos yet. Press a to add one." : "Nothing here under this filter."
      canvas.drawTruncated(message, atColumn: left, row: listTop, width: width, style: theme.muted)
    } else {
      // The list draws only the rows in its window, however many todos there are.
      let listArea = Rect(column: left, row: listTop, width: width, height: listHeight)
      let listSending = sending.map { sending in { @Sendable (action: SelectionList<Todo>.Action) in sending(.list(action)) } }
      SelectionList.draw(state.list, rows: state.shownTodos, in: listArea, on: &canvas, sending: listSending) { row, canvas in
        let todo = row.row
        let style = row.isSelected ? row.style : todo.isDone ? theme.muted : theme.text
        let box = canvas.draw(
          (row.isSelected ? "> " : "  ") + (todo.isDone ? "[x] " : "[ ] "), atColumn: row.rect.column, row: row.rect.row,
          style: style, maxWidth: row.rect.width)
        row.drawTitle(Todo.visibleTitle(todo.title), atColumn: row.rect.column + box, style: style, on: &canvas)
        if let sending {
          canvas.addHitRegion(
            Rect(column: row.rect.column + 2, row: row.rect.row, width: 3, height: 1), onPress: sending(.toggle(position: row.position)))
        }
      }
    }

    canvas.drawTruncated(state.itemsLeftText, atColumn: left, row: footerRow, width: width, style: theme.text)
    if let editor = state.editor {
      let prompt = editor.purpose == .add ? "New todo: " : "Edit todo: "
      let promptWidth = canvas.drawTruncated(prompt, atColumn: left, row: footerRow + 1, width: width, style: theme.accent)
      let field = Rect(column: left + promptWidth, row: footerRow + 1, width: width - promptWidth, height: 1)
      if field.width > 1 { TextInput.draw(editor.input, in: field, on: &canvas) }
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
    let theme = canvas.theme
    canvas.fill(box, style: theme.text)
    Block(title: "Read-only").draw(in: box, on: &canvas)
    for (offset, line) in lines.enumerated() {
      canvas.drawTruncated(
        line, atColumn: box.column + 2, row: box.row + 1 + offset, width: width - 4, style: offset == 0 ? theme.warning : theme.text)
    }
    canvas.drawTruncated("enter/esc to close", atColumn: box.column + 2, row: box.endRow - 2, width: width - 4, style: theme.muted)
  }
}
