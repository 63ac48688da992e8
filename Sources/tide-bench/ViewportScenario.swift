import Foundation
import Tide
import TideTerminal

/// `viewport-100k`: a `Viewport` on a 100,000-line text (about 6 MB; lines of 0 to 160 columns,
/// every tenth with wide characters, so some wrap at 80 columns): the time to open it (index
/// and count the wrapped rows) and a page down through a store followed by its 80×24 frame.
/// Budgets: open ≤ 100 ms, a page ≤ 1 ms.
@MainActor
func viewport100kScenario(rounds: Int) -> [Measurement] {
  let text = hundredThousandLines()
  let size = TerminalSize(columns: 80, rows: 24)
  var openTimes: [Timing] = []
  var state = Viewport.State()
  for _ in 0..<rounds {
    openTimes.append(elapsedSeconds { state = Viewport.State(text: text, width: size.columns, height: size.rows) })
  }
  precondition(state.lineCount == 100_000, "viewport-100k: \(state.lineCount) lines")
  let store = Store(initialState: state, reducer: Viewport())
  let terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
  var renderer = Renderer()
  var pageTimes: [Timing] = []
  for _ in 0..<rounds {
    store.send(.scrollToTop)
    for _ in 0..<2_000 {
      pageTimes.append(elapsedSeconds {
        store.send(.pageDown)
        var canvas = Canvas(columns: size.columns, rows: size.rows)
        Viewport.draw(store.state, in: canvas.bounds, on: &canvas)
        renderer.render(canvas, to: terminal)
      })
    }
  }
  var open = Measurement(name: "viewport-100k open", tide: median(openTimes.map(\.wall)) * 1e9, baseline: nil)
  open.note = summary(openTimes) + " opens, \(state.rowCount) rows at 80 columns"
  var page = Measurement(name: "viewport-100k page", tide: percentile(pageTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  page.note = summary(pageTimes) + " pages, key to frame"
  return [open, page]
}

/// The 100,000-line text of `viewport-100k`, `textarea` and `viewport-search-100k` (about 6 MB):
/// `N: ` and 0 to 26 `lorem `s, every tenth line 0 to 39 `漢字` instead, so some lines wrap at
/// 80 columns and some hold wide characters.
func hundredThousandLines() -> String {
  (1...100_000).map { number in
    let filler = number % 10 == 0 ? String(repeating: "漢字", count: number % 40) : String(repeating: "lorem ", count: number % 27)
    return "\(number): \(filler)"
  }.joined(separator: "\n")
}
