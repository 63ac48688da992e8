import Foundation
import Testing
import TideJSON
import TideTestSupport
import TideTrace

/// Every line of a trace is checked as JSON when the trace is opened. In a large trace the
/// lines are checked on two threads before they are indexed; the problem reported is still the
/// first bad line's, in the words of that line's own check, and what comes before it answers.
@Suite("TideTrace: the index checks every line")
struct TraceIndexCheckTests {
  struct State: Codable, Sendable {
    var count = 0
    var note = ""
    var large = ""
  }

  /// A trace of 20,000 actions of about 200 bytes each, with a snapshot of 700 KB every 4,000:
  /// three chunks of the index, and lines that run from one chunk into the next.
  static let trace = recordedTrace(app: "check", snapshotInterval: 4000, from: State(), actions: 20_000) { number, state in
    state.count = number
    state.note = "note \(number) " + String(repeating: "n", count: 150)
    if number == 1 { state.large = String(repeating: "l", count: 700_000) }
  }

  /// Where each line starts, and the file's end.
  static let lineStarts: [Int] = [0] + trace.indices.filter { trace[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }

  /// The line (0-based) that holds byte `offset`.
  static func line(holding offset: Int) -> Int {
    lineStarts.lastIndex { $0 <= offset }!
  }

  static func isAction(_ line: Int) -> Bool {
    trace[lineStarts[line]...].starts(with: Array(#"{"n":"#.utf8))
  }

  @Test func aWholeTraceOfSeveralChunksIsIndexedWithoutAProblem() throws {
    #expect(Self.trace.count > 2 * TraceReader.chunkSize)
    let folder = TemporaryDirectory("index-check")
    let path = folder.file("whole.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.trace)))
    let reader = try TraceReader(path: path, app: "check", appVersion: "1")
    reader.finishReading()
    #expect(reader.problem == nil)
    #expect(reader.actionCount == 20_000)
  }

  /// The lines broken: the first after the header, the last whole line of the first chunk, a
  /// line that runs into the next chunk and the one after it, a snapshot, the last; and a line only the full reader can tell is wrong (a lone
  /// surrogate, which the quick check leaves to it).
  @Test(arguments: ["second", "end of chunk", "across chunks", "first of chunk 2", "snapshot", "last", "surrogate"])
  func theFirstBadLineIsReportedAsItsOwnCheckReportsIt(place: String) throws {
    let chunk = TraceReader.chunkSize
    let snapshot = Self.lineStarts.indices.dropFirst().first { !Self.isAction($0) && $0 < Self.lineStarts.count - 1 }!
    let line: Int = switch place {
    case "second": 1
    case "end of chunk": Self.line(holding: chunk - 1) - 1
    case "across chunks": Self.line(holding: chunk - 1)
    case "first of chunk 2": Self.line(holding: chunk - 1) + 1
    case "snapshot": snapshot
    case "last": Self.lineStarts.count - 2
    default: Self.line(holding: chunk + chunk / 3)
    }
    var damaged = Self.trace
    let start = Self.lineStarts[line]
    let end = Self.lineStarts[line + 1] - 1
    if place == "surrogate" {
      // The note's first characters, `"note `, become a lone high surrogate: the same length.
      let note = try #require(damaged[start..<end].firstRange(of: Array(#""note "#.utf8)))
      damaged.replaceSubrange(note, with: Array(#""\uD800"#.utf8))
    } else {
      // The first `:` after the line's first key: still an object from `{` to `}`.
      let colon = try #require(damaged[(start + 4)..<end].firstIndex(of: UInt8(ascii: ":")))
      damaged[colon] = UInt8(ascii: ";")
    }
    let expected = damaged[start..<end].withUnsafeBytes { bytes in
      Result { () throws(JSONParser.Failure) in try JSONParser.check(bytes) }
    }
    guard case .failure(let failure) = expected else {
      Issue.record("line \(line + 1) still passes its check")
      return
    }
    let folder = TemporaryDirectory("index-check-damaged")
    let path = folder.file("damaged.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(damaged)))
    let reader = try TraceReader(path: path, app: "check", appVersion: "1")
    reader.finishReading()
    #expect(reader.problem == TraceProblem(path: path, line: line + 1, message: "malformed JSON: \(failure)"), "line \(line + 1)")
    #expect(reader.actionCount == (1..<line).filter(Self.isAction).count, "the actions before it still answer")
  }

  /// Lines of about 150 bytes, one of them broken at a time, around the place where the two
  /// threads' shares meet and at both ends: the passing part ends where the broken line starts.
  @Test func theLinesThatPassEndWhereTheFirstBrokenLineStarts() {
    let lines = (0..<2000).map { Array("{\"n\":\($0),\"note\":\"\(String(repeating: "x", count: 130))\"}\n".utf8) }
    let starts = lines.reduce(into: [0]) { $0.append($0.last! + $1.count) }
    let whole = lines.flatMap { $0 }
    #expect(whole.count >= ParallelLineCheck.smallestShared)
    let middle = starts.firstIndex { $0 >= whole.count / 2 }!
    let broken = [[0], [1], [999], [middle - 2], [middle - 1], [middle], [middle + 1], [middle + 2], [1998], [1999],
      // One in each share: the first is the one that counts.
      [10, 1990], [middle - 1, middle], [middle - 1, middle + 1]]
    for indexes in broken {
      var damaged = whole
      for index in indexes { damaged[starts[index] + 4] = UInt8(ascii: ";") }
      let passing = damaged.withUnsafeBytes { ParallelLineCheck.check(line: nil, lines: $0) }
      #expect(passing.prefix == starts[indexes[0]], "lines \(indexes) broken")
      #expect(passing.line)
    }
    let all = whole.withUnsafeBytes { ParallelLineCheck.check(line: nil, lines: $0) }
    #expect(all.prefix == whole.count)
    // Each line where it ends and with its number, on both sides of the threads' meeting.
    #expect(all.lines == (0..<2000).map { ParallelLineCheck.CheckedLine(end: starts[$0 + 1] - 1, actionNumber: $0) })
    // A long line completed by the chunk is checked beside them, broken or not.
    let long = Array("{\"note\":\"\(String(repeating: "y", count: 400_000))\"}".utf8)
    for isBroken in [false, true] {
      var line = long
      if isBroken { line[3] = UInt8(ascii: "\u{01}") }
      let passing = line.withUnsafeBytes { line in whole.withUnsafeBytes { ParallelLineCheck.check(line: line, lines: $0) } }
      #expect(passing.line == !isBroken)
      #expect(passing.prefix == whole.count)
    }
  }

  /// An action line's number read beside the check: only for a line the index would take
  /// as it is, else 0, for the index to read it the long way and say what is wrong.
  @Test func anActionLinesNumberIsReadOnlyWhenThatIsAllItNeeds() {
    let cases: [(String, Int)] = [
      (#"{"n":5,"t":0.0,"key":"j","action":1,"changes":[]}"#, 5),
      (#"{"n":123456789012345678,"t":0.0,"action":1,"changes":[]}"#, 123_456_789_012_345_678),
      (#"{"n":7,"t":0.0,"action":1,"changes":[]}"# + "\r", 7),
      // A resize on the line, one out of range, a number too long or not there, another line.
      (#"{"n":5,"t":0.0,"resize":[80,24],"action":1,"changes":[]}"#, 0),
      (#"{"n":5,"t":0.0,"resize":[0,24],"action":1,"changes":[]}"#, 0),
      (#"{"n":1234567890123456789,"t":0.0,"action":1,"changes":[]}"#, 0),
      (#"{"n":,"t":0.0,"action":1,"changes":[]}"#, 0),
      (#"{"n":"5","t":0.0,"action":1,"changes":[]}"#, 0),
      (#"{"t":0.0,"key":"j"}"#, 0),
      (#"{"snapshot":5,"state":{}}"#, 0),
    ]
    for (line, number) in cases {
      #expect(Array(line.utf8).withUnsafeBytes { TraceReader.plainActionNumber($0) } == number, "\(line)")
    }
  }

  /// The end of a chunk's whole lines: its last line break wherever it is, none at all.
  @Test func theWholeLinesOfAChunkEndAtItsLastLineBreak() {
    for count in 0...40 {
      for lastBreak in [nil] + Array(0..<count) {
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: count)
        if let lastBreak {
          bytes[lastBreak] = UInt8(ascii: "\n")
          if lastBreak > 3 { bytes[lastBreak - 3] = UInt8(ascii: "\n") }
        }
        let length = bytes.withUnsafeBytes { TraceReader.wholeLinesLength($0) }
        #expect(length == lastBreak.map { $0 + 1 } ?? 0, "\(count) bytes, the last break at \(String(describing: lastBreak))")
      }
    }
  }

  /// Lines longer than a chunk: a header, never checked and never refused for it, and a
  /// snapshot across three chunks, refused when broken, answering when whole.
  @Test(arguments: [false, true])
  func aLineAcrossSeveralChunksIsCheckedWhole(isBroken: Bool) throws {
    var trace = recordedTrace(
      app: "check", snapshotInterval: 3, from: State(large: String(repeating: "h", count: TraceReader.chunkSize + 1000)), actions: 4
    ) { number, state in
      state.count = number
      if number == 2 { state.large += String(repeating: "s", count: TraceReader.chunkSize) }
    }
    let starts = [0] + trace.indices.filter { trace[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    let snapshot = try #require(starts.firstIndex { trace[$0...].starts(with: Array(#"{"snapshot":"#.utf8)) })
    #expect(starts[1] > TraceReader.chunkSize, "the header runs past the first chunk")
    #expect(starts[snapshot + 1] - starts[snapshot] > 2 * TraceReader.chunkSize, "the snapshot spans three chunks")
    if isBroken { trace[starts[snapshot + 1] - 3] = UInt8(ascii: ";") }
    let folder = TemporaryDirectory("index-check-long")
    let path = folder.file("long.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(trace)))
    let reader = try TraceReader(path: path, app: "check", appVersion: "1")
    reader.finishReading()
    if isBroken {
      #expect(reader.problem?.line == snapshot + 1)
      #expect(reader.problem?.message.hasPrefix("malformed JSON") == true, "\(String(describing: reader.problem))")
      #expect(reader.actionCount == 3)
    } else {
      #expect(reader.problem == nil)
      #expect(reader.actionCount == 4)
    }
  }

  /// The header is parsed beside the index: the reader's is the file's first line's, and a
  /// later session's (a second run writing to the same file) when there is one.
  @Test func theHeaderIsTheFirstSessionsOrTheLastOnes() throws {
    let folder = TemporaryDirectory("index-header")
    let path = folder.file("two.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.trace)))
    let one = try TraceReader(path: path, app: "check", appVersion: "1")
    #expect(one.header.app == "check" && one.skippedSessions == 0)
    #expect(one.header.state["large"] == .string(""))
    #expect(try one.state(after: 0) == one.header.state)
    let second = recordedTrace(app: "check", from: State(count: 7, note: "second"), actions: 3) { number, state in state.count += number }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.trace + second)))
    let two = try TraceReader(path: path, app: "check", appVersion: "1")
    #expect(two.skippedSessions == 1)
    #expect(two.header.state["note"] == .string("second"))
    #expect(two.actionCount == 3)
    #expect(try two.state(after: 3)["count"] == .integer(13))
  }

  /// A large trace of another app is refused for what it is, however far the index has gone
  /// when the header is found wrong.
  @Test func aLargeTraceOfAnotherAppIsRefused() throws {
    let folder = TemporaryDirectory("index-other-app")
    let path = folder.file("other.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(Self.trace)))
    #expect { try TraceReader(path: path, app: "another", appVersion: "1") } throws: { error in
      (error as? TraceProblem)?.message == "this is a trace of check, not of another"
    }
    #expect { try TraceReader(path: path, app: "check", appVersion: "2") } throws: { error in
      (error as? TraceProblem)?.message.hasPrefix("this trace was written by check 1; this is check 2") == true
    }
  }

  /// A line across two chunks that is longer than the limit is refused by its number, whether
  /// the chunk it starts in already holds too much of it or only the next one does; the lines
  /// before it answer.
  @Test(arguments: ["in its first chunk", "in its second chunk"])
  func aLineAcrossChunksLongerThanTheLimitIsRefusedByItsNumber(tooLong: String) throws {
    let limit = 2_000
    var trace = recordedTrace(app: "check", from: State(), actions: 30_000) { number, state in
      state.count = number
      state.note = "note \(number) " + String(repeating: "n", count: 150)
    }
    let starts = [0] + trace.indices.filter { trace[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
    // A line of about 200 bytes that starts 2,100 bytes before the first chunk's end, made
    // longer by spaces JSON allows after its first comma, so that the first chunk holds more of
    // it than the limit; or one that starts 800 bytes before, made longer before its last brace.
    let isLongInFirst = tooLong == "in its first chunk"
    let line = try #require(starts.lastIndex { $0 <= TraceReader.chunkSize - (isLongInFirst ? 2_100 : 800) })
    #expect(trace[starts[line]...].starts(with: Array(#"{"n":"#.utf8)))
    let comma = try #require(trace[starts[line]...].firstIndex(of: UInt8(ascii: ",")))
    trace.insert(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: limit), at: isLongInFirst ? comma + 1 : starts[line + 1] - 2)
    #expect(starts[line + 1] + limit > TraceReader.chunkSize, "the line runs into the second chunk")
    #expect((TraceReader.chunkSize - starts[line] > limit) == isLongInFirst)
    let folder = TemporaryDirectory("index-long-line")
    let path = folder.file("long.trace")
    #expect(FileManager.default.createFile(atPath: path, contents: Data(trace)))
    let reader = try TraceReader(path: path, app: "check", appVersion: "1", lineLimit: limit)
    reader.finishReading()
    #expect(reader.problem?.line == line + 1)
    #expect(reader.problem?.message.hasPrefix("the line holds more than") == true, "\(String(describing: reader.problem))")
    #expect(reader.actionCount == (0..<line).filter { Self.isAction(in: trace, at: starts[$0]) }.count)
    // The same line within the limit is indexed with the rest.
    let whole = try TraceReader(path: path, app: "check", appVersion: "1", lineLimit: 1 << 20)
    whole.finishReading()
    #expect(whole.problem == nil)
    #expect(whole.actionCount == 30_000)
  }

  static func isAction(in trace: [UInt8], at start: Int) -> Bool {
    trace[start...].starts(with: Array(#"{"n":"#.utf8))
  }
}
