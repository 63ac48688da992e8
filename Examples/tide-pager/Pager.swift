// tide-pager FILE: the file soft-wrapped to the terminal's width in a Viewport, a footer with
// its name and how far down you are, the window titled with its name; / searches (typed in the
// footer; n and N step through the matches, the footer saying which of how many); q quits.
// Built only on TideTerminal's public API.

import Tide
import TideTerminal
import TideTerminalCommand

/// The app's feature: the text and its file.
struct Pager: Reducer {
  struct State: Equatable, Sendable {
    var path: String
    var name: String { Pager.name(of: path) }
    var text: Viewport.State
    var isQuitting = false

    init(path: String, text: String) {
      self.path = path
      self.text = Viewport.State(text: text)
    }
  }

  enum Action: Equatable, Sendable {
    case text(Viewport.Action)
    case quit
  }

  static let text = ActionPath<Action, Viewport.Action>(embed: Action.text) {
    if case .text(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Scope(state: \State.text, action: Self.text) { Viewport() }
    Reduce { state, action in
      switch action {
      case .quit:
        state.isQuitting = true
      case .text:
        break
      }
      return .none
    }
  }

  /// The keys while reading: the viewport's search and scroll keys, then the app's.
  static let keys = Viewport.searchKeys.map(Action.text).followed(by: Viewport.keys.map(Action.text)).followed(
    by: KeyMap([KeyBinding(.character("q"), action: .quit, help: "quit")]))

  /// While the search query is typed every key is the viewport's (q is a letter of it).
  static func action(for key: Key, in state: State) -> Action? {
    state.text.isSearching ? Viewport.action(for: key, in: state.text).map(Action.text) : keys.action(for: key)
  }

  /// The text and the footer: one layout for drawing and for resizing.
  static func layout(_ screen: Rect) -> [Rect] { screen.rows([.fill(), .fixed(1)]) }

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = layout(canvas.bounds)
    Viewport.draw(state.text, in: parts[0], on: &canvas, showsSearchField: false, sending: { Action.text($0) })
    let footer = parts[1]
    if state.text.isSearching {
      // The query is typed in the footer, as less types it on its last line.
      Viewport.drawSearchField(state.text, in: footer, on: &canvas)
      return
    }
    let percentage = " \(state.text.percentage)% "
    let (bar, label) = (canvas.theme.selection, canvas.theme.title.layered(over: canvas.theme.selection))
    canvas.fill(footer, style: bar)
    let help = "  " + (state.text.searchStatus ?? keys.helpLine(maxWidth: footer.width / 2))
    let name = canvas.drawTruncated(
      " " + state.name, atColumn: footer.column, row: footer.row,
      width: footer.width - percentage.count - help.displayWidth, style: label)
    canvas.draw(help, atColumn: footer.column + name, row: footer.row, style: bar)
    canvas.draw(percentage, atColumn: footer.endColumn - percentage.count, row: footer.row, style: label)
  }

  @MainActor
  static func app(path: String, text: String, launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(path: path, text: text), reducer: Pager()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { state, key in action(for: key, in: state) },
      resizeAction: { size in
        let text = layout(size.bounds)[0]
        return .text(.resize(width: text.width, height: text.height))
      },
      quitAction: .quit,
      isFinished: \.isQuitting,
      acceptsPointer: true,
      // The window's title names the file; the terminal's own comes back on exit.
      title: { state in "\(state.name) — tide-pager" })
  }
}

extension Pager {
  /// The file's text; bytes that are not UTF-8 show as �, as a pager shows what it cannot
  /// decode. A failure names the path and the system's reason: `could not read /tmp: Is a
  /// directory`.
  static func text(ofFile path: String) throws(SystemError) -> String {
    String(decoding: try FileContents.read(atPath: path), as: UTF8.self)
  }

  /// The file's name without its folder, for the footer.
  static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
