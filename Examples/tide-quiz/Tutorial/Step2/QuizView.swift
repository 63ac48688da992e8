import Tide
import TideTerminal

extension Quiz {
  /// Where each part of the screen goes.
  struct Layout {
    var header, list, message, answerPrompt, answer, help: Rect
  }

  static let answerPrompt = "Answer: "

  static func layout(_ screen: Rect) -> Layout {
    let rows = screen.rows([.fixed(1), .fill(), .fixed(1), .fixed(1), .fixed(1)])
    let answerRow = rows[3].columns([.fixed(answerPrompt.displayWidth), .fill()])
    return Layout(
      header: rows[0], list: rows[1], message: rows[2], answerPrompt: answerRow[0], answer: answerRow[1],
      help: rows[4])
  }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = layout(canvas.bounds)
    canvas.drawTruncated(state.title, atColumn: 0, row: parts.header.row, width: parts.header.width, style: canvas.theme.title)
    let score = state.score
    canvas.draw(score, atColumn: parts.header.endColumn - score.displayWidth, row: parts.header.row)
    SelectionList.draw(state.list, rows: state.questions, in: parts.list, on: &canvas) { row, canvas in
      let mark = switch state.results[row.index] {
      case .right?: "✓"
      case .wrong?: "✗"
      case nil: " "
      }
      let marks = canvas.draw(
        (row.isSelected ? "> " : "  ") + mark + " ", atColumn: row.rect.column, row: row.rect.row, style: row.style,
        maxWidth: row.rect.width)
      // The question with the filter's match highlighted, as the list draws its own titles.
      row.drawTitle(row.row.question, atColumn: row.rect.column + marks, on: &canvas)
    }
    if state.asking != nil {
      canvas.draw(answerPrompt, atColumn: parts.answerPrompt.column, row: parts.answerPrompt.row, style: canvas.theme.title)
      TextInput.draw(state.answer, in: parts.answer, on: &canvas)
    } else {
      canvas.drawTruncated(state.message, atColumn: 0, row: parts.message.row, width: parts.message.width, style: canvas.theme.title)
    }
    Help.drawShort(keys(for: state).helpLine(maxWidth: parts.help.width), in: parts.help, on: &canvas)
  }

  static let browsingKeys = KeyMap<Action>([
    KeyBinding(.enter, action: .ask, help: "answer"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
  ])

  static let answeringKeys = KeyMap<Action>([
    KeyBinding(.enter, action: .submit, help: "submit"),
    KeyBinding(.escape, action: .skip, help: "skip"),
  ])

  /// The keys in `state`, for dispatch and help: the answer field's while answering, the list's
  /// while its filter is typed, else the quiz's before the list's.
  static func keys(for state: State) -> KeyMap<Action> {
    if state.asking != nil { return answeringKeys }
    let list = SelectionList.keys(for: state.list).map(Action.list)
    return state.list.isFiltering ? list : browsingKeys.followed(by: list)
  }

  static func action(for key: Key, in state: State) -> Action? {
    if state.asking != nil {
      return answeringKeys.action(for: key) ?? TextInput.action(for: key).map(Action.answer)
    }
    if !state.list.isFiltering, let action = browsingKeys.action(for: key) { return action }
    return SelectionList.action(for: key, in: state.list).map(Action.list)
  }

  static func pasteAction(for text: String, in state: State) -> Action? {
    if state.asking != nil { return .answer(.paste(text)) }
    return state.list.isFiltering ? .list(.query(.paste(text))) : nil
  }

  /// The quiz as a terminal program, for the launch `TerminalCommand` makes (in tests:
  /// `TerminalLaunch(clock: VirtualClock())`); its store runs on the launch's clock.
  @MainActor
  public static func app(title: String, questions: [Question], launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(title: title, questions: questions), reducer: Quiz()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      pasteAction: { state, text in pasteAction(for: text, in: state) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}
