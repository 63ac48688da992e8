import Foundation
import Testing
import Tide

@MainActor
@Suite("Tracer")
struct TracerTests {
  @Test func theDiffNamesExactlyTheChangedField() throws {
    let events = Recorded<TraceEvent>()
    let store = Store(
      initialState: CounterFixture.State(count: 0, title: "Counter", step: 1),
      reducer: CounterFixture().traced("counter", to: Tracer { events.append($0) }))
    store.send(.increment)

    let event = try #require(events.all.first)
    #expect(event.label == "counter")
    #expect(event.action.contains("increment"))
    let diff = try #require(event.diff)
    // custom-dump style: "-"/"+" lines for what changed; unchanged neighbours may appear as
    // unmarked context lines, never as changes.
    let lines = diff.split(separator: "\n")
    let changed = lines.filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
    #expect(changed == ["-   count: 0,", "+   count: 1,"], "\(diff)")
    for line in lines where line.contains("title") || line.contains("step") {
      #expect(!line.hasPrefix("-") && !line.hasPrefix("+"), "\(diff)")
    }
  }

  @Test func anActionThatChangesNothingHasNoDiff() throws {
    let events = Recorded<TraceEvent>()
    let store = Store(
      initialState: CounterFixture.State(),
      reducer: CounterFixture().traced("counter", to: Tracer { events.append($0) }))
    store.send(.noop)
    store.send(.rename("Renamed"))
    #expect(events.all.count == 2)
    #expect(events.all[0].diff == nil)
    let diff = try #require(events.all[1].diff)
    let changed = diff.split(separator: "\n").filter { $0.hasPrefix("-") || $0.hasPrefix("+") }
    #expect(changed == ["-   title: \"Counter\",", "+   title: \"Renamed\","], "\(diff)")
  }

  @Test func everyActionIsTracedInOrderIncludingFollowUps() {
    let events = Recorded<TraceEvent>()
    let reducer = Reduce<Int, String> { count, action in
      count += 1
      return action == "first" ? .send("second") : .none
    }
    let store = Store(initialState: 0, reducer: reducer.traced("pair", to: Tracer { events.append($0) }))
    store.send("first")
    #expect(events.all.map(\.action) == ["\"first\"", "\"second\""])
    #expect(events.all.allSatisfy { $0.label == "pair" })
  }

  @Test func jsonLinesAreOneDecodableObjectPerAction() throws {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-trace-\(UUID().uuidString).jsonl").path
    defer { try? FileManager.default.removeItem(atPath: path) }

    let store = Store(
      initialState: CounterFixture.State(),
      reducer: CounterFixture().traced("json", to: try Tracer.jsonLines(appendingTo: path)))
    store.send(.increment)
    store.send(.noop)
    // A second tracer on the same file appends instead of truncating.
    let again = Store(
      initialState: CounterFixture.State(),
      reducer: CounterFixture().traced("again", to: try Tracer.jsonLines(appendingTo: path)))
    again.send(.rename("x"))

    let text = try String(contentsOfFile: path, encoding: .utf8)
    let lines = text.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(text.hasSuffix("\n"))
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    let events = try lines.map { try decoder.decode(TraceEvent.self, from: Data($0.utf8)) }
    #expect(events.map(\.label) == ["json", "json", "again"])
    #expect(events[0].action.contains("increment"))
    #expect(events[0].diff?.contains("count") == true)
    #expect(events[1].diff == nil)
    #expect(events[2].diff?.contains("title") == true)
    #expect(abs(events[0].time.timeIntervalSinceNow) < 3600)
    // Keys are the documented ones.
    let object = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any]
    #expect(Set(object.map { Array($0.keys) } ?? []) == ["time", "label", "action", "diff"])
  }

  /// A file that cannot be opened is said in plain words, with its path and the system's reason
  /// (not a Cocoa error domain and code).
  @Test func aFileThatCannotBeOpenedIsNamedWithTheReason() {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("tide-missing-\(UUID().uuidString)/trace.jsonl").path
    #expect {
      _ = try Tracer.jsonLines(appendingTo: path)
    } throws: { error in
      "\(error)" == "cannot open \(path) for tracing: No such file or directory"
    }
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
