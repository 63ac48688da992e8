// tide-form: a sign-up form — Name and Email text inputs, a Plan list and a Submit Button.
// Focus starts on Name; tab and shift-tab move it, a press focuses what it lands on; only the
// focused field takes keys, and the footer shows its keys. Built only on public API.

import Tide
import TideTerminal
import TideTerminalCommand

struct SignUp: Reducer {
  enum Field: Hashable, Sendable { case name, email, plan, submit }

  struct State: Equatable, Sendable {
    var focus = FocusRing<Field>.State(order: [.name, .email, .plan, .submit])
    var name = TextInput.State(placeholder: "your name", characterLimit: 60)
    var email = TextInput.State(placeholder: "you@example.com", characterLimit: 80)
    var plan = SelectionList.State(items: ["Free", "Pro", "Team"].map { SelectionList.Item($0) }, height: 3, showsStatus: false)
    var submit = Button.State("Submit")
    var signedUp: String?
    var isQuitting = false
  }

  enum Action: Equatable, Sendable {
    case focus(FocusRing<Field>.Action)
    case name(TextInput.Action)
    case email(TextInput.Action)
    case plan(SelectionList.Action)
    case submit
    case quit
    /// A press on a field: it takes the focus, then handles the press.
    indirect case pressed(Field, Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.focus, action: ActionPath(embed: Action.focus) { if case .focus(let a) = $0 { a } else { nil } }) { FocusRing<Field>() }
    Scope(state: \State.name, action: ActionPath(embed: Action.name) { if case .name(let a) = $0 { a } else { nil } }) { TextInput() }
    Scope(state: \State.email, action: ActionPath(embed: Action.email) { if case .email(let a) = $0 { a } else { nil } }) { TextInput() }
    Scope(state: \State.plan, action: ActionPath(embed: Action.plan) { if case .plan(let a) = $0 { a } else { nil } }) { SelectionList() }
    Reduce { state, action in
      switch action {
      case .pressed(let field, let then):
        return .concatenate(.send(.focus(.focus(field))), .send(then))
      case .plan(.choose):
        return .send(.focus(.focus(.submit)))
      case .submit:
        let plan = state.plan.selectedItem?.title ?? "Free"
        state.signedUp = "Signed up \(state.name.text) <\(state.email.text)> on \(plan)"
      case .quit:
        state.isQuitting = true
      case .focus, .name, .email, .plan:
        break
      }
      return .none
    }
  }

  static let globalKeys = KeyMap<Action>([
    KeyBinding(.escape, action: .quit, help: "quit"),
  ])
  static let fieldKeys = KeyMap<Action>([KeyBinding(.enter, action: .focus(.next), help: "next")])
  static let submitKeys = KeyMap<Action>([KeyBinding(.enter, .character(" "), action: .submit, help: "submit")])
  static let planKeys = KeyMap<Action>([KeyBinding(.enter, action: .plan(.choose), help: "choose")])

  /// The keys now: the global ones, tab and shift-tab, then the focused field's.
  static func keys(for state: State) -> KeyMap<Action> {
    let common = globalKeys.followed(by: FocusRing<Field>.keys.map(Action.focus))
    switch state.focus.focused {
    case .name: return common.followed(by: fieldKeys).followed(by: TextInput.keys.map(Action.name))
    case .email: return common.followed(by: fieldKeys).followed(by: TextInput.keys.map(Action.email))
    case .plan: return common.followed(by: planKeys).followed(by: SelectionList.browsingKeys.map(Action.plan))
    case .submit: return common.followed(by: submitKeys)
    }
  }

  /// Only the focused field takes text.
  static func action(for key: Key, in state: State) -> Action? {
    if let action = keys(for: state).action(for: key) { return action }
    switch state.focus.focused {
    case .name: return TextInput.action(for: key).map(Action.name)
    case .email: return TextInput.action(for: key).map(Action.email)
    case .plan, .submit: return nil
    }
  }

  static func paste(_ text: String, in state: State) -> Action? {
    switch state.focus.focused {
    case .name: .name(.paste(text))
    case .email: .email(.paste(text))
    case .plan, .submit: nil
    }
  }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let rows = canvas.bounds.inset(by: 1).rows([
      .fixed(2), .fixed(1), .fixed(1), .fixed(1), .fixed(3), .fixed(1), .fixed(1), .fixed(1), .fill(), .fixed(1),
    ])
    let theme = canvas.theme
    canvas.draw("Sign up", atColumn: rows[0].column, row: rows[0].row, style: theme.title)
    /// A field's label, marked when it has the focus; a press on it focuses the field.
    func label(_ text: String, _ field: Field, in rect: Rect) -> Rect {
      let focused = state.focus.isFocused(field)
      canvas.draw((focused ? "> " : "  ") + text, atColumn: rect.column, row: rect.row, style: focused ? theme.focus : theme.text)
      canvas.addHitRegion(Rect(column: rect.column, row: rect.row, width: 9, height: 1), onPress: Action.focus(.focus(field)))
      return Rect(column: rect.column + 9, row: rect.row, width: max(0, min(40, rect.width - 9)), height: rect.height)
    }
    TextInput.draw(state.name, in: label("Name:", .name, in: rows[1]), on: &canvas, isFocused: state.focus.isFocused(.name),
      sending: { Action.pressed(.name, .name($0)) })
    TextInput.draw(state.email, in: label("Email:", .email, in: rows[2]), on: &canvas, isFocused: state.focus.isFocused(.email),
      sending: { Action.pressed(.email, .email($0)) })
    _ = label("Plan:", .plan, in: rows[3])
    let planRect = Rect(column: rows[4].column + 9, row: rows[4].row, width: 20, height: 3)
    // A press focuses the list; the wheel scrolls it wherever the focus is.
    SelectionList.draw(state.plan, in: planRect, on: &canvas, style: state.focus.isFocused(.plan) ? nil : theme.muted,
      sending: { if case .scroll = $0 { Action.plan($0) } else { Action.pressed(.plan, .plan($0)) } })
    let submitFocused = state.focus.isFocused(.submit)
    canvas.draw((submitFocused ? "> " : "  "), atColumn: rows[6].column, row: rows[6].row, style: theme.focus)
    let submit = Rect(column: rows[6].column + 2, row: rows[6].row, width: max(0, rows[6].width - 2), height: 1)
    Button.draw(state.submit, in: submit, on: &canvas, isFocused: submitFocused, sending: { _ in Action.pressed(.submit, .submit) })
    if let signedUp = state.signedUp {
      // On the row under the button, which the layout keeps: the row after it is the fill's,
      // none at 40x14, where the footer then covered the answer.
      canvas.drawTruncated(signedUp, atColumn: rows[7].column, row: rows[7].row, width: rows[7].width, style: theme.success)
    }
    Help.drawShort(keys(for: state).helpLine(maxWidth: rows[9].width), in: rows[9], on: &canvas)
  }

  @MainActor
  static func app(launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(), reducer: SignUp()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      pasteAction: { state, text in paste(text, in: state) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true)
  }
}
