import Foundation
import Testing
import TideTestSupport

/// The suite's own rule for time: a deadline only turns a hang into a failure. Every test runs
/// beside the rest of the suite on one main actor and a pool of a thread a core, so its wall time
/// includes everyone else's turns, and on a machine kept busy by other work a test that takes a
/// quarter of a second alone took over a minute. So no test sets a time limit of its own: each
/// that might hang takes the one ``Trait/hangLimit``, which ``Slowdown`` stretches for a
/// sanitized build.
@Suite("Test deadlines")
struct TestDeadlinesTests {
  @Test func everyTimeLimitIsTheHangLimit() throws {
    let tests = packageRoot.appendingPathComponent("Tests")
    let enumerator = try #require(FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil))
    // Spelled in two pieces, so that this file does not find itself.
    let needle = "." + "timeLimit("
    var offenders: [String] = []
    for case let file as URL in enumerator where file.pathExtension == "swift" {
      guard file.lastPathComponent != "Slowdown.swift" else { continue }
      let text = try String(contentsOf: file, encoding: .utf8)
      for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
      where line.contains(needle) {
        offenders.append("\(file.path.dropFirst(tests.path.count + 1)):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
      }
    }
    #expect(offenders.isEmpty, "time limits of their own; use .hangLimit:\n\(offenders.joined(separator: "\n"))")
  }
}
