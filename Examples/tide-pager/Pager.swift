// tide-pager FILE: the file soft-wrapped to the terminal's width in a Viewport, a footer with
// its name and how far down you are; q quits. Built only on TideTerminal's public components.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Tide
import TideTerminal
import TideTerminalCommand

/// The app's feature: the text and its name.
struct Pager: Reducer {
  struct State: Equatable, Sendable {
    var name: String
    var text: Viewport.State
    var isQuitting = false

    init(name: String, text: String, size: TerminalSize) {
      self.name = name
      self.text = Viewport.State(text: text, width: size.columns, height: size.rows - 1)
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
      if case .quit = action { state.isQuitting = true }
      return .none
    }
  }

  static let keys = Viewport.keys.map(Action.text).followed(by: KeyMap([
    KeyBinding(.character("q"), .control("c"), action: .quit, help: "quit"),
  ]))

  static func draw(_ state: State, on canvas: inout Canvas) {
    let parts = canvas.bounds.rows([.fill(), .fixed(1)])
    Viewport.draw(state.text, in: parts[0], on: &canvas)
    let footer = parts[1]
    let percentage = " \(state.text.percentage)% "
    canvas.fill(footer, style: Style(reverse: true))
    let help = "  " + keys.helpLine(maxWidth: footer.width / 2)
    let name = canvas.drawTruncated(
      " " + state.name, atColumn: footer.column, row: footer.row,
      width: footer.width - percentage.count - help.displayWidth, style: Style(bold: true, reverse: true))
    canvas.draw(help, atColumn: footer.column + name, row: footer.row, style: Style(reverse: true))
    canvas.draw(percentage, atColumn: footer.endColumn - percentage.count, row: footer.row, style: Style(bold: true, reverse: true))
  }

  @MainActor
  static func app(name: String, text: String, launch: TerminalLaunch) -> TerminalApp<State, Action> {
    TerminalApp(
      store: launch.store(initialState: State(name: name, text: text, size: launch.size), reducer: Pager()),
      view: { state, canvas in draw(state, on: &canvas) },
      keyAction: { _, key in keys.action(for: key) },
      quitAction: .quit,
      isFinished: \.isQuitting)
  }
}

extension Pager {
  /// Why a file could not be paged.
  struct ReadError: Error, CustomStringConvertible {
    var description: String
  }

  /// The file's text, read with the system's calls so a failure reads as the system says it
  /// ("No such file or directory"); bytes that are not UTF-8 show as �, as a pager shows what it
  /// cannot decode.
  static func text(ofFile path: String) throws(ReadError) -> String {
    func failure() -> ReadError { ReadError(description: "cannot read \(path): \(String(cString: strerror(errno)))") }
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw failure() }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 { throw failure() }
      if count == 0 { break }
      bytes += chunk[..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The file's name without its folder, for the footer.
  static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
