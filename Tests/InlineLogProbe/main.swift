// inline-log-probe: an inline app for the terminal tests of lines printed above the live area
// (Effect.printAbove) and of a last frame kept at the exit. `p` prints two lines (one wider than
// a 40-column terminal, one with wide characters) and counts them; `c` shows the terminal's
// cursor on the frame's second line (a caret below the first, for the crash path); `q` quits,
// keeping the frame.

import Tide
import TideTerminal
import TideTerminalCommand

struct Log: Reducer {
  struct State: Equatable, Sendable {
    var printed = 0
    var showsCaret = false
    var isDone = false
  }

  enum Action: Equatable, Sendable {
    case print
    case showCaret
    case quit
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .print:
      state.printed += 1
      let number = state.printed
      return .printAbove([
        "printed \(number): " + String(repeating: "-", count: 40) + " end \(number)", "日本語 \(number)",
      ])
    case .showCaret:
      state.showsCaret = true
      return .none
    case .quit:
      state.isDone = true
      return .none
    }
  }
}

await TerminalCommand("inline-log-probe", version: "0.1.0") { launch in
  TerminalApp(
    store: launch.store(initialState: Log.State(), reducer: Log()),
    minimumSize: TerminalSize(columns: 10, rows: 2),
    screen: .inline(maximumHeight: 4, onExit: .keepLastFrame),
    view: { state, canvas in
      canvas.draw("Working: \(state.printed)", atColumn: 0, row: 0)
      canvas.draw("[" + String(repeating: "#", count: state.printed) + "]", atColumn: 0, row: 1)
      if state.showsCaret { canvas.showCursor(atColumn: 3, row: 1) }
    },
    keyAction: { _, key in
      switch key {
      case .character("p"): .print
      case .character("c"): .showCaret
      case .character("q"): .quit
      default: nil
      }
    },
    quitAction: .quit,
    isFinished: \.isDone)
}.inline().main()
