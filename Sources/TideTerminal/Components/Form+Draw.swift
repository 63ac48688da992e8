import Tide

extension Form {
  /// Draws the form into `rect`: each field on its rows — its title on the left (`> ` and
  /// ``Theme/focus`` while it has the focus), its component to the right of the widest title,
  /// its error on the row under it in ``Theme/error`` — then, after an empty row, the buttons
  /// (the focused one in ``Theme/selection``, `> ` before them while one has the focus).
  ///
  /// A form taller than `rect` is scrolled so that what has the focus is in view. With
  /// `isFocused` false (the form is not the screen's focused component), nothing is marked
  /// as focused and no cursor is drawn, and the form keeps its scroll.
  ///
  /// With `sending`, the form answers the pointer: a press on a title focuses its field, on a
  /// text puts the cursor there, on an option chooses it (toggles it in a multi-select), on a
  /// confirm toggles it, on a button presses it; the wheel scrolls a list or a text. Each is
  /// a form ``Action`` embedded in the app's by `sending` (or by the action scope the form is
  /// drawn in: see ``Canvas/withActionScope(_:_:)``).
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool = true,
    sending: (@Sendable (Action) -> any Sendable)? = nil
  ) {
    guard !rect.isEmpty else { return }
    let focused = isFocused ? state.focused : nil
    let titleWidth = state.fields.map { $0.title.displayWidth }.max() ?? 0
    let labelWidth = min(titleWidth == 0 ? 2 : titleWidth + 3, rect.width / 2)
    // Each field's first row and its rows from the top of the form, then the buttons' row.
    var starts: [Int] = []
    var y = 0
    for field in state.fields {
      starts.append(y)
      y += field.rows
    }
    let buttonsRow = state.fields.isEmpty ? 0 : y + 1
    // The form scrolls to what has its focus whether or not the form has the screen's: a form
    // beside the focused component keeps its scroll.
    let focusRows: Range<Int> =
      switch state.focused {
      case .field(let id): state.index(of: id).map { starts[$0]..<starts[$0] + state.fields[$0].rows } ?? 0..<1
      case .submit, .cancel: buttonsRow..<buttonsRow + 1
      }
    let offset = max(0, min(focusRows.lowerBound, focusRows.upperBound - rect.height))
    canvas.withClip(rect) { canvas in
      for (index, field) in state.fields.enumerated() {
        let row = rect.row + starts[index] - offset
        guard row < rect.endRow, row + field.rows > rect.row else { continue }
        drawField(
          field, atRow: row, in: rect, labelWidth: labelWidth, isFocused: focused == .field(field.id), on: &canvas,
          sending: sending)
      }
      drawButtons(state, atRow: rect.row + buttonsRow - offset, in: rect, focused: focused, on: &canvas, sending: sending)
    }
  }

  /// One field: its title, its component and its error, from `row`.
  private static func drawField(
    _ field: Field, atRow row: Int, in rect: Rect, labelWidth: Int, isFocused: Bool, on canvas: inout Canvas,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    let theme = canvas.theme
    let id = field.id
    canvas.drawTruncated(
      (isFocused ? "> " : "  ") + field.title, atColumn: rect.column, row: row, width: labelWidth,
      style: isFocused ? theme.focus : theme.text)
    if let sending, labelWidth > 0 {
      canvas.addHitRegion(Rect(column: rect.column, row: row, width: labelWidth, height: 1), onPress: sending(.focus(.field(id))))
    }
    let control = Rect(
      column: rect.column + labelWidth, row: row, width: rect.width - labelWidth, height: field.controlRows)
    switch field.control {
    case .input(let input):
      TextInput.draw(input, in: control, on: &canvas, isFocused: isFocused, sending: embed(sending) { .input(id, $0) })
    case .text(let area):
      TextArea.draw(area, in: control, on: &canvas, isFocused: isFocused, sending: embed(sending) { .text(id, $0) })
    case .select(let list):
      var shown = list
      shown.showsStatus = list.isFiltering || list.matches != nil
      SelectionList.draw(
        shown, in: control, on: &canvas, style: isFocused ? nil : theme.muted, isFocused: isFocused,
        sending: embed(sending) { .list(id, $0) })
    case .multiSelect(let list, let chosen):
      var shown = list
      shown.showsStatus = list.isFiltering || list.matches != nil
      SelectionList.draw(
        shown, rows: list.items, in: control, on: &canvas, style: isFocused ? nil : theme.muted, isFocused: isFocused,
        sending: embed(sending) { .list(id, $0) }
      ) { item, canvas in
        let box = (item.isSelected ? "> " : "  ") + (chosen.contains(item.index) ? "[x] " : "[ ] ")
        let boxWidth = canvas.draw(box, atColumn: item.rect.column, row: item.rect.row, style: item.style, maxWidth: item.rect.width)
        item.drawTitle(item.row.title, atColumn: item.rect.column + boxWidth, on: &canvas)
      }
    case .confirm(let isOn, let label):
      let width = canvas.drawTruncated(
        (isOn ? "[x] " : "[ ] ") + label, atColumn: control.column, row: row, width: control.width,
        style: isFocused ? theme.selection : theme.text)
      if let sending, width > 0 {
        canvas.addHitRegion(Rect(column: control.column, row: row, width: width, height: 1), onPress: sending(.toggle(id)))
      }
    }
    if let error = field.error {
      canvas.drawTruncated(error, atColumn: control.column, row: row + field.controlRows, width: control.width, style: theme.error)
    }
  }

  /// The buttons on `row`: submit, then cancel when the form has one.
  private static func drawButtons(
    _ state: State, atRow row: Int, in rect: Rect, focused: Focus?, on canvas: inout Canvas,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    let marker = focused == .submit || focused == .cancel
    canvas.draw(marker ? "> " : "  ", atColumn: rect.column, row: row, style: canvas.theme.focus, maxWidth: rect.width)
    var column = rect.column + 2
    let buttons: [(String, Action, Focus)] =
      [(state.submitLabel, .submit, .submit)] + (state.cancelLabel.map { [($0, Action.cancel, Focus.cancel)] } ?? [])
    for (label, action, focus) in buttons where column < rect.endColumn {
      let button = Button.State(label)
      Button.draw(
        button, in: Rect(column: column, row: row, width: rect.endColumn - column, height: 1), on: &canvas,
        isFocused: focused == focus, sending: embed(sending) { (_: Button.Action) in action })
      column += button.width + 2
    }
  }

  /// A component's `sending`: its actions wrapped in the form's by `wrap`, then sent as the
  /// form's are; `nil` when the form's are not sent.
  private static func embed<Child>(
    _ sending: (@Sendable (Action) -> any Sendable)?, _ wrap: @escaping @Sendable (Child) -> Action
  ) -> (@Sendable (Child) -> any Sendable)? {
    guard let sending else { return nil }
    return { sending(wrap($0)) }
  }
}

extension Form.Field {
  /// The rows the component takes: a list's option rows (and its filter's row while it has
  /// one), a text's height, one for the others.
  var controlRows: Int {
    switch control {
    case .input, .confirm: 1
    case .text(let area): max(1, area.height)
    case .select(let list), .multiSelect(let list, _):
      max(1, list.height) + (list.isFiltering || list.matches != nil ? 1 : 0)
    }
  }

  /// The rows the field takes: its component's, and one for its error when it has one.
  var rows: Int { controlRows + (error == nil ? 0 : 1) }
}
