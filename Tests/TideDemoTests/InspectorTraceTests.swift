import TideJSON
import Foundation
import Testing
import Tide
import TideTrace
import TideDemo
import TideTerminal

/// The trace format: what `--trace` writes, and that it holds enough to know the state and the
/// screen after every action.
@MainActor
@Suite("Inspector: trace format")
struct InspectorTraceTests {
  @Test func theHeaderNamesTheAppItsVersionTheSizeAndTheInitialState() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("resize 100x30\nkeys +\n", in: folder)
    let lines = try traceLines(trace)
    let header = try JSONParser.parse(lines[0])
    #expect(header["format"] == .string("tide-trace"))
    #expect(header["version"] == .integer(1))
    #expect(header["app"] == .string("tide-demo"))
    #expect(header["appVersion"] == .string(DemoApp.version))
    #expect(header["size"] == .array([.integer(80), .integer(24)]))
    #expect(header["state"]?["counter"]?["count"] == .integer(0))
    // The size at the start is also the first input: it sends the app's resize action.
    #expect(lines[1].hasPrefix(#"{"n":1,"t":0.0,"resize":[80,24],"action":{"todos":{"_0":{"resized":"#))
    #expect(lines[2].hasPrefix(#"{"n":2,"t":0.0,"resize":[100,30],"action":{"todos":{"_0":{"resized":"#))
  }

  @Test func anActionLineCarriesItsKeyTheActionAndOnlyWhatChanged() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + tab space\nwait 20ms\n", in: folder)
    let lines = try traceLines(trace)
    #expect(lines[1].hasPrefix(#"{"n":1,"t":0.0,"resize":[80,24],"#))
    #expect(lines[2] == #"{"n":2,"t":0.0,"key":"+","action":{"counter":{"_0":{"increment":{}}}},"changes":[["counter.count",1]]}"#)
    #expect(lines[3] == #"{"n":3,"t":0.0,"key":"tab","action":{"nextScreen":{}},"changes":[["screen","stopwatch"]]}"#)
    #expect(lines[4] == #"{"n":4,"t":0.0,"key":"space","action":{"stopwatch":{"_0":{"toggle":{}}}},"changes":[["stopwatch.startedAt",0.0]]}"#)
    // An effect's action has no key.
    #expect(lines[5] == #"{"n":5,"t":0.016666667,"action":{"stopwatch":{"_0":{"tick":{"at":0.016666667}}}},"changes":[["stopwatch.lastReading",0.016666667]]}"#)
  }

  @Test func aKeyTheAppIgnoresHasALineOfItsOwn() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys z +\n", in: folder)
    let lines = try traceLines(trace)
    #expect(lines[2] == #"{"t":0.0,"key":"z"}"#)
    #expect(lines[3].hasPrefix(#"{"n":2,"t":0.0,"key":"+","#))
  }

  @Test func addingToAListWritesTheNewElementNotTheList() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys tab tab a\ntype \"one\"\nkeys enter a\ntype \"two\"\nkeys enter\n", in: folder)
    let submit = try #require(try traceLines(trace).last { $0.contains(#""key":"enter""#) })
    #expect(submit.contains(#"["todos.todos",1,0,[{"id":2,"title":"two","isDone":false}]]"#))
    #expect(!submit.contains(#""title":"one""#))
  }

  @Test func theStateAfterTheLastActionIsTheAppsFinalStateAndItsScreenTheReplays() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // More than a snapshot interval of actions, across every screen, with resizes and a paste.
    let script = LongSessionScript.text(keys: 1_500) + "resize 90x30\nkeys tab tab a\npaste \"pasted text\"\nkeys enter ?\n"
    let (trace, screen) = try await traceOfReplay(script, in: folder)
    let reader = try TraceQueries.open(trace, app: demoInspected)
    #expect(reader.actionCount > TraceFormat.defaultSnapshotInterval)
    #expect(reader.problem == nil)
    let answer = inspect(trace, .screen(after: reader.actionCount))
    #expect(answer.failure == nil)
    #expect(answer.output == screen, "\(lineDiff(expected: screen, actual: answer.output))")
  }

  @Test func aStateReadBackFromItsJSONEqualsTheState() throws {
    var state = AppFeature.State(screen: .todos, todos: [Todo(id: 3, title: "tea")], warning: Warning(summary: "careful"))
    _ = AppFeature().reduce(into: &state, action: .todos(.startEditing))
    _ = AppFeature().reduce(into: &state, action: .counter(.increment))
    let json = try JSONValueEncoder.encode(state)
    let decoded: AppFeature.State = try TraceFixture.state(json.text)
    #expect(decoded == state)
    #expect(try JSONValueEncoder.encode(decoded) == json)
  }
}
