import Tide
import TideDemo
import TideTerminal

/// `render-24bit`: `render`'s keypress frame with the dark theme's 24-bit colours, drawn,
/// diffed and encoded as a truecolor terminal gets it (the cast encoder: cursor moves, one SGR
/// where the style changes, the text). Also reports, for a whole 80×24 frame of that theme, the
/// SGR sequences written against the frame's style runs (the budget: never more, never one a
/// cell) and the bytes against the text's.
@MainActor
func renderTrueColorScenario(iterations: Int, rounds: Int) async -> Measurement {
  let app = darkTodosApp()
  let size = TerminalSize(columns: 80, rows: 24)
  let terminal = ANSIOutputTerminal(size: size, profile: .trueColor)
  var renderer = Renderer()
  let first = app.frame(size: size)
  renderer.render(first, to: terminal)
  let full = terminal.takeOutput()
  var times: [Double] = []
  for _ in 0..<rounds {
    times.append(nanosecondsPerOperation(iterations: iterations) { index in
      app.press(index % 40 < 20 ? .up : .down)
      renderer.render(app.frame(size: size), to: terminal)
      _ = terminal.takeOutput()
    })
  }
  // Every SGR the encoder writes starts `ESC [ 0` (cursor moves start at row 1); less the reset
  // that goes with the full redraw's erase.
  let sgrs = full.components(separatedBy: "\u{1B}[0").count - 2
  var runs = 0
  var textBytes = 0
  for row in 0..<first.rows {
    var previous: UInt32?
    for column in 0..<first.columns {
      let cell = first[column, row]
      guard cell != .blank, !cell.isContinuation else {
        previous = nil
        continue
      }
      if cell.styleBits != previous { runs += 1 }
      previous = cell.styleBits
      textBytes += cell.text.utf8.count
    }
  }
  var measurement = Measurement(name: "render-24bit", tide: median(times), baseline: nil)
  measurement.note = "\(String(format: "%.3f", median(times) / 1e6)) ms per keypress frame; a whole frame: "
    + "\(sgrs) SGR for \(runs) style runs, \(full.utf8.count) bytes for \(textBytes) bytes of text"
  return measurement
}

/// The Todos screen with 20 todos, in the dark theme: the frame of `render-24bit` and `render-inline`.
@MainActor
func darkTodosApp() -> TerminalApp<AppFeature.State, AppFeature.Action> {
  var app = DemoApp.make(screen: .todos, storage: nil, clock: VirtualClock())
  app.theme = .dark
  app.store.send(contentsOf: (1...20).flatMap { number in
    [AppFeature.Action.todos(.startAdding)]
      + "Todo number \(number) with a longer title".map { .todos(.editor(.input(.insert($0)))) }
      + [.todos(.editor(.submit))]
  })
  return app
}
