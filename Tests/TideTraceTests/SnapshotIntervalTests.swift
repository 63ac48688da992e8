import Testing
import TideTrace

/// A trace snapshots its state every 1,000 actions, and less often when the state is large, so
/// that a 100,000-item state does not make the trace gigabytes long.
@Suite("TideTrace: the snapshot interval follows the state's size")
struct SnapshotIntervalTests {
  struct State: Codable, Sendable {
    var titles: [String]
  }

  /// The header's `snapshotEvery` of a trace of `state`.
  func snapshotEvery(of state: State, snapshotInterval: Int? = nil) throws -> Int {
    let text = String(decoding: recordedTrace(app: "test", snapshotInterval: snapshotInterval, from: state, actions: 1), as: UTF8.self)
    let header = try #require(text.split(separator: "\n").first)
    let field = try #require(header.range(of: #""snapshotEvery":"#))
    return try #require(Int(header[field.upperBound...].prefix { $0.isNumber }))
  }

  @Test func aSmallStateKeepsTheDefault() throws {
    #expect(try snapshotEvery(of: State(titles: ["a", "b"])) == 1000)
  }

  @Test func aLargeStateIsSnapshottedLessOften() throws {
    // About 1.3 MB of JSON: one snapshot for each 64 bytes of it, about 20,000 actions.
    let state = State(titles: (0..<100_000).map { "Item \($0)" })
    let every = try snapshotEvery(of: state)
    #expect(every > 15_000 && every < 30_000)
    #expect(try snapshotEvery(of: state, snapshotInterval: 1000) == 1000)
  }
}
