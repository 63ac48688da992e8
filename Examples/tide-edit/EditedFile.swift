// tide-edit FILE: the file in a Viewport, the window titled with its name; e hands the terminal
// to $VISUAL or $EDITOR (else vi) on the file and shows the new text on return, or what kept
// the editor from running; z suspends to the shell and reads the file again on `fg`; q quits.
// Built only on TideTerminal's public API.

import Tide
import TideTerminal

/// The app's feature: the file's text and what the editor last said.
struct EditedFile: Reducer {
  struct State: Equatable, Sendable {
    var path: String
    var text: Viewport.State
    /// Why the last edit did not show, if it did not.
    var message: String?
    var isQuitting = false

    init(path: String, text: String) {
      self.path = path
      self.text = Viewport.State(text: text)
    }

    /// The file's name without its folder: the window's title and the footer's.
    var name: String { path.split(separator: "/").last.map(String.init) ?? path }
  }

  enum Action: Equatable, Sendable {
    case text(Viewport.Action)
    case edit
    case edited(ExternalProgram.Outcome)
    case suspend
    case resumed
    case reloaded(String)
    case failed(String)
    case quit
  }

  static let text = ActionPath<Action, Viewport.Action>(embed: Action.text) {
    if case .text(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.text, action: Self.text) { Viewport() }
    Reduce { state, action in
      switch action {
      case .edit:
        state.message = nil
        return .runInTerminal(.editor(for: state.path)) { .edited($0) }
      case .suspend:
        return .suspend(then: .resumed)
      case .edited(.exited(0)), .resumed:
        // The file may have changed meanwhile, in the editor or at the shell.
        let path = state.path
        return .run { send in
          do throws(SystemError) {
            await send(.reloaded(try EditedFile.text(ofFile: path)))
          } catch {
            await send(.failed(error.description))
          }
        }
      case .edited(let outcome):
        state.message = "the editor \(outcome)"
      case .reloaded(let text):
        state.text.setText(text)
      case .failed(let reason):
        state.message = reason
      case .quit:
        state.isQuitting = true
      case .text:
        break
      }
      return .none
    }
  }

  static let keys = Viewport.keys.map(Action.text).followed(
    by: KeyMap([
      KeyBinding(.character("e"), action: .edit, help: "edit"),
      KeyBinding(.character("z"), action: .suspend, help: "shell"),
      KeyBinding(.character("q"), action: .quit, help: "quit"),
    ]))

  /// The text and the footer: one layout for drawing and for resizing.
  static func layout(_ screen: Rect) -> [Rect] { screen.rows([.fill(), .fixed(1)]) }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = layout(canvas.bounds)
    Viewport.draw(state.text, in: parts[0], on: &canvas, sending: { Action.text($0) })
    let footer = parts[1]
    canvas.fill(footer, style: canvas.theme.selection)
    let name = canvas.drawTruncated(
      " \(state.name)  ", atColumn: footer.column, row: footer.row, width: footer.width,
      style: canvas.theme.title.layered(over: canvas.theme.selection))
    canvas.drawTruncated(
      state.message ?? keys.helpLine(maxWidth: footer.width - name), atColumn: footer.column + name, row: footer.row,
      width: footer.width - name, style: state.message == nil ? canvas.theme.selection : canvas.theme.error)
  }

  @MainActor
  static func app(path: String, text: String, launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(path: path, text: text), reducer: EditedFile()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { _, key in keys.action(for: key) },
      resizeAction: { size in
        let text = layout(size.bounds)[0]
        return .text(.resize(width: text.width, height: text.height))
      },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true,
      title: { state in "\(state.name) — tide-edit" })
  }

  /// The file's text; bytes that are not UTF-8 show as �. A failure names the path and the
  /// system's reason: `could not read /tmp: Is a directory`.
  static func text(ofFile path: String) throws(SystemError) -> String {
    String(decoding: try FileContents.read(atPath: path), as: UTF8.self)
  }
}
