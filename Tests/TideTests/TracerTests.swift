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
}
