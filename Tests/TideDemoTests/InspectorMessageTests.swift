import Foundation
import Synchronization
import Testing
import Tide
import TideDemo
import TideTerminal
import TideTrace
import TideTerminalCommand

/// Each message of the inspector says what is true (issue 37, finding 10): a folder is not "an
/// empty file", a number too large is not the number it wraps to, a field the state lacks is not
/// a field that never changed.
@MainActor
@Suite("Inspector: messages say what is true")
struct InspectorMessageTests {
  private func write(_ lines: [String], to file: URL, separator: String = "\n") throws {
    try (lines.joined(separator: separator) + separator).write(to: file, atomically: true, encoding: .utf8)
  }

  @Test func aFolderOrADeviceGivenAsATraceIsNamedForWhatItIs() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let directory = inspect(folder.path, .screen(after: 1)).failure
    #expect(directory?.status == 2)
    #expect(directory?.description == "\(folder.path): error: is a directory, not a trace (a trace is a file tide-demo --trace wrote)")
    let device = inspect("/dev/null", .screen(after: 1)).failure
    #expect(device?.description == "/dev/null: error: is a character device, not a trace (a trace is a file tide-demo --trace wrote)")
  }

  /// A FIFO is refused at once, without waiting for a writer (the open blocked forever).
  @Test func aFIFOGivenAsATraceIsRefusedWithoutWaiting() throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let fifo = folder.appendingPathComponent("t.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let answer = inspect(fifo, .screen(after: 1)).failure
    #expect(answer?.description == "\(fifo): error: is a FIFO (named pipe), not a trace (a trace is a file tide-demo --trace wrote)")
  }

  /// A trace saved with CRLF line ends (an editor on Windows) answers as the same trace with LF.
  @Test func aTraceWithCRLFLineEndsAnswersAsItsLFTwin() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + tab space\nwait 120ms\nkeys space\n", in: folder)
    let crlf = folder.appendingPathComponent("crlf.trace")
    try write(try traceLines(trace), to: crlf, separator: "\r\n")
    let reader = try TraceQueries.open(trace, app: demoInspected)
    for query in [InspectRunner.Query.screen(after: 2), .state(after: reader.actionCount), .whoChanged("counter.count"),
                  .whoChanged("stopwatch.lastReading")] {
      let expected = inspect(trace, query)
      let answer = inspect(crlf.path, query)
      #expect(answer.failure == nil, "\(query): \(String(describing: answer.failure))")
      #expect(answer.output == expected.output, "\(query)")
    }
  }

  @Test func anActionNumberOutOfRangeIsReportedAsTyped() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + +\n", in: folder)
    var lines = try traceLines(trace)
    lines[2] = lines[2].replacingOccurrences(of: #"{"n":2,"#, with: #"{"n":100000000000000000000000,"#)
    let huge = folder.appendingPathComponent("huge.trace")
    try write(lines, to: huge)
    let answer = inspect(huge.path, .screen(after: 1))
    #expect(answer.failure?.description.contains(
      "\(huge.path):3: error: action number 100000000000000000000000 is out of range (action 2 should be here)") == true,
      "\(String(describing: answer.failure))")
  }

  /// Siblings: a size out of range, on a resize's action line and in the header, is refused by
  /// the line, not wrapped into a size or drawn on a canvas of billions of cells.
  @Test func aSizeOutOfRangeIsRefused() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + +\n", in: folder)
    var lines = try traceLines(trace)
    #expect(lines[1].contains(#""resize":[80,24]"#))
    lines[1] = lines[1].replacingOccurrences(of: #""resize":[80,24]"#, with: #""resize":[18446744073709551696,24]"#)
    let wide = folder.appendingPathComponent("wide.trace")
    try write(lines, to: wide)
    let answer = inspect(wide.path, .screen(after: 0))
    #expect(answer.failure?.description.contains("\(wide.path):2: error: a resize needs [columns, rows], each 1 to 10000") == true,
      "\(String(describing: answer.failure))")
    var header = try traceLines(trace)
    header[0] = header[0].replacingOccurrences(of: #""size":[80,24]"#, with: #""size":[80,2000000]"#)
    let tall = folder.appendingPathComponent("tall.trace")
    try write(header, to: tall)
    #expect(inspect(tall.path, .screen(after: 0)).failure?.description
      == "\(tall.path):1: error: the trace header's size 80x2000000 is out of range (each of columns and rows 1 to 10000)")
  }

  /// The header's members are checked as every other line's: `app` named twice was read as
  /// the first (a trace of "other" opened as tide-demo's), and a member the format does not
  /// know was passed over.
  @Test(arguments: [
    (#""app":"tide-demo","#, #""app":"tide-demo","app":"other","#, "the trace header has the member app twice"),
    (#""size":[80,24],"#, #""size":[80,24],"size":[10,5],"#, "the trace header has the member size twice"),
    (#""size":[80,24],"#, #""size":[80,24],"colour":true,"#, "the trace header has a member the format does not know: colour"),
    // A member of the wrong kind was dropped without a word (second reader).
    (#""arguments":["--screen","counter"]"#, #""arguments":"--screen counter""#, "the trace header's arguments are not a list of texts"),
    (#""reducer":"TideDemo.AppFeature""#, #""reducer":5"#, "the trace header's reducer is not a text"),
  ])
  func aHeaderMemberTwiceOrUnknownIsRefused(original: String, edited: String, message: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + +\n", in: folder)
    var lines = try traceLines(trace)
    #expect(lines[0].contains(original))
    lines[0] = lines[0].replacingOccurrences(of: original, with: edited)
    let path = folder.appendingPathComponent("edited.trace").path
    try write(lines, to: URL(fileURLWithPath: path))
    #expect(inspect(path, .screen(after: 1)).failure?.description == "\(path):1: error: \(message)")
  }

  /// `--state-at N` refuses a state the app cannot hold, as `--at N` does (it printed it, status 0).
  @Test func stateAtRefusesWhatAtRefuses() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + + +\n", in: folder)
    var lines = try traceLines(trace)
    lines[3] = lines[3].replacingOccurrences(of: #"["counter.count",2]"#, with: #"["counter.count","two"]"#)
    let bad = folder.appendingPathComponent("bad.trace")
    try write(lines, to: bad)
    let screen = inspect(bad.path, .screen(after: 3))
    let state = inspect(bad.path, .state(after: 3))
    #expect(screen.failure?.status == 2)
    #expect(state.failure?.status == 2)
    #expect(state.failure?.description == screen.failure?.description)
    #expect(state.failure?.description.hasPrefix("\(bad.path):4: error: the state after action 3 is not a state of tide-demo") == true)
    #expect(state.output.isEmpty)
    // The states before it still answer, both ways.
    #expect(inspect(bad.path, .state(after: 2)).failure == nil)
    #expect(inspect(bad.path, .screen(after: 2)).failure == nil)
  }

  @Test(arguments: [
    ("counter.nope", "the state has no field 'counter.nope' (counter has count, alert)"),
    ("counter.count.digits", "the state has no field 'counter.count.digits' (counter.count is a number, which has no fields)"),
    ("todos.todos.title", "the state has no field 'todos.todos.title' (todos.todos is a list: its elements are todos.todos[0], todos.todos[1], …)"),
    ("countr", "the state has no field 'countr' (the state has screen, counter, stopwatch, todos, help, isQuitting)"),
  ])
  func whoChangedRefusesAFieldTheStateDoesNotHave(path: String, message: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + +\n", in: folder)
    let answer = inspect(trace, .whoChanged(path))
    #expect(answer.failure?.status == 2)
    #expect(answer.failure?.description == "tide-demo: --who-changed: \(message)")
    #expect(answer.output.isEmpty)
  }

  /// A field inside an optional that is not set, or inside a list that is empty, may be there
  /// later: such a path is taken, and answers.
  @Test func whoChangedTakesAFieldThatMayComeLater() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys tab tab a\ntype \"tea\"\nkeys enter\n", in: folder)
    let title = inspect(trace, .whoChanged("todos.todos[0].title"))
    #expect(title.failure == nil)
    #expect(title.output.hasSuffix("(none) → \"tea\""), "\(title.output)")
    #expect(inspect(trace, .whoChanged("todos.editor.input.text")).failure == nil)
  }

  /// A path through a list element the start does not have, into a field no element has, was
  /// taken and printed nothing with status 0 (issue 37's hostile test, F10): the end state says
  /// it is not there, and the message names the fields there are.
  @Test func whoChangedRefusesAFieldNoElementHas() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys tab tab a\ntype \"tea\"\nkeys enter\n", in: folder)
    for path in ["todos.todos[0].nope", "todos.todos[0].title.x"] {
      let answer = inspect(trace, .whoChanged(path))
      #expect(answer.failure?.status == 2, "\(path): \(answer)")
      #expect(answer.failure?.description.contains("the state has no field '\(path)'") == true, "\(path): \(answer)")
    }
  }

  /// A trace of another app in Tide's old JSON lines (what `Tracer.jsonLines` wrote) is
  /// named as such, with the app that wrote it, where it was "not a Tide trace".
  @Test func aJSONLinesTraceOfAnotherAppIsNamed() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // What Tide's `Tracer.jsonLines` wrote before it was retired (one format: v1).
    let line = #"{"action":"true","diff":"- 0\n+ 1","label":"tide-list","time":"2026-01-01T00:00:00Z"}"# + "\n"
    let file = folder.appendingPathComponent("list.trace")
    try Data(line.utf8).write(to: file)
    let answer = inspect(file.path, .screen(after: 0))
    #expect(answer.failure?.status == 2)
    #expect(answer.failure?.description == "\(file.path):1: error: this is a trace of tide-list in Tide's JSON-lines format "
      + "(an action and a state diff a line), not a trace of tide-demo: tide-demo inspect opens only the traces tide-demo --trace writes")
  }

  /// The browser shows why a field was refused, and offers it again to fix (it showed nothing).
  @Test func theBrowserShowsWhyAFieldIsRefused() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let trace = try await InspectorBrowserTests.sessionTrace(in: folder)
    let script = folder.appendingPathComponent("field.keys")
    try """
      keys c ctrl-u
      type "counter.nope"
      keys enter
      expect "the state has no field 'counter.nope' (counter has count, alert) — c to change it"
      keys c
      expect "field to follow: counter.nope"
      keys backspace backspace backspace backspace
      type "count"
      keys enter
      expect "field counter.count"
      """.write(to: script, atomically: true, encoding: .utf8)
    let result = await InspectorBrowserTests.replayInspector(trace, script: script.path)
    #expect(result.status == 0, "\(result.errors)\n\(result.output)")
  }

  @Test(arguments: [
    (["--export-keys", "1", "a.keys", "--export-keys", "2", "b.keys"], "--export-keys was given twice (1 a.keys, 2 b.keys): ask one question at a time"),
    (["--export-test", "1..2", "a.swift", "--export-test", "1..3", "b.swift"], "--export-test was given twice (1..2 a.swift, 1..3 b.swift): ask one question at a time"),
    (["--at", "1", "--at", "2"], "--at was given twice (1, 2): ask one question at a time"),
    (["--who-changed", "counter.count", "--who-changed", "screen"], "--who-changed was given twice (counter.count, screen): ask one question at a time"),
    (["--export-keys", "1"], "--export-keys takes N FILE (an action number and a file), not one value: 1"),
    (["--at", "100000000000000000000000"], "--at: action 100000000000000000000000 is out of range (at most 9223372036854775807)"),
  ])
  func aQuestionAskedWrongSaysHow(arguments: [String], message: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys +\n", in: folder)
    let result = await demo(["inspect", trace] + arguments.map { $0.hasSuffix(".keys") || $0.hasSuffix(".swift") ? folder.appendingPathComponent($0).path : $0 })
    #expect(result.status == 2)
    let expected = message
      .replacingOccurrences(of: "a.keys", with: folder.appendingPathComponent("a.keys").path)
      .replacingOccurrences(of: "b.keys", with: folder.appendingPathComponent("b.keys").path)
      .replacingOccurrences(of: "a.swift", with: folder.appendingPathComponent("a.swift").path)
      .replacingOccurrences(of: "b.swift", with: folder.appendingPathComponent("b.swift").path)
    #expect(result.errors.contains("Error: \(expected)"), "\(result.errors)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("a.keys").path))
  }

  /// `--trace` replaces its file, as every output does; the help said it appended.
  @Test(arguments: [["--help"], ["replay", "--help"]])
  func theHelpSaysTraceReplacesItsFile(arguments: [String]) async throws {
    let help = await demo(arguments)
    #expect(help.status == 0)
    let text = help.output + help.errors
    // ArgumentParser wraps the help at 80 columns.
    let words = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("--trace <path> Write one JSON object per action (time, action, state diff) to this file, replacing it."), "\(text)")
    #expect(!text.contains("Append"), "\(text)")
  }
}
