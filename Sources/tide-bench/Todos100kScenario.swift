import Foundation
import Tide
import TideDemo
import TideTerminal

/// `todos-100k`: the demo with 100,000 todos in its file, as a user with a very long list
/// would run it.
///
/// - load: the app's start — reading and decoding the file, building the state;
/// - toggle-to-frame: `x` pressed and the 80x24 frame drawn, while the saves it starts run;
/// - save: one atomic save of the whole list (encode, write, fsync, rename, fsync folder);
/// - burst: 40 toggles, then until the last save is on disk (saves are coalesced);
/// - tick: a stopwatch tick with 100,000 todos against one with 10 (the baseline): an action
///   that leaves the todos alone must not cost more with a longer list.
@MainActor
func todos100kScenario(rounds: Int) async -> [Measurement] {
  let count = 100_000
  let folder = NSTemporaryDirectory() + "tide-bench-todos-\(getpid())"
  try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let path = folder + "/todos.json"
  let todos = (1...count).map { Todo(id: $0, title: "Todo number \($0): something to do", isDone: $0 % 3 == 0) }

  var saveTimes: [Double] = []
  for _ in 0..<rounds {
    let storage = TodoStorage(path: path)
    saveTimes.append(seconds { try? storage.saveNow(todos) })
    storage.release()
  }

  var loadTimes: [Double] = []
  for _ in 0..<rounds {
    let storage = TodoStorage(path: path)
    var loaded = 0
    loadTimes.append(seconds {
      loaded = DemoApp.make(screen: .todos, storage: storage, clock: ContinuousClock()).store.state.todos.todos.count
    })
    precondition(loaded == count, "todos-100k: loaded \(loaded) todos")
    storage.release()
  }

  let storage = TodoStorage(path: path)
  let app = DemoApp.make(screen: .todos, storage: storage, clock: ContinuousClock())
  let size = TerminalSize(columns: 80, rows: 24)
  var frameTimes: [Double] = []
  var burstTimes: [Double] = []
  for _ in 0..<rounds {
    let burstStart = ContinuousClock.now
    for _ in 0..<40 {
      frameTimes.append(seconds {
        app.press(.character("x"))
        _ = app.frame(size: size)
      })
    }
    await app.store.finishEffects(id: ExitWork.pending)
    burstTimes.append(Double((ContinuousClock.now - burstStart).attoseconds) / 1e18)
  }
  storage.release()
  precondition(app.store.state.warning == nil, "todos-100k: \(app.store.state.warning!.details)")

  let manyTodos = AppFeature.State(screen: .stopwatch, todos: todos)
  let manyStore = Store(
    initialState: manyTodos, reducer: AppFeature(),
    middleware: [AppFeature.persistence(to: storage)])
  let fewStore = Store(
    initialState: AppFeature.State(screen: .stopwatch, todos: Array(todos.prefix(10))),
    reducer: AppFeature(), middleware: [AppFeature.persistence(to: storage)])
  let ticks = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: 100_000) { _ in sendThroughTide(manyStore, .stopwatch(.tick(at: .zero))) }
  } baseline: {
    nanosecondsPerOperation(iterations: 100_000) { _ in sendThroughTide(fewStore, .stopwatch(.tick(at: .zero))) }
  }

  func milliseconds(_ value: Double) -> String { String(format: "%.1f ms", value * 1000) }
  var load = Measurement(name: "todos-100k load", tide: median(loadTimes) * 1e9, baseline: nil)
  load.note = "median \(milliseconds(median(loadTimes))), max \(milliseconds(loadTimes.max()!))"
  var frame = Measurement(name: "todos-100k toggle-to-frame", tide: median(frameTimes) * 1e9, baseline: nil)
  frame.note = "median \(milliseconds(median(frameTimes))), max \(milliseconds(frameTimes.max()!)) over \(frameTimes.count) toggles while saving"
  var save = Measurement(name: "todos-100k save", tide: median(saveTimes) * 1e9, baseline: nil)
  save.note = "median \(milliseconds(median(saveTimes))), max \(milliseconds(saveTimes.max()!))"
  var burst = Measurement(name: "todos-100k burst", tide: median(burstTimes) * 1e9, baseline: nil)
  burst.note = "40 toggles until the last save is on disk: median \(milliseconds(median(burstTimes)))"
  var tick = Measurement(name: "todos-100k tick", tide: ticks.tide, baseline: ticks.baseline)
  tick.note = "a stopwatch tick with 100,000 todos; baseline: with 10"
  return [load, frame, save, burst, tick]
}

/// The seconds `body` took.
@inline(__always)
private func seconds(_ body: () -> Void) -> Double {
  let start = ContinuousClock.now
  body()
  return Double((ContinuousClock.now - start).attoseconds) / 1e18
}
