import Foundation
import Tide

enum FleetAction: Sendable, Equatable {
  case launch(count: Int)
  case stop
  case landed
}

struct FleetState: Equatable {
  var landed = 0
}

private enum FleetID: Hashable, Sendable { case fleet }

/// `run-10k`: 10,000 concurrent `.run` effects started by one action, each asleep on the store's
/// clock, then all cancelled by another; timed from the first send until every task has ended.
/// Reports the peak resident memory the scenario added.
@MainActor
func concurrentRunScenario(count: Int, rounds: Int) async -> Measurement {
  var times: [Double] = []
  var peakKilobytes: [Int] = []
  for _ in 0..<rounds {
    let clock = VirtualClock()
    let store = Store(
      initialState: FleetState(),
      reducer: Reduce<FleetState, FleetAction> { state, action in
        switch action {
        case .launch(let count):
          return .merge((0..<count).map { _ in
            .run { send in
              try await clock.sleep(for: .seconds(3600))
              await send(.landed)
            }
          }).cancellable(id: FleetID.fleet)
        case .stop:
          return .cancel(id: FleetID.fleet)
        case .landed:
          state.landed += 1
          return .none
        }
      },
      clock: clock)
    let before = MemoryUsage.resetPeak()
    let start = ContinuousClock.now
    let launched = store.send(.launch(count: count))
    await store.waitUntilIdle()  // every task started and asleep
    let peak = MemoryUsage.peakKilobytes() - before
    store.send(.stop)
    await launched.finish()
    let elapsed = ContinuousClock.now - start
    precondition(store.state.landed == 0, "run-10k: a cancelled effect delivered an action")
    times.append(Double(elapsed.attoseconds) / 1e9 / Double(count))
    peakKilobytes.append(peak)
  }
  var measurement = Measurement(name: "run-10k", tide: median(times), baseline: nil)
  let total = median(times) * Double(count) / 1e6
  measurement.note = String(
    format: "%d effects started, asleep and cancelled in %.1f ms; peak memory +%.1f MiB",
    count, total, Double(peakKilobytes.sorted()[peakKilobytes.count / 2]) / 1024)
  return measurement
}

/// Reads the process's resident memory from /proc (Linux).
enum MemoryUsage {
  /// Resets the kernel's peak-RSS mark and returns the current resident size in KiB.
  static func resetPeak() -> Int {
    if let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") {
      handle.write(Data("5".utf8))
      try? handle.close()
    }
    return field("VmRSS")
  }

  /// The peak resident size since the last reset, in KiB.
  static func peakKilobytes() -> Int { field("VmHWM") }

  private static func field(_ name: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
  }
}
