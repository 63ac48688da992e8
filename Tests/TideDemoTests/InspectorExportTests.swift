import Foundation
import Testing
import Tide
import TideDemo
import TideTerminal
import TideTestSupport

/// `--export-test`: the test it writes from `InspectorFixtures/exported.keys` is committed as
/// `InspectorExportedTest.swift`, compiled and run with the suite; this checks that exporting
/// again writes the same file, so the committed test is what the inspector exports today.
@MainActor
@Suite("Inspector: exported test")
struct InspectorExportTests {
  @Test func exportingTheFixtureSessionWritesTheCommittedTest() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = try String(contentsOf: inspectorFixtures.appendingPathComponent("exported.keys"), encoding: .utf8)
    let (trace, _) = try await traceOfReplay(script, in: folder, name: "exported")
    let file = folder.appendingPathComponent("InspectorExportedTest.swift").path
    let answer = inspect(trace, .exportTest(4...15, file: file))
    #expect(answer.failure == nil)
    let exported = try String(contentsOfFile: file, encoding: .utf8)
    let committedPath = packageRoot.appendingPathComponent("Tests/TideDemoTests/InspectorExportedTest.swift").path
    let committed = try String(contentsOfFile: committedPath, encoding: .utf8)
    #expect(exported == committed, "re-export it: tide-demo replay \(inspectorFixtures.path)/exported.keys --trace T && tide-demo inspect T --export-test 4..15 \(committedPath)\n\(lineDiff(expected: committed, actual: exported))")
  }

  @Test func aRangeOutsideTheTraceIsRefused() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + +\n", in: folder)
    let file = folder.appendingPathComponent("T.swift").path
    #expect(inspect(trace, .exportTest(1...5, file: file)).failure?.status == 2)
    #expect(!FileManager.default.fileExists(atPath: file))
  }
}
