import Testing
import Tide
import TideTesting

@testable import SubStateLenses

/// What RxReduce's README promises of sub-states, lenses, action lists and async actions.
@MainActor
@Suite("Seed example: RxReduce sub-state lenses")
struct SubStateLensesTests {
  @Test func eachPartIsMutatedOnlyByItsOwnReducer() async {
    let store = TestStore(initialState: SubStateLenses.State(), reducer: SubStateLenses.reducer)
    await store.send(.increase(by: 10)) { $0.counter = .increasing(10) }
    await store.send(.decrease(by: 5)) { $0.counter = .decreasing(5) }
    await store.send(.logIn(name: "Ada")) { $0.user = .loggedIn(name: "Ada") }
    await store.send(.clear) {
      $0.counter = .empty
      $0.user = .loggedOut
    }
    await store.finish()
  }

  @Test func aSubReducerIsAFreeFunctionOfItsPart() {
    var counter = SubStateLenses.CounterState.increasing(3)
    _ = SubStateLenses.reduceCounter(&counter, .logIn(name: "ignored"))
    #expect(counter == .increasing(3))
    _ = SubStateLenses.reduceCounter(&counter, .decrease(by: 4))
    #expect(counter == .decreasing(-1))
  }

  @Test func aListOfActionsRunsInOrderAndNotifiesOnce() {
    let store = Store(initialState: SubStateLenses.State(), reducer: SubStateLenses.reducer)
    var seen: [SubStateLenses.State] = []
    let token = store.observe { seen.append($0) }
    store.send(contentsOf: [.increase(by: 10), .decrease(by: 5), .logIn(name: "Ada")])
    #expect(seen.count == 2)
    #expect(seen.last == SubStateLenses.State(counter: .decreasing(5), user: .loggedIn(name: "Ada")))
    token.cancel()
  }

  @Test func aStreamOfActionsIsFollowedToItsEnd() async {
    let store = Store(initialState: SubStateLenses.State(), reducer: SubStateLenses.reducer)
    let (actions, input) = AsyncStream.makeStream(of: SubStateLenses.Action.self)
    for amount in [1, 2, 3] { input.yield(.increase(by: amount)) }
    input.finish()
    await store.send(.follow(.init(name: "three", actions: actions))).finish()
    #expect(store.state.counter == .increasing(6))
  }
}
