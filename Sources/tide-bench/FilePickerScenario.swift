import Foundation
import Tide
import TideTerminal

/// `file-picker-100k`: a folder of 100,000 empty files (made once in a temporary folder, removed
/// after), listed by a `FilePicker` in an 80×24 terminal: the folder read off the main actor
/// (`readdir`, sorted folders first then by name), handed to the picker's store as
/// `.loaded`, and its first frame drawn, diffed and written headlessly — the time from asking
/// to seeing the listing. Budget: ≤ 200 ms (the median of the rounds).
@MainActor
func filePicker100kScenario(rounds: Int) async -> [Measurement] {
  let folder = NSTemporaryDirectory() + "tide-bench-files-\(getpid())"
  try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  for number in 0..<100_000 {
    let descriptor = open(folder + "/file-\(number).txt", O_CREAT | O_WRONLY | O_CLOEXEC, 0o644)
    precondition(descriptor >= 0, "file-picker-100k: could not make the files in \(folder)")
    close(descriptor)
  }
  let size = TerminalSize(columns: 80, rows: 24)
  let terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
  var renderer = Renderer()
  var times: [Timing] = []
  let path = FilePicker.Path(folder)
  for _ in 0..<rounds {
    let store = Store(initialState: FilePicker.State(folder: path, height: size.rows), reducer: FilePicker())
    let clock = ContinuousClock()
    let cpuStart = threadCPUSeconds()
    let start = clock.now
    let listing = await FilePicker.Listing.read(path)
    store.send(.loaded(listing, selecting: nil))
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    FilePicker.draw(store.state, in: canvas.bounds, on: &canvas)
    renderer.render(canvas, to: terminal)
    let elapsed = clock.now - start
    times.append(Timing(wall: seconds(elapsed), cpu: threadCPUSeconds() - cpuStart))
    precondition(store.state.status == "100001 items", "file-picker-100k: \(store.state.status)")
  }
  var list = Measurement(name: "file-picker-100k list", tide: median(times.map(\.wall)) * 1e9, baseline: nil)
  list.note = summary(times) + " listings (CPU: the main thread's part only), read to frame"
  return [list]
}

/// `tree-100k`: a `Tree` whose one root has 100,000 children already loaded, in an 80×24
/// terminal: opening the root (the rows laid out again and the list given 100,001 rows) and
/// closing it, each through a store and followed by its frame. Budget: an expand ≤ 16 ms (p99).
@MainActor
func tree100kScenario(rounds: Int) -> [Measurement] {
  let size = TerminalSize(columns: 80, rows: 24)
  var state = Tree.State(roots: [Tree<Int>.Node(id: -1, title: "root", hasChildren: true)], height: size.rows)
  state.setChildren(of: -1, (0..<100_000).map { Tree<Int>.Node(id: $0, title: "node \($0)", hasChildren: $0 % 10 == 0) })
  let store = Store(initialState: state, reducer: Tree<Int>())
  let terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
  var renderer = Renderer()
  func send(_ action: Tree<Int>.Action) {
    store.send(action)
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    Tree.draw(store.state, in: canvas.bounds, on: &canvas)
    renderer.render(canvas, to: terminal)
  }
  var expandTimes: [Timing] = []
  var collapseTimes: [Timing] = []
  for _ in 0..<(rounds * 10) {
    expandTimes.append(elapsedSeconds { send(.expand) })
    precondition(store.state.rowCount == 100_001, "tree-100k: \(store.state.rowCount) rows")
    collapseTimes.append(elapsedSeconds { send(.collapse) })
  }
  var expand = Measurement(name: "tree-100k expand", tide: percentile(expandTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  expand.note = summary(expandTimes) + " expands, key to frame"
  var collapse = Measurement(name: "tree-100k collapse", tide: percentile(collapseTimes.map(\.wall), 0.99) * 1e9, baseline: nil)
  collapse.note = summary(collapseTimes) + " collapses, key to frame"
  return [expand, collapse]
}

/// The CPU time this thread has used, in seconds.
private func threadCPUSeconds() -> Double {
  var time = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
  return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// A duration in seconds.
private func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}
