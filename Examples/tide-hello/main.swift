// tide-hello: the smallest interactive Tide program — a counter, a one-second ticker that `t`
// starts and stops (an interval effect, cancelled by id), and a footer generated from the same
// key table that dispatches the keys. `q` quits; ctrl-c, SIGTERM, SIGHUP and SIGQUIT quit the same way;
// and the terminal is restored on every path.
//
//   swift run tide-hello
//   swift run tide-hello replay SCRIPT.keys      # headlessly, on a virtual clock
//
// Exit status: 0 when it quits (by key or signal), 2 when stdin/stdout is not a terminal or TERM
// cannot drive a full-screen program (nothing is written), 1 when the terminal cannot start.
// TerminalCommand gives it `replay`, `--record`, `--trace`, `--help` and `--version`.

import Tide
import TideTerminal
import TideTerminalCommand

struct Hello: Reducer {
  struct State: Equatable, Sendable {
    var count = 0
    var ticks = 0
    var isTicking = false
    var isQuitting = false
  }

  enum Action: Equatable, Sendable {
    case increment
    case decrement
    case toggleTicking
    case tick
    case quit
  }

  private enum CancelID: Hashable, Sendable { case ticker }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
    case .decrement:
      state.count -= 1
    case .toggleTicking:
      state.isTicking.toggle()
      return state.isTicking
        ? .interval(.tick, every: .seconds(1)).cancellable(id: CancelID.ticker, cancelInFlight: true)
        : .cancel(id: CancelID.ticker)
    case .tick:
      state.ticks += 1
    case .quit:
      state.isQuitting = true
      state.isTicking = false
      return .cancel(id: CancelID.ticker)
    }
    return .none
  }

  /// One key each in the footer, so it fits the 40-column minimum; the alternatives work too.
  static let keys = KeyMap<Action>([
    KeyBinding(.character("+"), action: .increment, help: "add"),
    KeyBinding(.character("-"), action: .decrement, help: "subtract"),
    KeyBinding(.character("t"), action: .toggleTicking, help: "ticker"),
    KeyBinding(.character("q"), action: .quit, help: "quit"),
    KeyBinding(.character("="), .up, action: .increment, help: "add", showsInFooter: false),
    KeyBinding(.down, action: .decrement, help: "subtract", showsInFooter: false),
  ])

  /// The count's colour, the app's own: a pale blue on a dark terminal background, a deep one on
  /// a light background (the terminal's, found as the app starts; `--background` to choose).
  static let countColor = Color.adaptive(light: Color(hex: "#0550ae"), dark: Color(hex: "#7dcfff"))

  static func draw(_ state: State, on canvas: inout Canvas) {
    canvas.draw("Tide hello", atColumn: 1, row: 0, style: canvas.theme.title)
    let lines = [
      ("count: \(state.count)", Style(bold: true, foreground: countColor)),
      ("ticks: \(state.ticks) (\(state.isTicking ? "ticking" : "stopped"))", canvas.theme.text),
    ]
    let top = canvas.rows / 2 - 1
    for (offset, (line, style)) in lines.enumerated() {
      canvas.drawTruncated(
        line, atColumn: max(0, (canvas.columns - line.displayWidth) / 2), row: top + offset,
        width: canvas.columns, style: style)
    }
    canvas.drawTruncated(
      keys.helpLine(maxWidth: canvas.columns - 2), atColumn: 1, row: canvas.rows - 1,
      width: canvas.columns - 2, style: canvas.theme.muted)
  }
}

await TerminalCommand("tide-hello", version: "0.1.0", abstract: "A counter and a ticker: the smallest Tide app.") { launch in
  let store = launch.store(initialState: Hello.State(), reducer: Hello())
  store.send(.toggleTicking)
  return TerminalApp(
    store: store,
    view: { state, canvas in Hello.draw(state, on: &canvas) },
    keyAction: { _, key in Hello.keys.action(for: key) },
    quitAction: .quit,
    isFinished: \.isQuitting,
    // The window's title follows the count; the terminal's own comes back on exit.
    title: { state in "tide-hello: count \(state.count)" })
}.main()
