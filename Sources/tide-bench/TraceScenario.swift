import Foundation
import TideDemo

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
    format: "%d keys: %.2f s with --trace, %.2f s without; trace %.1f MB, %d lines", keys, median(traced),
    median(plain), Double(size) / 1e6, lines)
  return measurement
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
