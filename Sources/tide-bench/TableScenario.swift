import Foundation
import Tide
import TideTerminal

/// A row of `table-100k`: a file of a listing, its cells made from its number.
struct BenchFile: Identifiable, Sendable {
  static let kinds = ["text", "image", "audio", "video", "archive", "source", "folder"]
  var id: Int
  var name: String
  var size: Int
  var kind: String { Self.kinds[id % Self.kinds.count] }
}

/// `table-100k`: a `Table` of 100,000 rows (four columns: name, size, kind, number) in an 80×24
/// terminal, each key sent through a store and followed by its frame (drawn, diffed, written
/// headlessly) as the runtime does: the time from key to screen. Moves (pgdn, ↑); a filter
/// typed, erased and cleared (`/`, a query narrowing character by character, backspaces, esc);
/// sorts by each column and the other way (`s`, `S`). Reports the p99 of the moves and of the
/// filter keystrokes and the slowest sort (budgets: a move ≤ 1 ms, a filter keystroke ≤ 16 ms
/// p99, a sort ≤ 100 ms), and how long giving the table its rows took.
@MainActor
func table100kScenario(rounds: Int) -> [Measurement] {
  let words = ["apple", "banana", "cherry", "damson", "elder", "fig", "grape", "hazel", "kiwi", "lemon"]
  let rows = (0..<100_000).map { number in
    BenchFile(
      id: number, name: "file \(number) \(words[number % 10]) \(words[(number / 10) % 10])", size: number * 7919 % 1_000_003)
  }
  let columns: [Table<BenchFile>.Column] = [
    .init("Name") { $0.name }, .init("Size", width: .fixed(9), alignment: .trailing) { "\($0.size)" },
    .init("Kind", width: .fixed(8)) { $0.kind }, .init("No.", width: .fixed(7), alignment: .trailing) { "\($0.id)" },
  ]
  var setRowsTimes: [Timing] = []
  var initial = Table<BenchFile>.State(columns: columns, height: 24)
  setRowsTimes.append(elapsedSeconds { initial.setRows(rows) })
  let store = Store(initialState: initial, reducer: Table<BenchFile>())
  let press = keyToFrame { key in
    if let action = Table.action(for: key, in: store.state) { store.send(action) }
  } draw: { canvas in
    Table.draw(store.state, rows: rows, in: canvas.bounds, on: &canvas)
  }
  press(.home)
  let typing = filterTyping("file 12 banana")
  var filterTimes: [Timing] = []
  var moveTimes: [Timing] = []
  var sortTimes: [Timing] = []
  for _ in 0..<rounds {
    for key in typing { filterTimes.append(elapsedSeconds { press(key) }) }
    precondition(store.state.status == "100000 rows", "table-100k: \(store.state.status)")
    for index in 0..<2_000 { moveTimes.append(elapsedSeconds { press(index % 400 < 200 ? .pageDown : .up) }) }
    // Name, size, kind, number, then the app's order: each `s` a sort (the last one none), and
    // `S` the other way.
    for key in "sSsSssS".map(Key.character) {
      sortTimes.append(elapsedSeconds { press(key) })
    }
    press(.character("s"))
    precondition(store.state.sortColumn == nil, "table-100k: still sorted by \(store.state.sortColumn ?? -1)")
    var rebuilt = store.state
    setRowsTimes.append(elapsedSeconds { rebuilt.setRows(rows) })
  }
  // A sorted table filters among its sorted rows: a keystroke there too.
  press(.character("s"))
  for key in typing { filterTimes.append(elapsedSeconds { press(key) }) }
  var filter = Measurement(name: "table-100k filter", tide: percentile(filterTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  filter.note = summary(filterTimes) + " keystrokes, key to frame"
  var move = Measurement(name: "table-100k move", tide: percentile(moveTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  move.note = summary(moveTimes) + " moves, key to frame"
  var sort = Measurement(name: "table-100k sort", tide: sortTimes.map(\.wall).max()! * 1e9, baseline: nil)
  sort.note = summary(sortTimes) + " sorts by a column or reversed, key to frame; the figure is the slowest"
  var load = Measurement(name: "table-100k rows", tide: median(setRowsTimes.map(\.wall)) * 1e9, baseline: nil)
  load.note = summary(setRowsTimes) + " times setRows of 100,000 rows (ids and folded cells); the figure is the median"
  return [load, move, filter, sort]
}
