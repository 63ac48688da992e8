import Foundation
import Testing
import TideJSON
import TideTerminal
import TideTestSupport
import TideTrace

/// The walk that makes states along a trace while the browser is open: every state it hands
/// over is the one the trace holds, a jump starts from the nearest, a wrong line or a snapshot
/// unlike its lines is met as the browser's own walk meets it, and its memory stays bounded.
@Suite("TideTrace: states made along a trace on another thread")
struct TraceWaypointWalkTests {
  typealias State = ItemsAndCursor

  static var app: InspectedApp { ItemsAndCursor.app(named: "walk") }

  /// 5,000 actions from `items` items, a snapshot every 2,000: each action moves the cursor,
  /// and with `renaming` renames an item too (a large list changed by every line).
  static func trace(in folder: TemporaryDirectory, items: Int = 3000, renaming: Bool = false, interval: Int = 2000) throws -> String {
    let bytes = recordedTrace(
      app: "walk", snapshotInterval: interval, from: State(items: (0..<items).map { "item \($0)" }), actions: 5000
    ) { number, state in
      state.cursor = number % 97
      if renaming { state.items[number % items] = "renamed at \(number)" }
    }
    let path = folder.file("walk.trace")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The state after each of `numbers`, as a reader without a walk reads it.
  static func expectedStates(_ path: String, at numbers: [Int]) throws -> [JSONValue] {
    let fresh = try TraceQueries.open(path, app: app)
    return try numbers.map { try TraceQueries.checkedState(after: $0, in: fresh, app: app) }
  }

  @Test func everyStateHandedOverIsTheTracesAndAJumpStartsFromTheNearest() throws {
    let folder = TemporaryDirectory("waypoint-walk")
    let path = try Self.trace(in: folder)
    let reader = try TraceQueries.open(path, app: Self.app)
    reader.startWaypointWalk(checks: Self.app.checks, spacing: 300)
    reader.waitForWaypoints()
    // 300…1800 after the header; 2000 (the snapshot's) and 2300…3800; 4000 and 4300…4900.
    #expect(reader.waypointCount == 17)
    #expect(reader.checkedState(in: 2000...2299, checkedFrom: 2001)?.number == 2000, "the snapshot's own state")
    // The state at the snapshot is the one the lines made, which shares the header's list of
    // 3,000 items, not the snapshot's parse (a list of its own).
    #expect(try reader.state(after: 2000).valuesNotShared(with: reader.header.state) < 10)
    #expect(try TraceQueries.open(path, app: Self.app).state(after: 2000).valuesNotShared(with: reader.header.state) > 3000)
    #expect(reader.checkedState(in: 2000...3799, checkedFrom: 2001)?.number == 3500, "the nearest state at or before 3799")
    #expect(reader.checkedState(in: 0...299, checkedFrom: 1) == nil, "none before the first")
    let numbers = [1, 299, 300, 301, 1800, 1999, 2000, 2001, 2299, 2300, 3799, 3800, 3801, 4000, 4301, 4900, 4999, 5000, 1234, 3333]
    let expected = try Self.expectedStates(path, at: numbers)
    for (number, state) in zip(numbers, expected) {
      #expect(try TraceQueries.checkedState(after: number, in: reader, app: Self.app) == state, "step \(number)")
      #expect(try reader.state(after: number) == state, "step \(number), unchecked")
    }
  }

  @Test func aSnapshotUnlikeTheLinesBeforeItIsTakenAsItIs() throws {
    let folder = TemporaryDirectory("waypoint-walk-snapshot")
    let path = try Self.trace(in: folder)
    // The snapshot after action 2000 says the cursor is 50; the lines before it made 60.
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let snapshot = try #require(text.range(of: #"{"snapshot":2000,"#))
    let cursor = try #require(text.range(of: #""cursor":60"#, range: snapshot.upperBound..<text.endIndex))
    text.replaceSubrange(cursor, with: #""cursor":50"#)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let reader = try TraceQueries.open(path, app: Self.app)
    reader.startWaypointWalk(checks: Self.app.checks, spacing: 300)
    reader.waitForWaypoints()
    #expect(reader.waypointCount == 17)
    let numbers = [2000, 2300, 2301, 3900]
    let expected = try Self.expectedStates(path, at: numbers)
    #expect(expected[0].value(at: try #require(JSONPath(parsing: "cursor"))) == .integer(50))
    for (number, state) in zip(numbers, expected) {
      #expect(try TraceQueries.checkedState(after: number, in: reader, app: Self.app) == state, "step \(number)")
    }
  }

  @Test func aLineThatIsNotTheAppsEndsTheWalkAndIsNamedWhenReached() throws {
    let folder = TemporaryDirectory("waypoint-walk-wrong-line")
    let path = try Self.trace(in: folder)
    var text = try String(contentsOfFile: path, encoding: .utf8)
    let line = try #require(text.range(of: #"{"n":2500,"t":0.0,"action":2500"#))
    text.replaceSubrange(line, with: #"{"n":2500,"t":0.0,"action":"x""#)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let reader = try TraceQueries.open(path, app: Self.app)
    reader.startWaypointWalk(checks: Self.app.checks, spacing: 300)
    reader.waitForWaypoints()
    // 300…1800, then 2000 and 2300 before the wrong line.
    #expect(reader.waypointCount == 8)
    let expected = try Self.expectedStates(path, at: [2300])
    #expect(try TraceQueries.checkedState(after: 2300, in: reader, app: Self.app) == expected[0])
    #expect(throws: InspectFailure.self) { try TraceQueries.checkedState(after: 3000, in: reader, app: Self.app) }
    do {
      _ = try TraceQueries.checkedState(after: 3000, in: reader, app: Self.app)
    } catch {
      #expect(error.message.contains("action 2500 is not an action of walk"), "\(error.message)")
    }
  }

  @Test func statesThatShareNoListStopWithinTheBudget() throws {
    let folder = TemporaryDirectory("waypoint-walk-budget")
    // Every line renames an item: each state holds its own list.
    let path = try Self.trace(in: folder, items: 1000, renaming: true, interval: 5000)
    let reader = try TraceQueries.open(path, app: Self.app)
    reader.startWaypointWalk(checks: Self.app.checks, spacing: 50)
    reader.waitForWaypoints()
    // 99 states wanted. The trace is far smaller than 65,536 × 128 bytes: the budget is its
    // least, 65,536 values, 65 lists of 1,000 (a state's own values: its list's 1,000 and its
    // object's two members).
    #expect(reader.waypointCount == 65_536 / 1_002)
    let expected = try Self.expectedStates(path, at: [2150, 4999])
    #expect(try TraceQueries.checkedState(after: 2150, in: reader, app: Self.app) == expected[0])
    #expect(try TraceQueries.checkedState(after: 4999, in: reader, app: Self.app) == expected[1])
  }

  @Test func aBranchLetsTheWalksStatesGo() throws {
    let folder = TemporaryDirectory("waypoint-walk-branch")
    let path = try Self.trace(in: folder)
    let reader = try TraceQueries.open(path, app: Self.app, follow: true)
    reader.startWaypointWalk(checks: Self.app.checks, spacing: 300)
    reader.waitForWaypoints()
    #expect(reader.waypointCount == 17)
    let branch = #"{"branch":1000,"t":0.0,"state":{"items":[],"cursor":7}}"# + "\n"
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(branch.utf8))
    try handle.close()
    #expect(reader.update())
    #expect(reader.actionCount == 1000)
    #expect(reader.waypointCount == 0)
    #expect(try reader.state(after: 1000) == .object([JSONMember(key: "items", value: .array([])), JSONMember(key: "cursor", value: .integer(7))]))
  }

  @Test func valuesNotSharedCountsOnlyStorageOfItsOwn() {
    let list = JSONValue.array((0..<100).map { .object([JSONMember(key: "title", value: .string("item \($0)"))]) })
    let state = JSONValue.object([JSONMember(key: "items", value: list), JSONMember(key: "cursor", value: .integer(0))])
    #expect(state.valuesNotShared(with: nil) == 2 + 100 + 100)
    var moved = state
    let movedCursor = moved.set(.integer(1), at: JSONPath(parsing: "cursor")!.components[...])
    #expect(movedCursor)
    // The object was copied to change it; its list was not.
    #expect(moved.valuesNotShared(with: state) == 2)
    var renamed = moved
    let renamedItem = renamed.set(.string("renamed"), at: JSONPath(parsing: "items[3].title")!.components[...])
    #expect(renamedItem)
    // The object and the list copied; the one new item's member too.
    #expect(renamed.valuesNotShared(with: moved) == 2 + 100 + 1)
    #expect(state.valuesNotShared(with: state) == 0)
    // The first item removed: a new list, its other 99 items shared where they moved to.
    guard case .array(let elements) = list else { return }
    let shorter = JSONValue.object([JSONMember(key: "items", value: .array(Array(elements.dropFirst()))), JSONMember(key: "cursor", value: .integer(0))])
    #expect(shorter.valuesNotShared(with: state) == 2 + 99)
    // One inserted in the middle.
    var inserted = elements
    inserted.insert(.object([JSONMember(key: "title", value: .string("new"))]), at: 50)
    let longer = JSONValue.object([JSONMember(key: "items", value: .array(inserted)), JSONMember(key: "cursor", value: .integer(0))])
    #expect(longer.valuesNotShared(with: state) == 2 + 101 + 1)
  }

  @Test func aReaderLetGoMidWalkEndsItsWalk() throws {
    let folder = TemporaryDirectory("waypoint-walk-let-go")
    let path = try Self.trace(in: folder)
    var reader: TraceReader? = try TraceQueries.open(path, app: Self.app)
    reader?.startWaypointWalk(checks: Self.app.checks, spacing: 1)
    // The walk reads the file on its own descriptor and stops at its next run of lines: the
    // file can be read by another reader meanwhile, and removed.
    reader = nil
    let other = try TraceQueries.open(path, app: Self.app)
    #expect(try TraceQueries.checkedState(after: 5000, in: other, app: Self.app) == Self.expectedStates(path, at: [5000])[0])
  }
}
