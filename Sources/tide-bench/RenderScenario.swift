import Tide
import TideDemo
import TideTerminal

/// `render`: one keypress on the Todos screen (20 todos, the selection moving), then the
/// 80×24 frame drawn, diffed and written to a headless terminal. Also reports how many cells a
/// stopwatch tick writes.
@MainActor
func renderScenario(iterations: Int, rounds: Int) async -> Measurement {
  let clock = VirtualClock()
  let app = DemoApp.make(screen: .todos, storage: nil, clock: clock)
  app.store.send(contentsOf: (1...20).flatMap { number in
    [AppFeature.Action.todos(.startAdding)]
      + "Todo number \(number) with a longer title".map { .todos(.editor(.input(.insert($0)))) }
      + [.todos(.editor(.submit))]
  })
  let terminal = HeadlessTerminal(columns: 80, rows: 24)
  var renderer = Renderer()
  renderer.render(app.frame(size: terminal.size), to: terminal)
  var times: [Double] = []
  for _ in 0..<rounds {
    times.append(nanosecondsPerOperation(iterations: iterations) { index in
      app.press(index % 40 < 20 ? .up : .down)
      renderer.render(app.frame(size: terminal.size), to: terminal)
    })
  }
  var measurement = Measurement(name: "render", tide: median(times), baseline: nil)
  measurement.note = String(
    format: "%.3f ms per keypress frame; stopwatch tick writes %d cells",
    median(times) / 1e6, await stopwatchTickCells())
  return measurement
}

/// The cells one stopwatch tick writes, measured by running the stopwatch on a virtual clock.
@MainActor
private func stopwatchTickCells() async -> Int {
  let clock = VirtualClock()
  let app = DemoApp.make(screen: .stopwatch, storage: nil, clock: clock)
  let terminal = HeadlessTerminal(columns: 80, rows: 24)
  var renderer = Renderer()
  app.press(.character(" "))
  await app.store.waitUntilIdle()
  renderer.render(app.frame(size: terminal.size), to: terminal)
  let before = renderer.statistics.cells
  clock.wakeNext(notAfter: clock.now.advanced(by: .seconds(1)))
  await app.store.waitUntilIdle()
  renderer.render(app.frame(size: terminal.size), to: terminal)
  app.press(.character(" "))
  return renderer.statistics.cells - before
}
