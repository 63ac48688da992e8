// tide-textinput: `Name: ` and a text field; enter greets, esc quits. Built only on
// TideTerminal's public components: a TextInput with readline keys and paste.
// Its State and Action are Codable, so `--trace` and `tide-textinput inspect` work.

import Tide
import TideTerminal
import TideTerminalCommand

/// The app's feature: the name field and the greeting.
struct Greeting: Reducer {
  struct State: Equatable, Sendable, Codable {
    var name = TextInput.State(placeholder: "your name", characterLimit: 60)
    var greeting: String?
    var isQuitting = false
  }

  enum Action: Equatable, Sendable, Codable {
    case name(TextInput.Action)
    case submit
    case quit
  }

  static let name = ActionPath<Action, TextInput.Action>(embed: Action.name) {
    if case .name(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.name, action: Self.name) { TextInput() }
    Reduce { state, action in
      switch action {
      case .submit: state.greeting = "Hello, \(state.name.text)!"
      case .quit: state.isQuitting = true
      case .name: break
      }
      return .none
    }
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.enter, action: .submit, help: "greet"),
    KeyBinding(.escape, action: .quit, help: "quit"),
  ])

  /// Every other key goes to the field; a key it does not take (an alt-chord, F5) does nothing.
  static func action(for key: Key) -> Action? {
    keys.action(for: key) ?? TextInput.action(for: key).map(Action.name)
  }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let prompt = canvas.draw("Name: ", atColumn: 1, row: 1, style: canvas.theme.title)
    let field = Rect(column: 1 + prompt, row: 1, width: canvas.columns - 2 - prompt, height: 1)
    TextInput.draw(state.name, in: field, on: &canvas)
    if let greeting = state.greeting {
      canvas.drawTruncated(greeting, atColumn: 1, row: 2, width: canvas.columns - 2)
    }
    let footer = Rect(column: 1, row: canvas.rows - 1, width: canvas.columns - 2, height: 1)
    Help.drawShort(keys.helpLine(maxWidth: footer.width), in: footer, on: &canvas)
  }

  @MainActor
  static func app(launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(), reducer: Greeting()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { _, key in action(for: key) },
      pasteAction: { _, text in .name(.paste(text)) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}
