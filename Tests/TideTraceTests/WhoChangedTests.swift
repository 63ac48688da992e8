import Foundation
import Testing
import TideJSON
import TideTerminal
import TideTestSupport
import TideTrace

/// `--who-changed` reads a long trace on two threads, a part each side of a snapshot: its lines
/// and its failures are those of one thread reading every line.
@Suite("TideTrace: --who-changed on two threads")
struct WhoChangedTests {
  /// A label the app holds as a number or as a name, but never the name "bad".
  enum Label: Codable, Equatable, Sendable {
    case number(Int)
    case name(String)

    init(from decoder: any Decoder) throws {
      let container = try decoder.singleValueContainer()
      if let number = try? container.decode(Int.self) {
        self = .number(number)
        return
      }
      let name = try container.decode(String.self)
      guard name != "bad" else { throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a label") }
      self = .name(name)
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.singleValueContainer()
      switch self {
      case .number(let number): try container.encode(number)
      case .name(let name): try container.encode(name)
      }
    }
  }

  /// Settings whose `a` is left out while it is `nil`: set later, a change adds it after `b`,
  /// where a snapshot writes it first.
  struct Settings: Codable, Sendable {
    var a: Int?
    var b = 0
  }

  struct State: Codable, Sendable {
    var count = 0
    var label = Label.number(0)
    var items: [String] = []
    /// Set, then cleared (a change to `null`), left out by the snapshots after, set again.
    var note: String?
    var settings = Settings()
  }

  /// An action the app has: a number below 100,000.
  struct Action: Decodable {
    init(from decoder: any Decoder) throws {
      let number = try decoder.singleValueContainer().decode(Int.self)
      guard number < 100_000 else { throw DecodingError.dataCorruptedError(in: try decoder.singleValueContainer(), debugDescription: "no such action") }
    }
  }

  let app = InspectedApp(
    name: "labels", version: "1", state: State.self, action: Action.self,
    frame: { _ in { _, size in Canvas(columns: size.columns, rows: size.rows) } })

