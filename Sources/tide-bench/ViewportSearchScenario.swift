import Foundation
import Tide
import TideTerminal

/// `viewport-search-100k`: a search of `viewport-100k`'s 100,000-line text (6 MB, every tenth
/// line wide characters), enter through a store followed by its 80×24 frame, as the runtime
/// does: key to screen. Four queries: `lorem` (ignoring case, over a million matches), `Lorem`
/// (matching case, none: the whole text scanned), `漢字` (outside ASCII) and `99999:` (one
/// match, near the end). Budget: a search ≤ 50 ms; the figure is the slowest query's median.
@MainActor
func viewportSearch100kScenario(rounds: Int) -> [Measurement] {
  let text = hundredThousandLines()
  let size = TerminalSize(columns: 80, rows: 24)
  let store = Store(initialState: Viewport.State(text: text, width: size.columns, height: size.rows), reducer: Viewport())
  let terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
  var renderer = Renderer()
  var measurements: [Measurement] = []
  for query in ["lorem", "Lorem", "漢字", "99999:"] {
    var times: [Timing] = []
    for _ in 0..<rounds * 3 {
      store.send(.scrollToTop)
      store.send(.startSearch)
      store.send(.query(.setText(query)))
      times.append(elapsedSeconds {
        store.send(.submitSearch)
        var canvas = Canvas(columns: size.columns, rows: size.rows)
        Viewport.draw(store.state, in: canvas.bounds, on: &canvas)
        renderer.render(canvas, to: terminal)
      })
    }
    precondition(store.state.searchStatus != nil, "viewport-search-100k: no status for \(query)")
    var measurement = Measurement(name: "viewport-search-100k \(query)", tide: median(times.map(\.wall)) * 1e9, baseline: nil)
    measurement.note = summary(times) + " searches, enter to frame: \(store.state.searchStatus!)"
    measurements.append(measurement)
  }
  let worst = measurements.max { $0.tide < $1.tide }!
  var slowest = Measurement(name: "viewport-search-100k", tide: worst.tide, baseline: nil)
  slowest.note = "the slowest query, \(worst.name)"
  return measurements + [slowest]
}
