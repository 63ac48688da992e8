import ArgumentParser
import Foundation
import TideDemo

/// `tide-bench`: release-mode benchmarks of the Tide store, each against a baseline measured in
/// the same run. One line per scenario:
/// `NAME: tide X ns/op, baseline Y ns/op, ratio Z`.
struct TideBench: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tide-bench",
    abstract: "Benchmarks the Tide store against a hand-written baseline in the same run.")

  static let allScenarios = ["counter", "todo-1k", "todo-10k", "todo-1k-count", "todo-10k-count", "scope-5", "scope-5-store", "effects", "observers-100", "run-10k", "render", "render-24bit", "render-inline", "replay", "stopwatch-hour", "todos-100k", "list-filter-100k", "table-100k", "viewport-100k", "viewport-search-100k", "file-picker-100k", "tree-100k", "textarea", "hit-test-1000", "server-100k", "sessions-10k", "trace-1m", "trace-list-100k", "virtual-clock-10k", "json-100k"]

  @Option(help: "Operations per timed round (default: per scenario; for stopwatch-hour, virtual minutes).")
  var iterations: Int?

  @Option(help: "Timed rounds per side; medians are reported.")
  var rounds = 9

  @Flag(help: "Count instructions per operation of the store scenarios under valgrind's callgrind instead of timing them.")
  var instructions = false

  @Option(help: .hidden)
  var serverPart: String?

  @Option(help: .hidden)
  var sessionsPart: String?

  @Option(help: "Write the long session script of trace-1m (--iterations keys, default 1,000,000) to this file and exit.")
  var writeLongScript: String?

  @Argument(help: "Scenarios to run: \(allScenarios.joined(separator: ", ")). Default: all.")
  var scenarios: [String] = []

  func validate() throws {
    // `stopwatch-frame` drives ncurses and `server-store` is `server-100k`'s creation one store
    // at a time, so they are counted (`--instructions`), never timed.
    let known = instructions ? Self.allScenarios + ["stopwatch-frame", "server-store"] : Self.allScenarios
    for name in scenarios where !known.contains(name) {
      throw ValidationError("unknown scenario '\(name)'; known: \(known.joined(separator: ", "))")
    }
    if let iterations, iterations <= 0 { throw ValidationError("--iterations must be positive") }
    if rounds <= 0 { throw ValidationError("--rounds must be positive") }
  }

  @MainActor
  func run() async throws {
    if let writeLongScript {
      try LongSessionScript.text(keys: iterations ?? 1_000_000).write(toFile: writeLongScript, atomically: true, encoding: .utf8)
      return
    }
    if instructions {
      let selected = scenarios.isEmpty ? InstructionWorkload.names : scenarios.filter(InstructionWorkload.names.contains)
      try InstructionCount.report(selected)
      return
    }
    let selected = scenarios.isEmpty ? Self.allScenarios : scenarios
    var results: [String: Measurement] = [:]
    for name in selected {
      let measurement: Measurement
      switch name {
      case "counter", "scope-5", "scope-5-store":
        measurement = timedScenario(name, iterations: iterations ?? 2_000_000, rounds: rounds)
      case "effects", "todo-1k-count", "todo-10k-count":
        measurement = timedScenario(name, iterations: iterations ?? 1_000_000, rounds: rounds)
      case "todo-1k":
        // A toggle whose whole state is observed copies and compares 1,000 todos (≈ 10 µs):
        // a million of them a round took three minutes a scenario.
        measurement = timedScenario(name, iterations: iterations ?? 50_000, rounds: rounds)
      case "todo-10k":
        measurement = timedScenario(name, iterations: iterations ?? 5_000, rounds: rounds)
      case "observers-100":
        measurement = timedScenario(name, iterations: iterations ?? 200_000, rounds: rounds)
      case "run-10k":
        measurement = await concurrentRunScenario(count: iterations ?? 10_000, rounds: min(rounds, 5))
      case "hit-test-1000":
        measurement = hitTestScenario(iterations: iterations ?? 1_000_000, rounds: rounds)
      case "render":
        measurement = await renderScenario(iterations: iterations ?? 2_000, rounds: rounds)
      case "render-24bit":
        measurement = await renderTrueColorScenario(iterations: iterations ?? 2_000, rounds: rounds)
      case "render-inline":
        measurement = await renderInlineScenario(iterations: iterations ?? 2_000, rounds: rounds)
      case "replay":
        measurement = await replayScenario(keys: iterations ?? 10_000, rounds: min(rounds, 5))
      case "stopwatch-hour":
        measurement = await stopwatchHourScenario(minutes: iterations ?? 60, rounds: min(rounds, 5))
      case "server-100k":
        if let serverPart {
          await serverScalePart(serverPart, stores: iterations ?? 100_000)
          return
        }
        for line in try serverScaleScenario(stores: iterations ?? 100_000) { print(line) }
        continue
      case "trace-1m":
        measurement = try await traceScenario(keys: iterations ?? 1_000_000, rounds: min(rounds, 3))
      case "trace-list-100k":
        guard let found = try traceListScenario(keys: iterations ?? 1_000_000, items: 100_000, rounds: min(rounds, 3)) else { continue }
        measurement = found
      case "sessions-10k":
        if let sessionsPart {
          guard let side = SessionsSide(rawValue: sessionsPart) else {
            throw ValidationError("--sessions-part must be one of \(SessionsSide.allCases.map(\.rawValue).joined(separator: ", "))")
          }
          await runSessionsPart(side, sessions: iterations ?? 10_000, rounds: min(rounds, 5))
          return
        }
        let measurements = await sessionsScenario(sessions: iterations ?? 10_000, rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      case "virtual-clock-10k":
        measurement = await virtualClockScenario(sessions: iterations ?? 10_000, rounds: min(rounds, 5))
      case "json-100k":
        let measurements = try await jsonScenario(rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      case "todos-100k":
        let measurements = await todos100kScenario(rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      case "file-picker-100k":
        measurement = await filePicker100kScenario(rounds: min(rounds, 5)).last!
      case "tree-100k":
        let measurements = tree100kScenario(rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      case "textarea":
        let measurements = textAreaScenario(rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      case "viewport-search-100k":
        let measurements = viewportSearch100kScenario(rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      case "table-100k":
        let measurements = table100kScenario(rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      case "list-filter-100k", "viewport-100k":
        let measurements = name == "list-filter-100k"
          ? listFilter100kScenario(rounds: min(rounds, 5)) : viewport100kScenario(rounds: min(rounds, 5))
        for measurement in measurements.dropLast() { print(measurement.line) }
        measurement = measurements.last!
      default:
        continue
      }
      print(measurement.line)
      results[name] = measurement
    }
    // The todo-10k budget is relative to todo-1k; the baseline's own growth shows how much of it
    // the reducer body (hash lookups in a larger table) accounts for.
    for suffix in ["", "-count"] {
      if let small = results["todo-1k\(suffix)"], let large = results["todo-10k\(suffix)"],
        let smallBaseline = small.baseline, let largeBaseline = large.baseline
      {
        print(
          "todo-10k\(suffix)/todo-1k\(suffix): tide \(String(format: "%.2f", large.tide / small.tide)), "
            + "baseline \(String(format: "%.2f", largeBaseline / smallBaseline))")
      }
    }
  }
}