  /// 6,000 actions, a snapshot every 500: the count changes at each, the label every 7th
  /// (a number, a name, a number again), the list every 11th. `badActions`: actions recorded
  /// as the app would not have them; `badLabels`: where the label becomes "bad".
  func trace(
    in folder: TemporaryDirectory, snapshotInterval: Int = 500, badActions: Set<Int> = [], badLabels: Set<Int> = [],
    malformed: Set<Int> = [], badSnapshots: Set<Int> = [], badTimes: Set<Int> = [], afterHeader: String? = nil
  ) throws -> TraceReader {
    let bytes = recordedTrace(app: "labels", snapshotInterval: snapshotInterval, from: State(), actions: 6000) { number, state in
      state.count = number % 97
      if number % 7 == 0 { state.label = number % 14 == 0 ? .name("n\(number)") : .number(number) }
      if badLabels.contains(number) { state.label = .name("bad") }
      if number % 11 == 0 { state.items.insert("i\(number)", at: min(3, state.items.count)) }
      if number == 100 { state.note = "a" }
      if number == 200 { state.note = nil }
      if number == 4000 { state.note = "b" }
      if number == 1000 { state.settings.a = 5 }
      if number % 13 == 0 { state.settings.b = number }
    }
    var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for index in lines.indices {
      for number in badActions where lines[index].hasPrefix(#"{"n":\#(number),"#) {
        lines[index] = lines[index].replacingOccurrences(of: #""action":\#(number),"#, with: #""action":\#(100_000 + number),"#)
      }
      for number in badTimes where lines[index].hasPrefix(#"{"n":\#(number),"#) {
        // A time before the start, which the format refuses.
        let time = try #require(lines[index].range(of: #""t":[^,]*,"#, options: .regularExpression))
        lines[index].replaceSubrange(time, with: #""t":-1,"#)
      }
      for number in malformed where lines[index].hasPrefix(#"{"n":\#(number),"#) {
        // Whole JSON, so the index takes it; not a change, which the answer finds when it reads it.
        let changes = try #require(lines[index].range(of: #""changes":"#))
        lines[index] = lines[index][..<changes.upperBound] + #"[["label"]]}"#
      }
    }
    for index in lines.indices {
      // A member the format does not know: the snapshot cannot be read.
      for number in badSnapshots where lines[index].hasPrefix(#"{"snapshot":\#(number),"#) {
        lines[index] = #"{"snapshot":\#(number),"zz":1,"# + lines[index].dropFirst(#"{"snapshot":\#(number),"#.count)
      }
    }
    if let afterHeader { lines.insert(afterHeader, at: 1) }
    let text = lines.joined(separator: "\n")
    let path = folder.file("labels.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(text.utf8)))
    return try TraceReader(path: path, app: "labels", appVersion: "1")
  }

  func answer(_ path: String, _ reader: TraceReader, splittingFrom: Int, endCheckedFirst: Bool? = nil) -> Result<String, InspectFailure> {
    Result { () throws(InspectFailure) in
      try TraceQueries.whoChangedText(path, in: reader, app: app, splittingFrom: splittingFrom, endCheckedFirst: endCheckedFirst)
        .map { $0 + "\n" }.joined()
    }
  }

  /// The lines of `count`, which every action changes, worked out from the session itself.
  @Test func theLinesAreTheSessionsChanges() throws {
    let folder = TemporaryDirectory("who-changed-count")
    let reader = try trace(in: folder)
    let expected = (1...6000).map { number in
      "\(number) \(ActionText.describe(.integer(Int64(number)))) \((number - 1) % 97) → \(number % 97)\n"
    }.joined()
    #expect(try answer("count", reader, splittingFrom: 1).get() == expected)
  }

  /// A trace with no snapshot in its middle half is read in one part.
  @Test func withoutASnapshotInTheMiddleTheTraceIsOnePart() throws {
    let folder = TemporaryDirectory("who-changed-one-part")
    let reader = try trace(in: folder, snapshotInterval: 5000)
    #expect(try WhoChanged.parts(of: try #require(JSONPath(parsing: "count")), in: reader, app: app, splittingFrom: 1).count == 1)
  }

  @Test(arguments: ["count", "label", "items", "items[3]", "items[5]", "note", "settings", "settings.a"])
  func twoPartsAnswerAsOne(path: String) throws {
    let folder = TemporaryDirectory("who-changed-parts")
    let lines = try linesOfTwoParts(path, in: try trace(in: folder), app: app)
    #expect(lines.count >= (path.hasPrefix("note") ? 3 : path == "settings.a" ? 1 : 100))
  }

  /// Failures in either part, or both: the first in the order of the lines is the answer. The
  /// actions are among those that change the label (every 7th); the bad labels follow a label
  /// that was a number, so that the label's kind changes and its state is checked; a malformed
  /// line is found only by a question whose path it names.
  @Test(arguments: [
    ([98], [], []), ([5908], [], []), ([98, 5908], [], []), ([], [4208], []), ([], [302, 4208], []), ([4200], [302], []),
    ([301], [4208], []), ([4200], [], [301]), ([301], [], [4200]), ([], [4208], [301]), ([], [], [4200]),
  ] as [([Int], [Int], [Int])])
  func theFirstFailureIsTheOneOfOneThread(badActions: [Int], badLabels: [Int], malformed: [Int]) throws {
    let folder = TemporaryDirectory("who-changed-failures")
    let reader = try trace(in: folder, badActions: Set(badActions), badLabels: Set(badLabels), malformed: Set(malformed))
    // `count` changes at every action and never changes kind: only an action fails it.
    let expected = [
      "count": badActions.min().map { ($0, "action \($0) is not an action") },
      "label": (badActions.map { ($0, "action \($0) is not an action") } + badLabels.map { ($0, "after action \($0) is not a state") }
        + malformed.map { ($0, "a malformed change") }).min { $0.0 < $1.0 },
    ]
    for (path, first) in expected {
      let one = answer(path, reader, splittingFrom: .max)
      for endCheckedFirst in [false, true] {
        let two = answer(path, reader, splittingFrom: 1, endCheckedFirst: endCheckedFirst)
        guard let first else {
          #expect(try two.get() == one.get(), "\(path)")
          continue
        }
        guard case .failure(let failure) = one, case .failure(let split) = two else {
          Issue.record("\(path) answered despite \(badActions) \(badLabels)")
          continue
        }
        #expect(failure.message.contains(first.1), "\(path): \(failure.message)")
        #expect(split.message == failure.message && split.status == failure.status, "\(path)")
      }
    }
  }

  /// A line the answer reads is checked whole, its time too, wherever it lies (third hostile
  /// pass): a line before the last snapshot, which the check of the end's state does not
  /// read, was listed with a time the format refuses, where `--at` names it.
  @Test func aLineItReadsIsCheckedWholeBeforeTheLastSnapshotToo() throws {
    let reader = try trace(in: TemporaryDirectory("who-changed-bad-time"), badTimes: [98])
    for splittingFrom in [Int.max, 1] {
      guard case .failure(let failure) = answer("count", reader, splittingFrom: splittingFrom) else {
        Issue.record("count answered despite action 98's time")
        continue
      }
      #expect(failure.message.contains("t needs the seconds since the start"), "\(failure.message)")
    }
  }

  /// A snapshot the second part would start from that cannot be read (hostile pass): reading
  /// `count` on one thread never reads it (its value never changes kind, so no state after a
  /// line is asked for), so neither do two — the second part is read from where the first
  /// ended; the other paths' answers, which ask for states near it, are one thread's too; and a
  /// failure in the lines before it is still the answer.
  @Test func aSnapshotThatCannotBeReadWhereThePartsMeetIsNotTheAnswer() throws {
    let folder = TemporaryDirectory("who-changed-bad-snapshot")
    let middle = Set(stride(from: 1500, through: 4500, by: 500))
    let reader = try trace(in: folder, badSnapshots: middle)
    func said(_ answer: Result<String, InspectFailure>) -> String {
      switch answer {
      case .success(let text): "answered: \(text)"
      case .failure(let failure): "failed (\(failure.status)): \(failure.message)"
      }
    }
    #expect(try answer("count", reader, splittingFrom: .max).get().hasPrefix("1 "))
    for path in ["count", "label", "items", "settings.a"] {
      let one = said(answer(path, reader, splittingFrom: .max))
      for endCheckedFirst in [false, true] {
        #expect(said(answer(path, reader, splittingFrom: 1, endCheckedFirst: endCheckedFirst)) == one, "\(path)")
      }
    }
    let failing = try trace(in: TemporaryDirectory("who-changed-bad-snapshot-action"), badActions: [1000], badSnapshots: middle)
    expectTheSameFailure("count", failing, saying: "action 1000 is not an action")
  }

  /// A snapshot of action 0 that is not one (hostile pass): the state a first part starts from
  /// is read after the end's check, on two threads as on one.
  @Test func aWrongSnapshotAtTheStartComesAfterTheEndsCheck() throws {
    let folder = TemporaryDirectory("who-changed-start")
    let reader = try trace(in: folder, afterHeader: #"{"snapshot":0}"#)
    expectTheSameFailure("nope", reader, saying: "the state has no field 'nope'")
    expectTheSameFailure("count", reader, saying: "labels.trace:2: error:")
  }

  /// The state at the end is checked before any line is answered, and the path looked for in
  /// it; on two threads that happens beside the first part's reading, and its failure is still
  /// the answer, ahead of any in the lines.
  @Test(arguments: [
    ([], [5999], "after action 5999 is not a state of labels"), ([98], [5999], "after action 5999 is not a state of labels"),
    ([], [], "the state has no field 'nope'"), ([98], [], "the state has no field 'nope'"),
  ] as [([Int], [Int], String)])
  func theEndsFailureIsTheAnswerOnOneThreadOrTwo(badActions: [Int], badLabels: [Int], message: String) throws {
    let folder = TemporaryDirectory("who-changed-end")
    let reader = try trace(in: folder, badActions: Set(badActions), badLabels: Set(badLabels))
    for path in badLabels.isEmpty ? ["nope"] : ["count", "label", "nope"] {
      expectTheSameFailure(path, reader, saying: message)
    }
  }

  /// `--who-changed path` fails on one thread, saying `message`, and the same on two,
  /// whichever checks the state at the end.
  func expectTheSameFailure(_ path: String, _ reader: TraceReader, saying message: String) {
    let one = answer(path, reader, splittingFrom: .max)
    guard case .failure(let failure) = one else {
      Issue.record("\(path) answered: \(one)")
      return
    }
    #expect(failure.message.contains(message), "\(path): \(failure.message)")
    for endCheckedFirst in [false, true] {
      let two = answer(path, reader, splittingFrom: 1, endCheckedFirst: endCheckedFirst)
      guard case .failure(let split) = two else {
        Issue.record("\(path) answered on two threads: \(two)")
        continue
      }
      #expect(split.message == failure.message && split.status == failure.status, "\(path), the end checked first: \(endCheckedFirst): \(split.message)")
    }
  }

  /// The split evens out the threads' work: a snapshot near the middle when the end costs
  /// little, one later when the end costs more (tide-list's trace of 1,000,000 actions, a
  /// snapshot of 5.3 MB every 82,122), the end checked on the first thread when that evens
  /// them out better, and one part when no snapshot lies past the first quarter.
  @Test func theSplitEvensOutTheThreadsWork() {
    let list = (1...12).map { (number: $0 * 82_122, bytes: 5_300_000) }
    #expect(WhoChanged.Split.evening(count: 999_975, snapshots: list) == .init(middle: 574_854, endCheckedFirst: false))
    let small = (1...999).map { (number: $0 * 1000, bytes: 300) }
    #expect(WhoChanged.Split.evening(count: 999_975, snapshots: small) == .init(middle: 500_000, endCheckedFirst: false))
    let twoThirds = [(number: 400_000, bytes: 0), (number: 800_000, bytes: 0)]
    #expect(WhoChanged.Split.evening(count: 1_000_000, snapshots: twoThirds) == .init(middle: 400_000, endCheckedFirst: true))
    #expect(WhoChanged.Split.evening(count: 1_000_000, snapshots: [(number: 100_000, bytes: 0)]) == nil)
  }
}
