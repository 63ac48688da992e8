import Foundation
import Testing
import TideJSON
import TideTestSupport
import TideTrace

/// A state far from a snapshot, as the browser reads it: the later lines read on another thread
/// while the first are applied, and a run of lines that set the same values applied as its last.
/// The state is the one a walk on one thread makes, and a wrong line is named as that walk names
/// it, whichever part holds it.
@Suite("TideTrace: a long walk's later lines read on another thread")
struct LinesReadAheadTests {
  static var app: InspectedApp { ItemsAndCursor.app(named: "ahead") }

  /// 20,000 actions and no snapshot: each moves the cursor, every seventh renames an item.
  static func trace(in folder: TemporaryDirectory) throws -> String {
    let bytes = recordedTrace(
      app: "ahead", snapshotInterval: 1_000_000, from: ItemsAndCursor(items: (0..<50).map { "item \($0)" }), actions: 20_000
    ) { number, state in
      state.cursor = number % 1000
      if number % 7 == 0 { state.items[number % 50] = "renamed at \(number)" }
    }
    let path = folder.file("ahead.trace")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The answer for the state after `number` on a reader of its own: the state, or the failure.
  func answer(_ path: String, after number: Int, readingAhead: Bool) throws -> Result<JSONValue?, InspectFailure> {
    let reader = try TraceQueries.open(path, app: Self.app)
    try #require(reader.actionCount == 20_000, "every line indexed")
    return Result { () throws(InspectFailure) in
      try TraceQueries.checkLinesRead(from: 1, upTo: number, in: reader, app: Self.app, readingAhead: readingAhead)
    }
  }

  @Test func theStateIsTheOneAWalkOnOneThreadMakes() throws {
    let folder = TemporaryDirectory("lines-read-ahead")
    let path = try Self.trace(in: folder)
    for number in [LinesReadAhead.fewestLines - 1, LinesReadAhead.fewestLines, 12_345, 20_000] {
      let alone = try answer(path, after: number, readingAhead: false).get()
      #expect(try answer(path, after: number, readingAhead: true).get() == alone, "step \(number)")
      #expect(alone?["cursor"] == .integer(Int64(number % 1000)))
    }
  }

  /// Action `number`'s line in `path` rewritten by `damage`.
  func damage(_ path: String, action number: Int, _ damage: (String) -> String) throws {
    var lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let index = try #require(lines.firstIndex { $0.hasPrefix(#"{"n":\#(number),"#) })
    lines[index] = damage(lines[index])
    try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Damage in the first part (300), in the part read ahead (15,000), and in both.
  @Test(arguments: [[300], [15_000], [15_000, 300]])
  func aWrongLineIsNamedAsAWalkOnOneThreadNamesIt(at numbers: [Int]) throws {
    let damages: [(String, (String) -> String)] = [
      ("a time the format refuses", { $0.replacing(#/"t":[^,]+/#, with: #""t":-1"#) }),
      ("not an action of the app", { $0.replacing(#/"action":\d+/#, with: #""action":"x""#) }),
      ("a change that does not fit", { $0.replacing(#/\["cursor",/#, with: #"["items[900]","#) }),
      // Amid lines that each set the cursor to a number, which are applied only as their last.
      ("a value of another kind", { $0.replacing(#/\["cursor",\d+\]/#, with: #"["cursor","x"]"#) }),
    ]
    for (name, change) in damages {
      let folder = TemporaryDirectory("lines-read-ahead-damage")
      let path = try Self.trace(in: folder)
      for number in numbers { try damage(path, action: number, change) }
      let alone = try answer(path, after: 20_000, readingAhead: false)
      let ahead = try answer(path, after: 20_000, readingAhead: true)
      guard case .failure(let expected) = alone, case .failure(let failure) = ahead else {
        Issue.record("\(name) at \(numbers): no failure")
        continue
      }
      #expect(failure.message == expected.message && failure.status == expected.status, "\(name) at \(numbers)")
      #expect(expected.message.contains("ahead.trace:\(numbers.min()! + 1):"), "\(name): \(expected.message)")
    }
  }

  /// How many of this process's descriptors are open on `path`.
  func descriptors(on path: String) throws -> Int {
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { name in
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")) == resolved
    }.count
  }

  /// A walk that fails in its first half, before the other thread has begun the second, or
  /// while it reads it: every descriptor the reading ahead opened is closed. Failed before: the
  /// descriptor duplicated for the other thread stayed open when it never began.
  @Test func aWalkThatFailsEarlyLeavesNoDescriptorOpen() throws {
    let folder = TemporaryDirectory("lines-read-ahead-descriptors")
    let path = try Self.trace(in: folder)
    try damage(path, action: 2, { $0.replacing(#/"action":\d+/#, with: #""action":"x""#) })
    for _ in 0..<100 {
      #expect(throws: InspectFailure.self) { _ = try answer(path, after: 20_000, readingAhead: true).get() }
    }
    #expect(try descriptors(on: path) == 0)
  }
}
