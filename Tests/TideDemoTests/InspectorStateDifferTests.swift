import TideJSON
import Foundation
import Testing
import Tide
import TideTrace
@testable import TideDemo
import TideTerminal
import TideTestSupport

/// A trace writes each action's changes by comparing the typed states part by part
/// (`CodableStateDiffer`, for any `Codable` state); each line must list exactly what diffing the
/// two states' whole JSON lists, to the byte, or a reader would step to another state. The
/// demo's state has every kind of part: optionals, enums with values, identified arrays, texts
/// of two spellings.
@Suite("Inspector: the state differ writes the changes of the whole JSON")
struct InspectorStateDifferTests {
  /// What the differ writes, and what the tree diff of the two fresh encodings writes.
  func changeBytes(from old: AppFeature.State, to new: AppFeature.State) throws -> (typed: String, tree: String) {
    var differ = CodableStateDiffer<AppFeature.State>()
    _ = try differ.json(of: old)
    return try changeBytes(from: old, to: new, with: &differ)
  }

  /// The same with `differ`, whose changes are from `old` and which keeps the parts of the
  /// state it diffed last (as a trace's writer keeps one differ through a session).
  func changeBytes(
    from old: AppFeature.State, to new: AppFeature.State, with differ: inout CodableStateDiffer<AppFeature.State>
  ) throws -> (typed: String, tree: String) {
    var changes = TraceChanges()
    try differ.writeChanges(to: new, into: &changes)
    let tree = StateChange.changes(from: try JSONValueEncoder.encode(old), to: try JSONValueEncoder.encode(new))
    return (String(decoding: changes.bytes, as: UTF8.self), tree.map(\.json.text).joined(separator: ","))
  }

  func reduce(_ state: inout AppFeature.State, _ actions: AppFeature.Action...) {
    for action in actions { _ = AppFeature().reduce(into: &state, action: action) }
  }

  /// States across every part the differ looks at: laps and todos added and removed, the input
  /// line opened for adding and editing, with and without a character limit, the counter's
  /// alert, help, a warning shown and gone, a read-only list, quitting.
  var states: [AppFeature.State] {
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
    state.stopwatch.laps.insert(StopwatchFeature.Lap(number: 0, total: .zero, split: .zero), at: 1)
    states.append(state)
    state.stopwatch.laps[2].split = .milliseconds(-0)
    state.stopwatch.laps[0].number = 9
    states.append(state)
    reduce(&state, .todos(.startAdding), .todos(.editor(.input(.paste("new \u{1F600}")))))
    states.append(state)
    state.todos.editor?.input = TextInput.State(text: "no limit", placeholder: "type", width: 12)
    states.append(state)
    reduce(&state, .todos(.editor(.cancel)), .todos(.startEditing))
    states.append(state)
    reduce(&state, .todos(.editor(.input(.insert("x")))), .todos(.editor(.submit)))
    states.append(state)
    reduce(&state, .todos(.toggleSelected))
    states.append(state)
    reduce(&state, .todos(.deleteSelected))
    states.append(state)
    reduce(&state, .todos(.startAdding), .todos(.editor(.input(.paste("third")))), .todos(.editor(.submit)))
    states.append(state)
    reduce(&state, .todos(.list(.move(.first))), .todos(.deleteSelected), .todos(.cycleFilter))
    states.append(state)
    reduce(&state, .todos(.undoDelete), .todos(.resized(areaHeight: 3)), .todos(.list(.move(.last))))
    states.append(state)
    // The counter: a count, its alert at 10 (a text and a revision), the alert closed.
    for _ in 0..<10 { reduce(&state, .counter(.increment)) }
    #expect(state.counter.alert != nil)
    states.append(state)
    reduce(&state, .counter(.dismissAlert), .counter(.decrement), .help(.toggle), .nextScreen)
    states.append(state)
    state.counter = CounterFeature.State(count: -3)
    reduce(&state, .saveFailed(Warning(summary: "cannot save", details: "disk full")))
    states.append(state)
    reduce(&state, .saveFailed(Warning(summary: "still cannot save")))
    states.append(state)
    reduce(&state, .dismissWarning, .quit)
    states.append(state)
    states.append(AppFeature.State(screen: .stopwatch, todos: [Todo(id: 4, title: "locked")], readOnly: ReadOnlyReason(summary: "newer", details: "version 9")))
    return states
  }

