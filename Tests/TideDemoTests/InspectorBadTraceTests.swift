import Foundation
import Testing
import Tide
import TideDemo
import TideTerminal
import TideTerminalCommand

/// A trace that is cut short, damaged, or not tide-demo's: a clear `FILE:LINE: error:`, and
/// what came before still answers.
@MainActor
@Suite("Inspector: bad traces")
struct InspectorBadTraceTests {
  private func write(_ lines: [String], to file: URL, trailingNewline: Bool = true) throws {
    try (lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")).write(to: file, atomically: true, encoding: .utf8)
  }

  @Test func aTruncatedLastLineIsReportedAndTheActionsBeforeItStillAnswer() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + +\n", in: folder)
    var lines = try traceLines(trace)
    // The header, the resize at the start, then one line per key: the last key's line cut.
    lines[4] = String(lines[4].prefix(30))
    let cut = folder.appendingPathComponent("cut.trace")
    try write(lines, to: cut, trailingNewline: false)
    let answer = inspect(cut.path, .screen(after: 3))
    #expect(answer.output.contains("Count: 2"))
    #expect(answer.failure?.status == 1)
    #expect(answer.failure?.description.hasPrefix("\(cut.path):5: error: the last line is cut short") == true)
    // Past the damaged line the trace may hold the action: the trace failed, not the question.
    let beyond = inspect(cut.path, .screen(after: 4))
    #expect(beyond.failure?.status == 1)
    #expect(beyond.failure?.description == "tide-demo: --at 4: only 3 actions could be read, before this line\n\(cut.path):5: error: the last line is cut short (the trace ends in the middle of a line)")
  }

