#if CasePaths
import Clocks
import Testing
import Tide
import TideCasePaths
import TideTesting
import TideTestingCasePaths

/// `TestStore.receive` by case key path, with and without the payload, as TCA tests write it.
@MainActor
@Suite("Receive by case key path")
struct ReceiveByCaseKeyPathTests {
  @Test func receivesByCaseWhateverThePayload() async {
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard())
    await store.send(.greet("Ada"))
    await store.receive(\.progress)
    await store.receive(\.greeted) { $0.greeting = "Hello, Ada!" }
    await store.finish()
  }

  @Test func receivesByCaseAndPayload() async {
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard())
    await store.send(.greet("Ada"))
    await store.receive(\.progress, 50)
    await store.receive(\.greeted, "Hello, Ada!") { $0.greeting = "Hello, Ada!" }
    await store.finish()
  }

  @Test func anActionOfAnotherCaseIsReported() async {
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard())
    await store.send(.greet("Ada"))
    await withKnownIssue {
      await store.receive(\.greeted)
    } matching: { issue in
      Self.describes(
        issue, "Received an unexpected action", "case carrying Swift.String", "Dashboard.Action.progress(50)")
    }
    await store.receive(\.greeted) { $0.greeting = "Hello, Ada!" }
    await store.finish()
  }

  @Test func anotherPayloadIsReportedWithADiff() async {
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard())
    await store.send(.greet("Ada"))
    await store.receive(\.progress, 50)
    await withKnownIssue {
      await store.receive(\.greeted, "Hello, Grace!")
    } matching: { issue in
      Self.describes(issue, "Received an unexpected action", "−", "Grace", "+", "Ada")
    }
    #expect(store.state.greeting == "Hello, Ada!")
    await store.finish()
  }

  @Test func aCaseWithoutPayloadIsDiffedAsItsAction() async {
    let clock = TestClock()
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard(), clock: clock)
    await store.send(.openDetail) { $0.detail = Row.State(id: 99) }
    await store.send(.detail(.start))
    await clock.advance(by: .seconds(1))
    await withKnownIssue {
      await store.receive(\.detail.stop)
    } matching: { issue in
      Self.describes(issue, "Received an unexpected action", "−", ".stop", "+", ".tick")
    }
    await store.send(.closeDetail) { $0.detail = nil }
    await store.finish()
  }

  @Test func aCaseThatNeverArrivesIsReported() async {
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard())
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await withKnownIssue {
      await store.receive(\.greeted)
    } matching: { issue in
      Self.describes(issue, "Expected to receive an action of the", "case carrying Swift.String", "no action was received")
    }
    await store.finish()
  }

  @Test func nonExhaustiveSkipsToTheCase() async {
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard())
    store.exhaustivity = .off
    await store.send(.greet("Ada"))
    // `.progress` came first; a non-exhaustive receive passes over it to the case it names.
    await store.receive(\.greeted) { $0.greeting = "Hello, Ada!" }
    await store.finish()
  }

  nonisolated private static func describes(_ issue: Issue, _ parts: String...) -> Bool {
    let text = issue.comments.map(\.rawValue).joined(separator: "\n")
    return parts.allSatisfy { text.contains($0) }
  }
}
#endif
