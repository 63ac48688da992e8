import Foundation
import Testing
import Tide
@testable import TideDemo
import TideTerminal

/// The trace writes the parts of the state that change at nearly every key by hand; each must be
/// exactly what the part's `Codable` writes, to the byte, or a reader would decode another state.
@Suite("Inspector: the hand-written JSON of the state's busy parts")
struct InspectorTracePartTests {
  /// The state's trace JSON, made from `previous` and fresh, as bytes.
  func traceBytes(_ state: AppFeature.State, after previous: AppFeature.State) throws -> (reused: [UInt8], fresh: [UInt8]) {
    let previousJSON = try AppFeature.State.traceJSON(previous, previous: nil)
    let reused = try AppFeature.State.traceJSON(state, previous: (previous, previousJSON))
    return (Array(reused.text.utf8), Array(try JSONValueEncoder.encode(state).text.utf8))
  }

  @Test func everyPartIsWhatItsCodableWrites() throws {
    var states: [AppFeature.State] = []
    var state = AppFeature.State(screen: .todos, todos: [Todo(id: 1, title: "a \"quoted\"\n"), Todo(id: 7, title: "caf\u{E9}", isDone: true)])
    states.append(state)
    state.stopwatch.startedAt = .milliseconds(1_250)
    state.stopwatch.lastReading = .nanoseconds(3_000_000_001)
    state.stopwatch.accumulated = .seconds(-2)
    state.stopwatch.laps = [
      StopwatchFeature.Lap(number: 1, total: .milliseconds(500), split: .milliseconds(500)),
      StopwatchFeature.Lap(number: 2, total: .seconds(1), split: .milliseconds(500)),
    ]
    states.append(state)
    state.stopwatch.startedAt = nil
    states.append(state)
    _ = AppFeature().reduce(into: &state, action: .todos(.startAdding))
    _ = AppFeature().reduce(into: &state, action: .todos(.editor(.input(.paste("new \u{1F600}")))))
    states.append(state)
    state.todos.editor?.input = TextInput.State(text: "no limit", placeholder: "type", width: 12)
    states.append(state)
    _ = AppFeature().reduce(into: &state, action: .todos(.editor(.cancel)))
    _ = AppFeature().reduce(into: &state, action: .todos(.startEditing))
    states.append(state)
    _ = AppFeature().reduce(into: &state, action: .todos(.editor(.cancel)))
    _ = AppFeature().reduce(into: &state, action: .todos(.toggleSelected))
    states.append(state)
    _ = AppFeature().reduce(into: &state, action: .todos(.deleteSelected))
    states.append(state)
    // The counter: a count, its alert at 10 (a text and a revision), the alert closed.
    for _ in 0..<10 { _ = AppFeature().reduce(into: &state, action: .counter(.increment)) }
    #expect(state.counter.alert != nil)
    states.append(state)
    _ = AppFeature().reduce(into: &state, action: .counter(.dismissAlert))
    _ = AppFeature().reduce(into: &state, action: .counter(.decrement))
    states.append(state)
    state.counter = CounterFeature.State(count: -3)
    states.append(state)
    for (index, state) in states.enumerated() {
      // What the inspector reads back: the one JSON parser's tree, decoded with no text between,
      // is the state, as Foundation's decoder reads it from the text.
      let json = try JSONValueEncoder.encode(state)
      #expect(try JSONValueDecoder.decode(AppFeature.State.self, from: json) == state, "state \(index)")
      #expect(try JSONDecoder().decode(AppFeature.State.self, from: Data(json.text.utf8)) == state, "state \(index)")
      for previous in states {
        let (reused, fresh) = try traceBytes(state, after: previous)
        #expect(reused == fresh, "state \(index): \(String(decoding: reused, as: UTF8.self))\nfresh: \(String(decoding: fresh, as: UTF8.self))")
      }
    }
  }

  @Test func aValueOfTheWrongShapeIsRefusedWithItsPath() throws {
    var json = try JSONValueEncoder.encode(AppFeature.State())
    json.set(.string("many"), at: JSONPath(parsing: "counter.count")!.components[...])
    #expect {
      try JSONValueDecoder.decode(AppFeature.State.self, from: json)
    } throws: { error in
      String(describing: error).contains("count") && String(describing: error).contains("many")
    }
    for action in [AppFeature.Action.counter(.increment), .todos(.editor(.input(.paste("p\u{E9}")))), .stopwatch(.tick(at: .milliseconds(250)))] {
      #expect(try JSONValueDecoder.decode(AppFeature.Action.self, from: JSONValueEncoder.encode(action)) == action)
    }
  }
}
