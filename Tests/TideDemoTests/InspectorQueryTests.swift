import TideJSON
import Foundation
import Testing
import Tide
import TideTrace
import TideDemo
import TideTerminal

/// `tide-demo inspect TRACE` answering for scripts and tests: screens, states, who changed a
/// field, and what it refuses.
@MainActor
@Suite("Inspector: queries")
struct InspectorQueryTests {
  static let session = """
    keys + + + tab space
    wait 120ms
    keys l space tab a
    type "tea"
    keys enter x
    """

  @Test func atNPrintsTheScreenAfterActionNAsReplayPrintsIt() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay(Self.session, in: folder)
    let (_, afterThree) = try await traceOfReplay("keys + + +\n", in: folder, name: "three")
    // Action 1 is the resize at the start, then the keys.
    let answer = inspect(trace, .screen(after: 4))
    #expect(answer.failure == nil)
    #expect(answer.output == afterThree)
    #expect(inspect(trace, .screen(after: 0)).output.contains("Count: 0"))
  }

  @Test func stateAtNPrintsTheStateAsJSON() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay(Self.session, in: folder)
    let answer = inspect(trace, .state(after: 3))
    let state = try JSONParser.parse(answer.output)
    #expect(state["counter"]?["count"] == .integer(2))
    #expect(state["screen"] == .string("counter"))
  }

  @Test func whoChangedPrintsEachActionThatChangedAPathWithOldAndNewValues() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay(Self.session, in: folder)
    #expect(inspect(trace, .whoChanged("counter.count")).output == """
      2 .counter(.increment) 0 → 1
      3 .counter(.increment) 1 → 2
      4 .counter(.increment) 2 → 3
      """)
    let done = inspect(trace, .whoChanged("todos.todos[0].isDone")).output.split(separator: "\n")
    #expect(done.count == 2)
    #expect(done.first?.hasSuffix(".todos(.editor(.submit)) (none) → false") == true)
    #expect(done.last?.hasSuffix(".todos(.toggleSelected) false → true") == true)
    // A parent path counts a change inside it.
    #expect(inspect(trace, .whoChanged("stopwatch.laps")).output.contains(".stopwatch(.lap) [] → [{\"number\":1"))
  }

  /// `--who-changed` of a field reads only the lines that name it or an ancestor; its answer must
  /// be what stepping through every state gives.
  @Test(arguments: ["todos.filter", "todos.selection", "todos.editor.input.text", "stopwatch.laps", "counter.count", "todos.todos[0].isDone"])
  func whoChangedAgreesWithEveryStateInTurn(path: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay(LongSessionScript.text(keys: 400), in: folder)
    let reader = try TraceQueries.open(trace, app: demoInspected)
    let expected = try changesByStepping(path, in: reader)
    #expect(!expected.isEmpty)
    #expect(try TraceQueries.whoChanged(path, in: reader, app: demoInspected) == expected)
  }

  /// `--who-changed` takes a line apart by a byte scan, not a full parse: a todo whose title
  /// spells out other changes, quotes and backslashes included, must not be read as changes.
  @Test(arguments: ["counter.count", "todos.todos[0].title", "todos.editor.input.text", "todos.filter"])
  func whoChangedIsNotMisledByTextThatLooksLikeAChange(path: String) async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let script = #"""
      keys + + tab tab a
      type "a\\\",\"changes\":[[\"counter.count\",99]],[\"todos.filter\",\"Done\"]}"
      keys enter f + tab +
      """#
    let (trace, _) = try await traceOfReplay(script, in: folder)
    let reader = try TraceQueries.open(trace, app: demoInspected)
    let expected = try changesByStepping(path, in: reader)
    #expect(!expected.isEmpty)
    #expect(try TraceQueries.whoChanged(path, in: reader, app: demoInspected) == expected)
  }

  /// What `--who-changed path` must print, found by computing every state in turn.
  func changesByStepping(_ path: String, in reader: TraceReader) throws -> [String] {
    let fieldPath = try #require(JSONPath(parsing: path))
    var expected: [String] = []
    var old = try reader.state(after: 0).value(at: fieldPath)
    for number in 1...reader.actionCount {
      let new = try reader.state(after: number).value(at: fieldPath)
      if new != old {
        expected.append("\(number) \(ActionText.describe(try reader.step(number).action)) \(old?.text ?? "(none)") → \(new?.text ?? "(none)")")
        old = new
      }
    }
    return expected
  }

  @Test func whoChangedRefusesAPathTheStateDoesNotHave() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys +\n", in: folder)
    let unknown = inspect(trace, .whoChanged("countr.count"))
    #expect(unknown.failure?.status == 2)
    #expect(unknown.failure?.description.contains("the state has no field 'countr.count'") == true)
    #expect(inspect(trace, .whoChanged("counter..count")).failure?.description.contains("not a dotted path") == true)
  }

  @Test func anActionBeyondTheTraceIsRefusedWithTheCount() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys + +\n", in: folder)
    let answer = inspect(trace, .screen(after: 4))
    #expect(answer.failure?.status == 2)
    #expect(answer.failure?.description == "tide-demo: --at 4: the trace has 3 actions (0 is the state before the first)")
  }

  @Test func exportKeysWritesAScriptWhoseReplayEndsOnTheScreenAfterN() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay(Self.session + "\nresize 100x30\nkeys ?\n", in: folder)
    let reader = try TraceQueries.open(trace, app: demoInspected)
    for number in [0, 3, 5, 7, 9, reader.actionCount] {
      let file = folder.appendingPathComponent("upto\(number).keys").path
      #expect(inspect(trace, .exportKeys(through: number, file: file)).failure == nil)
      let script = try String(contentsOfFile: file, encoding: .utf8)
      let (_, replayed) = try await traceOfReplay(script, in: folder, name: "replayed\(number)")
      let expected = inspect(trace, .screen(after: number)).output
      #expect(replayed == expected, "action \(number):\n\(lineDiff(expected: expected, actual: replayed))")
    }
  }

  @Test func anExportIsNeverWrittenOverTheTrace() async throws {
    let folder = try makeInspectorFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let (trace, _) = try await traceOfReplay("keys +\n", in: folder)
    let before = try String(contentsOfFile: trace, encoding: .utf8)
    let answer = inspect(trace, .exportKeys(through: 1, file: trace))
    #expect(answer.failure?.status == 2)
    #expect(try String(contentsOfFile: trace, encoding: .utf8) == before)
  }
}