  @Test func aMalformedLineInTheMiddleEndsTheTraceThere() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + + +\n", in: folder)
    var lines = try traceLines(trace)
    lines[4] = "garbage"
    let damaged = folder.appendingPathComponent("damaged.trace")
    try write(lines, to: damaged)
    let answer = inspect(damaged.path, .whoChanged("counter.count"))
    #expect(answer.output == "2 .counter(.increment) 0 → 1\n3 .counter(.increment) 1 → 2")
    #expect(answer.failure?.description.hasPrefix("\(damaged.path):5: error: not a JSON object: garbage") == true)
  }

  /// Every query checks the whole trace: a line whose JSON is broken after the action asked
  /// about is still reported (status 1), as one before it is (hostile finding: deep nesting on
  /// line 3 was silent with `--at 0`, the values of a line being read only when asked for).
  @Test(arguments: [
    (#""changes":[["#, "malformed JSON"),
    (#""changes":["#, "malformed JSON: unexpected character"),
    ("deep", "malformed JSON: nesting deeper than 512 levels"),
  ])
  func aLineWhoseJSONIsBrokenIsReportedByEveryQuery(damage: String, message: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + +\n", in: folder)
    var lines = try traceLines(trace)
    switch damage {
    case "deep":
      lines[2] = lines[2].replacingOccurrences(
        of: #""changes":["#, with: #""changes":["# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + ",")
    case #""changes":["#:
      lines[2] = lines[2].replacingOccurrences(of: #""changes":["#, with: #""changes":nope,["#)
    default:
      lines[2] = lines[2].replacingOccurrences(of: #""changes":["#, with: damage)
    }
    let damaged = folder.appendingPathComponent("broken.trace")
    try write(lines, to: damaged)
    let queries: [InspectRunner.Query] = [.screen(after: 0), .state(after: 0), .state(after: 1), .whoChanged("counter.count")]
    for query in queries {
      let answer = inspect(damaged.path, query)
      #expect(answer.failure?.status == 1, "\(query)")
      #expect(answer.failure?.description.hasPrefix("\(damaged.path):3: error: \(message)") == true, "\(query): \(String(describing: answer.failure))")
    }
    let beyond = inspect(damaged.path, .state(after: 2))
    #expect(beyond.failure?.status == 1)
    #expect(beyond.failure?.description.contains("only 1 action could be read, before this line\n\(damaged.path):3: error:") == true)
  }

  /// Second hostile pass: lines that are whole JSON but not tide-demo's were answered from as
  /// if they were (an action case the app does not have went into `--export-test`, a change to
  /// a member the state does not have was drawn), or refused with a `DecodingError` dump. Each
  /// answer checks the states and actions it shows, and names the line and the place.
  @Test(arguments: [
    ("action", #"{"counter":{"_0":{"explode":{}}}}"#, 2,
     "action 2 is not an action of tide-demo: at counter._0: 'explode' is not a case it has"),
    ("change", #"["counter.count","one"]"#, 2,
     #"the state after action 2 is not a state of tide-demo: at counter.count: expected a number that fits Int but found "one""#),
    ("change", #"["counter.nope",1]"#, 2, "the state after action 2 is not a state of tide-demo: counter.nope is not a member it has"),
  ])
  func aLineThatIsJSONButNotTheAppsIsNamed(part: String, replacement: String, action: Int, message: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + +\n", in: folder)
    var lines = try traceLines(trace)
    // Line 3 is action 2, the first +.
    let original = part == "action" ? #"{"counter":{"_0":{"increment":{}}}}"# : #"["counter.count",1]"#
    #expect(lines[2].contains(original))
    lines[2] = lines[2].replacingOccurrences(of: original, with: replacement)
    let edited = folder.appendingPathComponent("edited.trace")
    try write(lines, to: edited)
    let expected = "\(edited.path):3: error: \(message)"
    var queries: [InspectRunner.Query] = [.exportTest(1...action, file: folder.appendingPathComponent("t.swift").path)]
    if part == "action" {
      queries.append(.whoChanged("counter.count"))
    } else {
      queries += [.screen(after: action), .state(after: action)]
    }
    for query in queries {
      let answer = inspect(edited.path, query)
      #expect(answer.failure?.status == 2, "\(query): \(String(describing: answer.failure))")
      #expect(answer.failure?.description == expected, "\(query)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.swift").path), "no test exported")
    // What comes before the edited line still answers.
    #expect(inspect(edited.path, .state(after: 1)).failure == nil)
  }

  /// Second hostile pass, on line 4 (action 3) of a trace of `keys + + +`: a change of the
  /// wrong type inside an `--export-test` range became a test that could only fail, and
  /// `--who-changed` listed it (`1 → "one"`); a member the state lacks was blamed on the last
  /// line; `--at 3` drew the state after an action the app does not have; a key that is not a
  /// text exported a wrong key script; a repeated or unknown member and a time before the
  /// start were taken as they came. Each answer that reads the line now names it.
  @Test(arguments: [
    (#"["counter.count",2]"#, #"["counter.count","one"]"#, "export-test",
     #"the state after action 3 is not a state of tide-demo: at counter.count: expected a number that fits Int but found "one""#),
    (#"["counter.count",2]"#, #"["counter.count","one"]"#, "who-changed",
     #"the state after action 3 is not a state of tide-demo: at counter.count: expected a number that fits Int but found "one""#),
    (#"["counter.count",2]"#, #"["counter.nope",1]"#, "at 4", "the state after action 3 is not a state of tide-demo: counter.nope is not a member it has"),
    (#"{"counter":{"_0":{"increment":{}}}}"#, #"{"counter":{"_0":{"explode":{}}}}"#, "at 3",
     "action 3 is not an action of tide-demo: at counter._0: 'explode' is not a case it has"),
    (#""key":"+""#, #""key":{"x":1}"#, "export-keys", "key needs a text"),
    (#""changes":[["counter.count",2]]"#, #""changes":[["counter.count",2]],"changes":[["counter.count",9]]"#, "at 3",
     "an action line has the member changes twice"),
    (#""n":3,"#, #""n":3,"zzz":1,"#, "at 3", "an action line has a member the format does not know: zzz"),
    (#""t":0.0"#, #""t":-1.0"#, "at 3", "t needs the seconds since the start, 0 to 1e12"),
    // Third hostile pass: a time past what a Duration holds stopped the inspector with an
    // overflow (SIGILL), for every question that read the line.
    (#""t":0.0"#, #""t":1e21"#, "at 3", "t needs the seconds since the start, 0 to 1e12"),
    (#""t":0.0"#, #""t":1e308"#, "who-changed", "t needs the seconds since the start, 0 to 1e12"),
    // A member named twice was called "not a member it has".
    (#"["counter.count",2]"#, #"["counter",{"count":2,"count":3,"alert":{"value":null,"revision":0}}]"#, "at 4",
     "the state after action 3 is not a state of tide-demo: counter has the member count twice"),
    // Second hostile re-check: a wrong type that a later line overwrote was answered past it.
    (#"["counter.count",2]"#, #"["counter.count","two"]"#, "at 4",
     #"the state after action 3 is not a state of tide-demo: at counter.count: expected a number that fits Int but found "two""#),
    (#"["counter.count",2]"#, #"["counter.count","two"]"#, "state-at 4",
     #"the state after action 3 is not a state of tide-demo: at counter.count: expected a number that fits Int but found "two""#),
  ])
  func aLineEditedByHandIsNamedByEveryAnswerThatReadsIt(original: String, edited: String, query: String, message: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + +\n", in: folder)
    var lines = try traceLines(trace)
    #expect(lines[3].contains(original), "line 4: \(lines[3])")
    lines[3] = lines[3].replacingOccurrences(of: original, with: edited)
    let path = folder.appendingPathComponent("edited.trace")
    try write(lines, to: path)
    let output = folder.appendingPathComponent("exported").path
    let answer: (output: String, failure: TerminalCommandError?)
    switch query {
    case "export-test": answer = inspect(path.path, .exportTest(2...4, file: output))
    case "export-keys": answer = inspect(path.path, .exportKeys(through: 4, file: output))
    case "who-changed": answer = inspect(path.path, .whoChanged("counter.count"))
    case "at 4": answer = inspect(path.path, .screen(after: 4))
    case "state-at 4": answer = inspect(path.path, .state(after: 4))
    default: answer = inspect(path.path, .screen(after: 3))
    }
    let failure = try #require(answer.failure, "\(query) answered: \(answer.output)")
    #expect(failure.status != 0)
    #expect(failure.description.contains("\(path.path):4: error: \(message)"), "\(query): \(failure.description)")
    #expect(!FileManager.default.fileExists(atPath: output), "nothing exported")
  }

  @Test func aTraceOfAnotherAppIsRefused() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys +\n", in: folder)
    var lines = try traceLines(trace)
    lines[0] = lines[0].replacingOccurrences(of: #""app":"tide-demo""#, with: #""app":"tide-list""#)
    let other = folder.appendingPathComponent("other.trace")
    try write(lines, to: other)
    let answer = inspect(other.path, .screen(after: 1))
    #expect(answer.failure?.status == 2)
    #expect(answer.failure?.description == "\(other.path):1: error: this is a trace of tide-list, not of tide-demo")
  }

  @Test func aTraceOfAnotherVersionIsRefused() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys +\n", in: folder)
    let lines = try traceLines(trace)
    let newer = folder.appendingPathComponent("newer.trace")
    try write([lines[0].replacingOccurrences(of: #""version":1"#, with: #""version":2"#)] + lines.dropFirst(), to: newer)
    #expect(inspect(newer.path, .screen(after: 1)).failure?.description
      == "\(newer.path):1: error: trace format version 2; this tide-demo reads version 1")
    let older = folder.appendingPathComponent("older.trace")
    try write([lines[0].replacingOccurrences(of: #""appVersion":"\#(DemoApp.version)""#, with: #""appVersion":"0.0.1""#)] + lines.dropFirst(), to: older)
    #expect(inspect(older.path, .screen(after: 1)).failure?.description.contains("written by tide-demo 0.0.1") == true)
  }

  @Test func aFileThatIsNotATraceIsRefused() throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let keys = folder.appendingPathComponent("not.trace")
    try "keys + + +\n".write(to: keys, atomically: true, encoding: .utf8)
    #expect(inspect(keys.path, .screen(after: 0)).failure?.description == "\(keys.path):1: error: not a Tide trace (its first line is not a trace header)")
    let empty = folder.appendingPathComponent("empty.trace")
    try "".write(to: empty, atomically: true, encoding: .utf8)
    #expect(inspect(empty.path, .screen(after: 0)).failure?.description == "\(empty.path): error: the file is empty: not a trace")
    let missing = folder.appendingPathComponent("missing.trace").path
    #expect(inspect(missing, .screen(after: 0)).failure?.description == "\(missing): error: cannot read the trace: No such file or directory")
  }
}
