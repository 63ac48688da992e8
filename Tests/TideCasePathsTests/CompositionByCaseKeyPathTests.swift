#if CasePaths
import Clocks
import Testing
import Tide
import TideCasePaths
import TideTesting
import TideTestingCasePaths

/// Scope, forEach, ifLet and Store.scope composed with case key paths behave as with action
/// paths: actions reach their child, child effects come back embedded, element effects stay
/// with their element.
@MainActor
@Suite("Composition by case key path")
struct CompositionByCaseKeyPathTests {
  @Test func scopeRunsTheChildOnItsCase() async {
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard())
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.increment)) { $0.counter.count = 2 }
    await store.send(.counter(.decrement)) { $0.counter.count = 1 }
    await store.finish()
  }

  @Test func forEachKeepsEachRowsTimerToThatRow() async {
    let clock = TestClock()
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard(), clock: clock)
    await store.send(.rows(id: 0, action: .start))
    await store.send(.rows(id: 1, action: .start))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(id: 0, action: .tick)) { $0.rows[id: 0]?.ticks = 1 }
    await store.receive(.rows(id: 1, action: .tick)) { $0.rows[id: 1]?.ticks = 1 }
    // Both rows use the same cancellation id; stopping row 1 must leave row 0 ticking.
    await store.send(.rows(id: 1, action: .stop))
    await clock.advance(by: .seconds(1))
    await store.receive(.rows(id: 0, action: .tick)) { $0.rows[id: 0]?.ticks = 2 }
    // Removing a row cancels what it runs.
    await store.send(.removeRow(0)) { $0.rows.remove(id: 0) }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func ifLetRunsTheChildWhilePresentAndCancelsItsTimerOnDismiss() async {
    let clock = TestClock()
    let store = TestStore(initialState: Dashboard.State(), reducer: Dashboard(), clock: clock)
    await store.send(.openDetail) { $0.detail = Row.State(id: 99) }
    await store.send(.detail(.start))
    await store.receive(\.detail.tick, timeout: .seconds(1)) { $0.detail?.ticks = 1 }
    await store.send(.closeDetail) { $0.detail = nil }
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aScopedStoreSendsThroughTheCase() {
    let store = Store(initialState: Dashboard.State(), reducer: Dashboard())
    let counter = store.scope(state: \.counter, action: \.counter)
    counter.send(.increment)
    counter.send(.increment)
    #expect(counter.state.count == 2)
    #expect(store.state.counter.count == 2)
  }

  @Test func anActionPathFromACaseKeyPathEmbedsAndExtracts() {
    let path = ActionPath(\Dashboard.Action.Cases.counter)
    #expect(path.embed(.increment) == .counter(.increment))
    #expect(path.extract(.counter(.decrement)) == .decrement)
    #expect(path.extract(.openDetail) == nil)
  }
}
#endif
