import Foundation
import Tide
import TideTerminal

/// `list-filter-100k`: a `SelectionList` of 100,000 items in an 80×24 terminal, each keystroke
/// sent through a store and followed by its frame (drawn, diffed, written headlessly), as the
/// runtime does: the time from key to screen. Typing `/`, a query that narrows character by
/// character, erasing it back to nothing (the widest searches) and esc; then moves. Reports the
/// p99 of each (budgets: a filter keystroke ≤ 16 ms, a move ≤ 1 ms).
@MainActor
func listFilter100kScenario(rounds: Int) -> [Measurement] {
  let words = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel", "kiwi", "lemon"]
  let items = (1...100_000).map { number in
    SelectionList.Item("Item \(number) \(words[number % 10]) \(words[(number / 10) % 10])")
  }
  let size = TerminalSize(columns: 80, rows: 24)
  let store = Store(initialState: SelectionList.State(items: items, height: size.rows), reducer: SelectionList())
  let terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
  var renderer = Renderer()
  func press(_ key: Key) {
    if let action = SelectionList.action(for: key, in: store.state) { store.send(action) }
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    SelectionList.draw(store.state, in: canvas.bounds, on: &canvas)
    renderer.render(canvas, to: terminal)
  }
  press(.home)
  let typing: [Key] = [.character("/")] + "item 12 banana".map(Key.character)
    + Array(repeating: .backspace, count: 14) + [.character("e"), .character("l"), .escape]
  var filterTimes: [Double] = []
  var moveTimes: [Double] = []
  for _ in 0..<rounds {
    for key in typing { filterTimes.append(elapsedSeconds { press(key) }) }
    precondition(store.state.status == "100000 items", "list-filter-100k: \(store.state.status)")
    for index in 0..<2_000 { moveTimes.append(elapsedSeconds { press(index % 400 < 200 ? .pageDown : .up) }) }
  }
  var filter = Measurement(name: "list-filter-100k filter", tide: percentile(filterTimes, 0.99) * 1e9, baseline: nil)
  filter.note = "p99 \(millisecondsText(percentile(filterTimes, 0.99))), median \(millisecondsText(median(filterTimes))), max \(millisecondsText(filterTimes.max()!)) over \(filterTimes.count) keystrokes, key to frame"
  var move = Measurement(name: "list-filter-100k move", tide: percentile(moveTimes, 0.99) * 1e9, baseline: nil)
  move.note = "p99 \(millisecondsText(percentile(moveTimes, 0.99))), median \(millisecondsText(median(moveTimes))) over \(moveTimes.count) moves, key to frame"
  return [filter, move]
}

/// The value below which `fraction` of `values` fall (nearest rank).
func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

/// `seconds` as milliseconds, `1.234 ms`.
func millisecondsText(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

/// The seconds `body` took.
@inline(__always)
func elapsedSeconds(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  return Double((ContinuousClock.now - start).attoseconds) / 1e18
}
