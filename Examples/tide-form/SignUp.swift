// tide-form: a sign-up Form — Name and Email inputs, a Plan select and a Submit button. Focus
// starts on Name; tab, shift-tab and presses move it; an email without @ shows its error and
// does not submit; esc cancels, which quits. Built only on public API. Its State and Action are
// Codable (a Form is), so `--trace` and `tide-form inspect` work.

import Tide
import TideTerminal
import TideTerminalCommand

struct SignUp: Reducer {
  struct State: Equatable, Sendable, Codable {
    var form = Form.State(fields: [
      .input("name", title: "Name:", placeholder: "your name", characterLimit: 60),
      .input("email", title: "Email:", placeholder: "you@example.com", characterLimit: 80,
        rules: [.contains("@", message: "An email has an @ in it")]),
      .select("plan", title: "Plan:", options: ["Free", "Pro", "Team"], height: 3),
    ])
    var signedUp: String?
    var isQuitting = false
  }

  enum Action: Equatable, Sendable, Codable {
    case form(Form.Action)
    case quit
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.form, action: ActionPath(embed: Action.form) { if case .form(let a) = $0 { a } else { nil } }) { Form() }
    Reduce { state, action in
      switch action {
      case .form(.submitted):
        let form = state.form
        state.signedUp = "Signed up \(form.text("name")) <\(form.text("email"))> on \(form.selection("plan") ?? "Free")"
      case .form(.cancel), .quit: state.isQuitting = true
      case .form: break
      }
      return .none
    }
  }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let rows = canvas.bounds.inset(by: 1).rows([.fixed(1), .fill(), .fixed(1), .fixed(1)])
    canvas.draw("Sign up", atColumn: rows[0].column, row: rows[0].row, style: canvas.theme.title)
    Form.draw(state.form, in: rows[1], on: &canvas, sending: { Action.form($0) })
    if let signedUp = state.signedUp {
      canvas.drawTruncated(signedUp, atColumn: rows[2].column, row: rows[2].row, width: rows[2].width, style: canvas.theme.success)
    }
    Help.drawShort(Form.keys(for: state.form).helpLine(maxWidth: rows[3].width), in: rows[3], on: &canvas)
  }

  @MainActor
  static func app(launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(), reducer: SignUp()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in Form.action(for: key, in: state.form).map(Action.form) },
      pasteAction: { state, text in Form.paste(text, in: state.form).map(Action.form) },
      quitAction: .quit, isFinished: \.isQuitting, acceptsPointer: true)
  }
}
