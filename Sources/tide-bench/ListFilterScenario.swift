import Foundation
import Tide
import TideTerminal

/// `list-filter-100k`: a `SelectionList` of the app's own 100,000 rows in an 80×24 terminal, each keystroke
/// sent through a store and followed by its frame (drawn, diffed, written headlessly), as the
/// runtime does: the time from key to screen. Typing `/`, a query that narrows character by
/// character, erasing it back to nothing (the widest searches) and esc; then moves. Reports the
/// p99 of each (budgets: a filter keystroke ≤ 16 ms, a move ≤ 1 ms).
@MainActor
func listFilter100kScenario(rounds: Int) -> [Measurement] {
  let words = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel", "kiwi", "lemon"]
  let rows = (1...100_000).map { number in
    BenchItem(id: number, title: "Item \(number) \(words[number % 10]) \(words[(number / 10) % 10])")
  }
  let store = Store(
    initialState: SelectionList<BenchItem>.State(rows: rows, title: \.title, height: 24), reducer: SelectionList())
  let press = keyToFrame { key in
    if let action = SelectionList.action(for: key, in: store.state) { store.send(action) }
  } draw: { canvas in
    SelectionList.draw(store.state, rows: rows, title: \.title, in: canvas.bounds, on: &canvas)
  }
  press(.home)
  let typing = filterTyping("item 12 banana")
  var filterTimes: [Timing] = []
  var moveTimes: [Timing] = []
  for _ in 0..<rounds {
    for key in typing { filterTimes.append(elapsedSeconds { press(key) }) }
    precondition(store.state.status == "100000 items", "list-filter-100k: \(store.state.status)")
    for index in 0..<2_000 { moveTimes.append(elapsedSeconds { press(index % 400 < 200 ? .pageDown : .up) }) }
  }
  var filter = Measurement(name: "list-filter-100k filter", tide: percentile(filterTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  filter.note = summary(filterTimes) + " keystrokes, key to frame"
  var move = Measurement(name: "list-filter-100k move", tide: percentile(moveTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  move.note = summary(moveTimes) + " moves, key to frame"
  return [filter, move]
}

/// A row of the app's own, as a list of 100,000 draws it: an id and a title.
struct BenchItem: Identifiable, Sendable {
  var id: Int
  var title: String
}

/// A function that sends a key as the runtime does — its action through `send`, then the 80×24
/// frame `draw` makes, drawn, diffed and written headlessly — for timing key to screen.
@MainActor
func keyToFrame(_ send: @escaping (Key) -> Void, draw: @escaping (inout Canvas) -> Void) -> (Key) -> Void {
  let terminal = HeadlessTerminal(columns: 80, rows: 24)
  var renderer = Renderer()
  return { key in
    send(key)
    var canvas = Canvas(columns: 80, rows: 24)
    draw(&canvas)
    renderer.render(canvas, to: terminal)
  }
}

/// The keys of a filter as the components' scenarios type it: `/`, `query` typed and erased a
/// character at a time, `el`, esc.
func filterTyping(_ query: String) -> [Key] {
  [.character("/")] + query.map(Key.character) + Array(repeating: .backspace, count: query.count)
    + [.character("e"), .character("l"), .escape]
}

/// The value below which `fraction` of `values` fall (nearest rank).
func percentile(_ values: [Double], _ fraction: Double) -> Double {
  let sorted = values.sorted()
  return sorted[min(sorted.count - 1, Int((Double(sorted.count) * fraction).rounded(.up)) - 1)]
}

/// `seconds` as milliseconds, `1.234 ms`.
func millisecondsText(_ seconds: Double) -> String { String(format: "%.3f ms", seconds * 1000) }

/// The seconds `body` took, on the wall clock and in CPU time of this thread. On a shared
/// machine a time slice lost to another process lands in the wall-clock figure only, so the CPU
/// time is the cost of the work itself and the wall clock its latency there.
struct Timing {
  var wall: Double
  var cpu: Double
}

@inline(__always)
func elapsedSeconds(_ body: () -> Void) -> Timing {
  func threadCPU() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
  let cpuStart = threadCPU()
  let start = ContinuousClock.now
  body()
  let wall = Double((ContinuousClock.now - start).attoseconds) / 1e18
  return Timing(wall: wall, cpu: threadCPU() - cpuStart)
}

/// `p99 W ms (CPU C ms), median …` for a set of timings.
func summary(_ timings: [Timing]) -> String {
  let wall = timings.map(\.wall)
  let cpu = timings.map(\.cpu)
  return "p99 \(millisecondsText(percentile(wall, 0.99))) (CPU \(millisecondsText(percentile(cpu, 0.99)))), "
    + "median \(millisecondsText(median(wall))) (CPU \(millisecondsText(median(cpu)))), "
    + "max \(millisecondsText(wall.max()!)) over \(timings.count)"
}
