import Foundation
import Tide
import TideTerminal

/// `textarea`: a `TextArea` as SPEC's budgets measure it. Open: 100,000 lines (the text of
/// `viewport-100k`, about 6 MB, every tenth line wide characters) into a state, ≤ 100 ms. A
/// keystroke at 10,000 lines: a character typed through a store in the middle of the text,
/// with its 80×24 frame drawn, diffed and written headlessly, ≤ 1 ms p99 (a down arrow every
/// 40 characters, so the line stays short of wrapping forever). A paste of 10,000 lines (of
/// code-like ASCII, 10 of them with wide characters) through the store, ≤ 50 ms; each is undone
/// before the next.
@MainActor
func textAreaScenario(rounds: Int) -> [Measurement] {
  let text = hundredThousandLines()
  let size = TerminalSize(columns: 80, rows: 24)
  var openTimes: [Timing] = []
  var state = TextArea.State()
  for _ in 0..<rounds {
    openTimes.append(elapsedSeconds { state = TextArea.State(text: text, showsLineNumbers: true, width: size.columns, height: size.rows) })
  }
  precondition(state.lines.count == 100_000, "textarea: \(state.lines.count) lines")

  let tenThousand = text.split(separator: "\n").prefix(10_000).joined(separator: "\n")
  let store = Store(initialState: TextArea.State(text: tenThousand, showsLineNumbers: true, width: size.columns, height: size.rows), reducer: TextArea())
  let terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
  var renderer = Renderer()
  func frame() {
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    TextArea.draw(store.state, in: canvas.bounds, on: &canvas)
    renderer.render(canvas, to: terminal)
  }
  var keyTimes: [Timing] = []
  for round in 0..<rounds {
    store.send(.moveCursor(to: TextArea.Position(line: 5_000 + round * 100, column: 0)))
    frame()
    for index in 0..<2_000 {
      let key: TextArea.Action = index % 40 == 39 ? .moveDown : .insert("x")
      keyTimes.append(elapsedSeconds {
        store.send(key)
        frame()
      })
    }
  }
  precondition(store.state.lines.count == 10_000, "textarea: \(store.state.lines.count) lines after typing")

  let pasted = (1...10_000).map { number in
    number % 1_000 == 0 ? "    let 漢字 = \(number) // 🇯🇵" : "    let value\(number) = compute(\(number), \"lorem ipsum\")"
  }.joined(separator: "\r\n")
  var pasteTimes: [Timing] = []
  for _ in 0..<max(rounds, 5) {
    store.send(.moveCursor(to: TextArea.Position(line: 5_000, column: 3)))
    pasteTimes.append(elapsedSeconds {
      store.send(.paste(pasted))
      frame()
    })
    precondition(store.state.lines.count == 19_999, "textarea: \(store.state.lines.count) lines after the paste")
    store.send(.undo)
  }

  var open = Measurement(name: "textarea open 100k", tide: median(openTimes.map(\.wall)) * 1e9, baseline: nil)
  open.note = summary(openTimes) + " opens of 100,000 lines (6 MB)"
  var key = Measurement(name: "textarea key 10k", tide: percentile(keyTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  key.note = summary(keyTimes) + " keystrokes at 10,000 lines, key to frame"
  var paste = Measurement(name: "textarea paste 10k", tide: median(pasteTimes.map(\.wall)) * 1e9, baseline: nil)
  paste.note = summary(pasteTimes) + " pastes of 10,000 lines, to frame"
  return [open, key, paste]
}
