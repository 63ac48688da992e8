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
  /// `NAME: tide X instructions/op, baseline Y instructions/op, ratio Z (unchecked baseline U instructions/op)`.
  @MainActor
  static func report(_ names: [String]) throws {
    defer { cleanUp() }
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
      if let baseline = perOperation["baseline"] {
        line += ", baseline \(format(baseline)) instructions/op, ratio \(String(format: "%.2f", tide / baseline))"
      }
      var notes: [String] = []
      if let unchecked = perOperation["unchecked"] { notes.append("unchecked baseline \(format(unchecked)) instructions/op") }
      if let note = workload.note { notes.append(note) }
      if !notes.isEmpty { line += " (\(notes.joined(separator: "; ")))" }
      print(line)
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
