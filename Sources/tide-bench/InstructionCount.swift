import Foundation

/// Counts instructions per operation of the store scenarios with `valgrind --tool=callgrind`,
/// which is deterministic where wall time is not (SPEC.md, Budgets).
///
/// Each side of a scenario runs in a child process of this executable under callgrind, twice,
/// with two operation counts; the difference of the two totals over the difference of the
/// counts is the cost of one operation, free of process start-up and scenario setup.
enum InstructionCount {
  static let fewer = 2_000
  static let more = 12_000

  /// The option that makes this executable a child counting one side.
  static let childOption = "--count-instructions-of"

  /// Runs one side in this process, synchronously and on the main thread only: valgrind
  /// cannot run the concurrency runtime's thread pool, so the child never starts it.
  @MainActor
  static func runChild(_ spec: String, operations: Int) throws {
    let parts = spec.split(separator: ":").map(String.init)
    guard parts.count == 2, let workload = InstructionWorkload.make(parts[0]),
      let side = workload.sides.first(where: { $0.name == parts[1] })
    else { throw InstructionCountError(message: "unknown scenario side '\(spec)'") }
    side.run(operations)
  }

  /// Prints one line per scenario:
  /// `NAME: tide X instructions/op, baseline Y instructions/op, ratio Z (unchecked baseline U instructions/op)`,
  /// the baseline being the side the scenario compares with (``InstructionWorkload/baselineSide``)
  /// and every other side listed in the brackets; then, for each pair of todo scenarios
  /// counted, how the cost grows from 1,000 to 10,000 todos on both sides.
  @MainActor
  static func report(_ names: [String]) throws {
    defer { cleanUp() }
    var ratios: [String: (tide: Double, baseline: Double)] = [:]
    for name in names {
      guard let workload = InstructionWorkload.make(name) else { continue }
      var perOperation: [String: Double] = [:]
      for side in workload.sides {
        let small = try instructions(of: "\(name):\(side.name)", operations: fewer)
        let large = try instructions(of: "\(name):\(side.name)", operations: more)
        perOperation[side.name] = Double(large - small) / Double(more - fewer)
      }
      guard let tide = perOperation["tide"] else { continue }
      var line = "\(name): tide \(format(tide)) instructions/op"
      if let baseline = perOperation[workload.baselineSide] {
        line += ", baseline \(format(baseline)) instructions/op, ratio \(String(format: "%.2f", tide / baseline))"
        ratios[name] = (tide, baseline)
      }
      var notes: [String] = []
      if let note = workload.note { notes.append(note) }
      for side in workload.sides where side.name != "tide" && side.name != workload.baselineSide {
        guard let count = perOperation[side.name] else { continue }
        notes.append("\(sideTitle(side.name)) \(format(count)) instructions/op")
      }
      if !notes.isEmpty { line += " (\(notes.joined(separator: "; ")))" }
      print(line)
    }
    for suffix in ["", "-count"] {
      guard let small = ratios["todo-1k\(suffix)"], let large = ratios["todo-10k\(suffix)"] else { continue }
      print(
        "todo-10k\(suffix)/todo-1k\(suffix): tide \(String(format: "%.2f", large.tide / small.tide)), "
          + "baseline \(String(format: "%.2f", large.baseline / small.baseline))")
    }
  }

  /// How a side other than the compared baseline is named in a report line.
  private static func sideTitle(_ side: String) -> String {
    switch side {
    case "baseline": "plain baseline"
    case "unchecked": "unchecked baseline"
    case "key-path": "tide observing a computed key path"
    default: side
    }
  }

  private static func format(_ value: Double) -> String {
    String(format: "%.0f", value)
  }

  /// A copy of this executable without debug information, which valgrind 3.19 cannot read
  /// from Swift 6 builds ("possibly corrupted debuginfo"); made once per run.
  @MainActor
  private static func strippedExecutable() throws -> URL {
    if let stripped { return stripped }
    let copy = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-bench-stripped-\(ProcessInfo.processInfo.processIdentifier)")
    _ = try runProcess(["strip", "--strip-debug", "-o", copy.path, CommandLine.arguments[0]], doing: "strip")
    stripped = copy
    return copy
  }

  @MainActor private static var stripped: URL?

  /// Removes the stripped copy.
  @MainActor
  static func cleanUp() {
    if let stripped { try? FileManager.default.removeItem(at: stripped) }
    stripped = nil
  }

  /// The total instructions callgrind counts for the child running `spec` `operations` times.
  @MainActor
  private static func instructions(of spec: String, operations: Int) throws -> Int {
    let output = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-bench-callgrind-\(ProcessInfo.processInfo.processIdentifier)-\(spec.replacingOccurrences(of: ":", with: "-"))-\(operations).out")
    defer { try? FileManager.default.removeItem(at: output) }
    // Hash seeds differ per process, and with them the probe lengths of every hash lookup (a
    // toggle by id): both sides hash the same way only with deterministic hashing.
    var environment = ProcessInfo.processInfo.environment
    environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
    _ = try runProcess(
      [
        "valgrind", "--tool=callgrind", "--callgrind-out-file=\(output.path)",
        try strippedExecutable().path, childOption, spec, "--iterations", String(operations),
      ],
      doing: "valgrind (is it installed?) counting \(spec)", environment: environment)
    let text = try String(contentsOf: output, encoding: .utf8)
    for line in text.split(separator: "\n") where line.hasPrefix("summary:") || line.hasPrefix("totals:") {
      if let total = Int(line.split(separator: " ").last ?? "") { return total }
    }
    throw InstructionCountError(message: "no instruction total in callgrind's output for \(spec)")
  }
}

/// Why instructions could not be counted.
struct InstructionCountError: Error, CustomStringConvertible {
  let message: String
  var description: String { message }
}