  @Test func everyPairOfStatesGetsTheChangesOfTheirWholeJSON() throws {
    let states = states
    var differ = CodableStateDiffer<AppFeature.State>()
    for (index, state) in states.enumerated() {
      // What the inspector reads back: the one JSON parser's tree, decoded with no text between,
      // is the state, as Foundation's decoder reads it from the text.
      let json = try JSONValueEncoder.encode(state)
      #expect(try JSONValueDecoder.decode(AppFeature.State.self, from: json, rejectingUnknownMembers: true) == state, "state \(index)")
      #expect(try JSONDecoder().decode(AppFeature.State.self, from: Data(json.text.utf8)) == state, "state \(index)")
      for (oldIndex, old) in states.enumerated() {
        let (typed, tree) = try changeBytes(from: old, to: state)
        #expect(typed == tree, "state \(oldIndex) to \(index)")
        _ = try differ.json(of: old)
        for (from, to) in [(old, state), (state, old), (old, state)] {
          let (kept, keptTree) = try changeBytes(from: from, to: to, with: &differ)
          #expect(kept == keptTree, "a kept differ, between states \(oldIndex) and \(index)")
        }
      }
    }
  }

  /// A long random walk through the app's actions, each step's changes checked. Starting,
  /// stopping and lapping the stopwatch read the store's time, so the walk does what they do to
  /// the state itself, at the walk's time; input-line actions are sent while the line is open.
  @Test func aRandomSessionGetsTheChangesOfTheWholeJSONAtEveryAction() throws {
    enum Step { case send(AppFeature.Action), toggleStopwatch, lap, tick }
    let steps: [Step] = [
      .send(.counter(.increment)), .send(.counter(.decrement)), .send(.counter(.reset)), .send(.counter(.dismissAlert)),
      .toggleStopwatch, .lap, .tick, .send(.stopwatch(.reset)),
      .send(.nextScreen), .send(.previousScreen), .send(.help(.toggle)), .send(.help(.scroll(by: 1, entryCount: 9))),
      .send(.todos(.startAdding)), .send(.todos(.startEditing)), .send(.todos(.toggleSelected)),
      .send(.todos(.deleteSelected)), .send(.todos(.undoDelete)), .send(.todos(.cycleFilter)),
      .send(.todos(.clearCompleted)), .send(.todos(.list(.move(.down)))), .send(.todos(.list(.move(.up)))),
      .send(.todos(.editor(.input(.insert("é"))))), .send(.todos(.editor(.input(.paste("e\u{301}"))))),
      .send(.todos(.editor(.input(.deleteBackward)))), .send(.todos(.editor(.submit))), .send(.todos(.editor(.cancel))),
      .send(.todos(.resized(areaHeight: 4))), .send(.saveFailed(Warning(summary: "full"))), .send(.dismissWarning),
    ]
    var random = SeededGenerator(seed: 22)
    var state = AppFeature.State(screen: .todos, todos: (1...3).map { Todo(id: $0, title: "todo \($0)") })
    var time = Duration.zero
    // One differ through the walk, as a trace's writer keeps one.
    var differ = CodableStateDiffer<AppFeature.State>()
    _ = try differ.json(of: state)
    for number in 0..<2_000 {
      let step = steps[Int(random.next() % UInt64(steps.count))]
      let old = state
      time += .milliseconds(60)
      switch step {
      case .send(.todos(.editor)) where state.todos.editor == nil: continue
      case .send(let action): reduce(&state, action)
      case .tick: reduce(&state, .stopwatch(.tick(at: time)))
      case .toggleStopwatch:
        state.stopwatch.lastReading = time
        if let startedAt = state.stopwatch.startedAt {
          state.stopwatch.accumulated += time - startedAt
          state.stopwatch.startedAt = nil
        } else {
          state.stopwatch.startedAt = time
        }
      case .lap:
        guard state.stopwatch.isRunning else { continue }
        state.stopwatch.lastReading = time
        let total = state.stopwatch.elapsed
        let lap = StopwatchFeature.Lap(
          number: state.stopwatch.laps.count + 1, total: total, split: total - (state.stopwatch.laps.first?.total ?? .zero))
        state.stopwatch.laps.insert(lap, at: 0)
      }
      let (typed, tree) = try changeBytes(from: old, to: state, with: &differ)
      #expect(typed == tree, "step \(number): \(step)")
      if typed != tree { return }
    }
  }

  @Test func aTextOfAnotherSpellingIsAChange() throws {
    var state = AppFeature.State(screen: .todos, todos: [Todo(id: 1, title: "caf\u{E9}")])
    reduce(&state, .todos(.startAdding), .todos(.editor(.input(.setText("caf\u{E9}")))))
    let old = state
    reduce(&state, .todos(.editor(.input(.setText("cafe\u{301}")))))
    state.todos.todos[0].title = "cafe\u{301}"
    #expect(state == old)
    let (typed, tree) = try changeBytes(from: old, to: state)
    #expect(typed == tree)
    #expect(typed == #"["todos.todos[0].title","cafe\#u{301}"],["todos.editor.input.text","cafe\#u{301}"]"#)
  }
}
