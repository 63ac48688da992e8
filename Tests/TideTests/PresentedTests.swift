import Testing
import Tide

private struct Alerts: Reducer {
  struct State: Equatable, Sendable {
    @Presented var alert: String?
    var count = 0
  }

  enum Action: Equatable, Sendable {
    case show(String)
    case dismiss
    case increment
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .show(let message): state.alert = message
    case .dismiss: state.alert = nil
    case .increment: state.count += 1
    }
    return .none
  }
}

@MainActor
@Suite("@Presented one-shot values")
struct PresentedTests {
  @Test func observersSeeEveryAssignmentEvenOfAnEqualValueExactlyOnce() {
    let store = Store(initialState: Alerts.State(), reducer: Alerts())
    var shown: [String?] = []
    let token = store.observe(\.$alert) { shown.append($0.wrappedValue) }

    store.send(.show("Saved"))
    store.send(.show("Saved"))  // equal value: still a new presentation
    store.send(.increment)      // no assignment: nothing to present
    store.send(.dismiss)
    store.send(.show("Saved"))

    #expect(shown == [nil, "Saved", "Saved", nil, "Saved"])
    token.cancel()
  }

  @Test func observingTheWrappedValueStillDeduplicates() {
    let store = Store(initialState: Alerts.State(), reducer: Alerts())
    var shown: [String?] = []
    let token = store.observe(\.alert) { shown.append($0) }
    store.send(.show("Saved"))
    store.send(.show("Saved"))
    #expect(shown == [nil, "Saved"])
    token.cancel()
  }

  @Test func twoAssignmentsInOneBatchAreOneNotificationOfTheLatest() {
    let store = Store(initialState: Alerts.State(), reducer: Alerts())
    var shown: [String?] = []
    let token = store.observe(\.$alert) { shown.append($0.wrappedValue) }
    store.send(contentsOf: [.show("first"), .show("second")])
    #expect(shown == [nil, "second"])
    token.cancel()
  }

  @Test func revisionCountsAssignmentsAndTakesPartInEquality() {
    var a = Presented<Int>()
    let b = Presented<Int>()
    #expect(a.revision == 0)
    #expect(a == b)
    a.wrappedValue = nil
    #expect(a.revision == 1)
    #expect(a.wrappedValue == b.wrappedValue)
    #expect(a != b)
    a.wrappedValue = 3
    #expect(a.revision == 2)
    #expect(Presented(wrappedValue: 3).revision == 0)
  }

  @Test func aRepeatedPresentationShowsUpInTheTraceAsARevisionChange() {
    let events = Recorded<TraceEvent>()
    let store = Store(
      initialState: Alerts.State(),
      reducer: Alerts().traced("alerts", to: Tracer { events.append($0) }))
    store.send(.show("Saved"))
    store.send(.show("Saved"))
    let diffs = events.all.map(\.diff)
    #expect(diffs.count == 2)
    #expect(diffs[1] != nil, "an equal re-presentation must not look like no change")
    #expect(diffs[1]?.contains("revision") == true)
  }
}
