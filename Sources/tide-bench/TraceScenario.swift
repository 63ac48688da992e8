import Foundation
import TideDemo
import TideTerminal
import TideTrace

/// `trace-1m`: `tide-demo replay` of a long session (``LongSessionScript``, `keys` keys) without
/// and with `--trace`, in turns; reports the median times, the trace's size and its actions.
@MainActor
func traceScenario(keys: Int, rounds: Int) async throws -> Measurement {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tide-bench-trace-\(getpid())")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let script = folder.appendingPathComponent("long.keys").path
  try LongSessionScript.text(keys: keys).write(toFile: script, atomically: true, encoding: .utf8)
  let trace = folder.appendingPathComponent("long.trace").path
  var plain: [Double] = []
  var traced: [Double] = []
  var size = 0
  for _ in 0..<rounds {
    for withTrace in [false, true] {
      try? FileManager.default.removeItem(atPath: trace)
      let start = ContinuousClock.now
      let status = await DemoCommand.command.run(
        ["replay", script] + (withTrace ? ["--trace", trace] : []), output: { _ in }, errors: { print($0) })
      guard status == 0 else { throw ProcessFailure(message: "tide-demo replay exited with status \(status)") }
      let seconds = TraceTiming.seconds(ContinuousClock.now - start)
      if withTrace {
        traced.append(seconds)
        size = (try? FileManager.default.attributesOfItem(atPath: trace)[.size] as? Int) ?? 0
      } else {
        plain.append(seconds)
      }
    }
  }
  let lines = try String(contentsOfFile: trace, encoding: .utf8).utf8.count { $0 == UInt8(ascii: "\n") }
  var measurement = Measurement(name: "trace-1m", tide: median(traced) * 1e9 / Double(keys), baseline: median(plain) * 1e9 / Double(keys))
  measurement.note = String(
    format: "%d keys: %.2f s with --trace, %.2f s without; trace %.1f MB, %d lines; inspector: %@", keys, median(traced),
    median(plain), Double(size) / 1e6, lines, try inspectorFigures(trace: trace, rounds: rounds))
  return measurement
}

/// The inspector on the trace just written, in this process: opening it and drawing the first
/// screen, `--at N` for the last action (load included), `--who-changed counter.count` (load
/// included), a jump in the browser to each of 20 actions spread over the trace (the slowest
/// reported), and the memory the open reader and the browser's state hold (resident set growth).
@MainActor
func inspectorFigures(trace: String, rounds: Int) throws -> String {
  var opens: [Double] = []
  var ats: [Double] = []
  var whos: [Double] = []
  var jumps: [Double] = []
  var growth = 0
  let size = TerminalSize(columns: 120, rows: 40)
  guard let app = DemoCommand.command.inspectedApp() else { preconditionFailure("tide-demo's state is Codable") }
  for _ in 0..<max(1, rounds) {
    let before = residentBytes()
    var start = ContinuousClock.now
    let reader = try TraceQueries.open(trace, app: app)
    var state = InspectorBrowser.initialState(reader: reader, app: app, name: "long.trace", size: size, follow: false)
    var canvas = Canvas(columns: size.columns, rows: size.rows)
    InspectorBrowser.draw(state, on: &canvas)
    opens.append(TraceTiming.seconds(ContinuousClock.now - start))
    growth = max(growth, residentBytes() - before)
    let browser = InspectorBrowser(reader: reader, app: app)
    var slowest = 0.0
    for step in 1...20 {
      let number = reader.actionCount * (step * 7 % 20 + 1) / 20
      start = ContinuousClock.now
      _ = browser.reduce(into: &state, action: .jump(to: number))
      InspectorBrowser.draw(state, on: &canvas)
      slowest = max(slowest, TraceTiming.seconds(ContinuousClock.now - start))
    }
    jumps.append(slowest)
    start = ContinuousClock.now
    _ = try TraceQueries.screen(after: reader.actionCount, in: TraceQueries.open(trace, app: app), app: app)
    ats.append(TraceTiming.seconds(ContinuousClock.now - start))
    start = ContinuousClock.now
    let changes = try TraceQueries.whoChanged("counter.count", in: TraceQueries.open(trace, app: app), app: app)
    whos.append(TraceTiming.seconds(ContinuousClock.now - start))
    precondition(!changes.isEmpty, "the long session changes the counter")
  }
  return String(
    format: "open and first screen %.3f s, --at last %.3f s, --who-changed counter.count %.3f s, slowest of 20 jumps %.1f ms, resident growth after open %.1f MB",
    median(opens), median(ats), median(whos), median(jumps) * 1e3, Double(growth) / 1e6)
}

/// The process's resident set now, from /proc/self/statm (0 where there is none).
func residentBytes() -> Int {
  guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
  let fields = text.split(separator: " ")
  guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
  return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Seconds of a duration, for reports.
enum TraceTiming {
  static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}

/// A run inside a scenario that failed.
struct ProcessFailure: Error {
  var message: String
}
