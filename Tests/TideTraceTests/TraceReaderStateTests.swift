import TideJSON
import Foundation
import Testing
import TideTerminal
import TideTestSupport
import TideTrace

/// The state after an action, read from the snapshot before it and the lines after that (read
/// in large chunks), or from the state asked for last when that is nearer.
@Suite("TideTrace: the state after an action")
struct TraceReaderStateTests {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var last = ""
  }

  /// A trace of 3,500 actions (snapshots after 1,000, 2,000 and 3,000), written to a file.
  func trace(in folder: TemporaryDirectory) -> String {
    let path = folder.file("app.trace")
    let bytes = recordedTrace(app: "counter", snapshotInterval: 1000, from: State(), actions: 3500) { number, state in
      state.count += number
      state.last = "after \(number)"
    }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    return path
  }

  func expected(after number: Int) -> JSONValue {
    .object([JSONMember(key: "count", value: .integer(Int64(number * (number + 1) / 2))), JSONMember(key: "last", value: .string("after \(number)"))])
  }

  @Test(arguments: [false, true])
  func everyStateIsTheOneTheAppHadInAnyOrderOfQuestions(browsing: Bool) throws {
    let folder = TemporaryDirectory("trace-state")
    let reader = try TraceReader(path: trace(in: folder), app: "counter", appVersion: "1")
    reader.keepsStatesForBrowsing = browsing
    #expect(reader.actionCount == 3500)
    // Forward one at a time, back across a snapshot, far forward, to the start and the end.
    for number in [1, 2, 999, 1000, 1001, 2500, 1999, 3499, 3500, 0, 3000, 2999, 1500, 1501, 2500, 2499] {
      let state = try reader.state(after: number)
      if number == 0 { #expect(state == .object([JSONMember(key: "count", value: .integer(0)), JSONMember(key: "last", value: .string(""))])) }
      else { #expect(state == expected(after: number), "after \(number)") }
    }
  }

  @Test func aLineCutFromTheFileSinceItWasIndexedIsAnErrorNotAnotherState() throws {
    let folder = TemporaryDirectory("trace-state-cut")
    let path = trace(in: folder)
    let reader = try TraceReader(path: path, app: "counter", appVersion: "1")
    // Cut in the middle of action 2,200's line: the snapshot after 2,000 is still there.
    let text = try Data(contentsOf: URL(fileURLWithPath: path))
    let line = try #require(text.range(of: Data(#"{"n":2200,"#.utf8)))
    try FileHandle(forWritingTo: URL(fileURLWithPath: path)).truncate(atOffset: UInt64(line.lowerBound + 10))
    #expect(try reader.state(after: 2100) == expected(after: 2100))
    let problem = try #require(throws: TraceProblem.self) { try reader.state(after: 2500) }
    #expect(problem.description.contains("the line can no longer be read"), "\(problem)")
    #expect(problem.line == reader.line(ofAction: 2200))
    // The same line read alone says the same, and so does a question that reads every line:
    // it does not answer as if the trace ended there.
    let alone = try #require(throws: TraceProblem.self) { try reader.step(2200) }
    #expect(alone == problem)
    let inChunks = try #require(throws: TraceProblem.self) { try reader.forEachActionLine(in: 2100...2500) { _, _ in } }
    #expect(inChunks == problem)
    let app = InspectedApp(name: "counter", version: "1", state: State.self, action: Int.self, frame: { _ in { _, size in Canvas(columns: size.columns, rows: size.rows) } })
    let whoChanged = try #require(throws: InspectFailure.self) { try TraceQueries.whoChanged("count", in: reader, app: app) }
    #expect(whoChanged.message.contains("the line can no longer be read"), "\(whoChanged.message)")
  }

  /// A question that checks each line it applies (`--at`, the browser) keeps the state it made,
  /// and starts from it next time only when it checked the lines that question needs.
  @Test func aStateCheckedFromALaterLineDoesNotStandForLinesBeforeIt() throws {
    let folder = TemporaryDirectory("trace-state-checked")
    let reader = try TraceReader(path: trace(in: folder), app: "counter", appVersion: "1")
    // As the browser reads: states kept side by side.
    reader.keepsStatesForBrowsing = true
    reader.keepChecked(expected(after: 1500), after: 1500, linesFrom: 1001)
    #expect(reader.checkedState(in: 1000...2000, checkedFrom: 1001).map(\.number) == 1500)
    #expect(reader.checkedState(in: 1000...2000, checkedFrom: 1200).map(\.number) == 1500)
    #expect(reader.checkedState(in: 1000...2000, checkedFrom: 5) == nil, "lines 5 to 1000 were not checked")
    #expect(reader.checkedState(in: 1600...2000, checkedFrom: 1001) == nil)
    // The same state, read without checking, is not a checked one.
    _ = try reader.state(after: 1700)
    #expect(reader.checkedState(in: 1000...2000, checkedFrom: 1001).map(\.number) == 1500)
    #expect(try reader.state(after: 1501) == expected(after: 1501))
  }

  /// A state kept by a question whose lines began before a snapshot (`--export-test 500..1500`)
  /// is never used past that snapshot: a step there starts from the snapshot's line, which is
  /// read (and refused when damaged) as if nothing were kept.
  @Test func aKeptStateIsNeverUsedPastASnapshotItWalkedAcross() throws {
    let folder = TemporaryDirectory("trace-state-base")
    let reader = try TraceReader(path: trace(in: folder), app: "counter", appVersion: "1")
    reader.keepsStatesForBrowsing = true
    let wrong = JSONValue.object([JSONMember(key: "count", value: .integer(-1)), JSONMember(key: "last", value: .string("kept"))])
    reader.keepChecked(wrong, after: 1500, linesFrom: 500)
    #expect(reader.checkedState(in: 1000...1600, checkedFrom: 500).map(\.number) == 1500)
    #expect(reader.checkedState(in: 1000...1600, checkedFrom: 1001) == nil, "lines from the snapshot after 1,000")
    #expect(try reader.state(after: 1600) == expected(after: 1600))
  }
}
