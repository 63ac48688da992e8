// tide-editor FILE: the file in a TextArea; ctrl-s saves it with a DataSaver (atomically), a
// status line shows its name, a modified mark and the cursor's line and column; esc or ctrl-q
// quits, asking in a Dialog while there are unsaved changes. Built only on public API.

import Foundation
import Tide
import TideTerminal

struct Editor: Reducer {
  struct State: Equatable, Sendable {
    var name: String
    var text: TextArea.State
    /// The text's version on disk: the text is modified while its version differs.
    var savedVersion: Int
    /// What the last save said, shown while the text is still at `messageVersion`.
    var message: String?
    var messageVersion = 0
    var dialog: Dialog.State?
    var isQuitting = false

    var isModified: Bool { text.version != savedVersion }
  }

  enum Action: Equatable, Sendable {
    case text(TextArea.Action)
    case save
    case saved(version: Int)
    case saveFailed(String)
    case quit
    case dialog(Dialog.Action)
  }

  /// Writes the file; `nil` in a replay given no file to write (`--initial-data`).
  let saver: DataSaver<String>?

  static let text = ActionPath<Action, TextArea.Action>(embed: Action.text) { if case .text(let a) = $0 { a } else { nil } }
  static let dialog = ActionPath<Action, Dialog.Action>(embed: Action.dialog) { if case .dialog(let a) = $0 { a } else { nil } }

  var body: some Reducer<State, Action> {
    Scope(state: \State.text, action: Self.text) { TextArea() }
    Reduce { state, action in
      switch action {
      case .save:
        guard let saver else { return .send(.saveFailed("Not saved: a replay writes no file without --initial-data")) }
        return saver.save(state.text.text, succeeded: .saved(version: state.text.version), failed: { .saveFailed($0.description) })
      case .saved(let version):
        state.savedVersion = version
        (state.message, state.messageVersion) = ("Saved", state.text.version)
      case .saveFailed(let message):
        (state.message, state.messageVersion) = (message, state.text.version)
      case .quit:
        // Nothing unsaved, or asked already (ctrl-c or a quit signal again): quit; else ask.
        guard state.isModified, state.dialog == nil else { state.isQuitting = true; break }
        state.dialog = .confirm("Unsaved changes", message: "Lose the changes to \(state.name)?", confirm: "Quit")
      case .dialog(.choose(let choice)):
        state.isQuitting = choice == .confirm
        state.dialog = nil
      case .text, .dialog: break
      }
      return .none
    }
    .ifLet(\State.dialog, action: Self.dialog) { Dialog() }
  }

  static let keys = KeyMap<Action>([
    KeyBinding(.control("s"), action: .save, help: "save"),
    KeyBinding(.escape, .control("q"), action: .quit, help: "quit"),
  ])

  /// While the dialog is shown it takes every key; else the app's keys, then the text's.
  static func action(for key: Key, in state: State) -> Action? {
    if let dialog = state.dialog { return Dialog.action(for: key, in: dialog).map(Action.dialog) }
    return keys.action(for: key) ?? TextArea.action(for: key).map(Action.text)
  }

  /// The text and the status line: one layout for drawing and for resizing.
  static func layout(_ screen: Rect) -> [Rect] { screen.rows([.fill(), .fixed(1)]) }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = layout(canvas.bounds)
    TextArea.draw(state.text, in: parts[0], on: &canvas, isFocused: state.dialog == nil, sending: { Action.text($0) })
    let status = parts[1]
    let (bar, label) = (canvas.theme.selection, canvas.theme.title.layered(over: canvas.theme.selection))
    canvas.fill(status, style: bar)
    let place = " Ln \(state.text.cursor.line + 1), Col \(state.text.cursor.column + 1) "
    let name = " " + state.name + (state.isModified ? " [modified]" : "") + "  "
    let used = canvas.drawTruncated(name, atColumn: status.column, row: status.row, width: status.width - place.count, style: label)
    let message = state.messageVersion == state.text.version ? state.message : nil
    let middle = message ?? keys.followed(by: TextArea.keys.map(Action.text)).helpLine(maxWidth: status.width - used - place.count)
    canvas.drawTruncated(middle, atColumn: status.column + used, row: status.row, width: status.width - used - place.count, style: bar)
    canvas.draw(place, atColumn: status.endColumn - place.count, row: status.row, style: label)
    if let dialog = state.dialog { Dialog.draw(dialog, in: canvas.bounds, on: &canvas, sending: { Action.dialog($0) }) }
  }

  @MainActor
  static func app(name: String, path: String, launch: TerminalLaunch) throws -> TerminalApp<State, Action> {
    let saver = launch.dataFile.map { path in DataSaver<String>(path: path) { Data($0.utf8) } }
    let area = TextArea.State(text: try Self.text(ofFile: path), showsLineNumbers: true)
    return TerminalApp(
      store: launch.store(initialState: State(name: name, text: area, savedVersion: area.version), reducer: Editor(saver: saver)),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      pasteAction: { state, text in state.dialog == nil ? .text(.paste(text)) : nil },
      resizeAction: { size in Action.text(.resize(width: layout(size.bounds)[0].width, height: layout(size.bounds)[0].height)) },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true,
      title: { state in "\(state.name)\(state.isModified ? " *" : "") — tide-editor" })
  }
}

extension Editor {
  /// A file that is not UTF-8 text: named, and left untouched.
  struct NotText: Error, CustomStringConvertible {
    var path: String
    var description: String { "\(path) is not UTF-8 text; tide-editor edits only UTF-8 text, and left it untouched" }
  }

  /// The file's text: empty for a file that does not exist yet (saving creates it).
  static func text(ofFile path: String) throws -> String {
    let bytes: [UInt8]
    do {
      bytes = try FileContents.read(atPath: path)
    } catch where error.code == ENOENT {
      return ""
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { throw NotText(path: path) }
    return text
  }
}
