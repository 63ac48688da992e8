import Clocks
import Testing
import Tide
import TideTesting

@testable import CounterAlert

/// What RxCompose's README promises of its counter, checked on the Tide version.
@MainActor
@Suite("Seed example: RxCompose counter")
struct CounterAlertTests {
  private func makeStore(
    clock: TestClock<Duration> = TestClock(),
    fact: @escaping @Sendable (Int) async throws -> String = { "fact \($0)" }
  ) -> TestStore<CounterAlert.State, CounterAlert.Action> {
    TestStore(initialState: CounterAlert.State(), reducer: CounterAlert(fetchFact: fact), clock: clock)
  }

  @Test func reachingTenPresentsTheAlert() async {
    let store = makeStore()
    for count in 1...9 {
      await store.send(.increment) { $0.count = count }
    }
    await store.send(.increment) { $0.count = 10 }
    await store.receive(.showAlert("Count reached 10!")) { $0.alert = "Count reached 10!" }
    await store.finish()
  }

  @Test func reachingMinusTenPresentsTheAlert() async {
    var state = CounterAlert.State()
    state.count = -9
    let store = TestStore(initialState: state, reducer: CounterAlert(fetchFact: { _ in "" }))
    await store.send(.decrement) { $0.count = -10 }
    await store.receive(.showAlert("Count reached -10!")) { $0.alert = "Count reached -10!" }
    await store.finish()
  }

  @Test func theSameAlertTwiceIsPresentedTwice() {
    let store = Store(initialState: CounterAlert.State(), reducer: CounterAlert(fetchFact: { _ in "" }))
    var presented: [String] = []
    let token = store.observe(\.$alert) { if let message = $0.wrappedValue { presented.append(message) } }
    store.send(.showAlert("Count reached 10!"))
    store.send(.showAlert("Count reached 10!"))
    #expect(presented == ["Count reached 10!", "Count reached 10!"])
    token.cancel()
  }

  @Test func fetchingLoadsTheFact() async {
    let store = makeStore()
    await store.send(.increment) { $0.count = 1 }
    await store.send(.fetchFact) { $0.fact = .loading }
    await store.receive(.factLoaded("fact 1")) { $0.fact = .loaded("fact 1") }
    await store.finish()
  }

  @Test func aFailedFetchBecomesAnAction() async {
    struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
    let store = makeStore(fact: { _ in throw Offline() })
    await store.send(.fetchFact) { $0.fact = .loading }
    await store.receive(.factFailed(.init(message: "offline"))) {
      $0.fact = .failed(.init(message: "offline"))
    }
    await store.finish()
  }

  @Test func theTickerWaitsItsDueTimeThenTicksEveryPeriodUntilStopped() async {
    let clock = TestClock()
    let store = makeStore(clock: clock)
    await store.send(.startTicking) { $0.isTicking = true }
    await store.send(.startTicking)
    await clock.advance(by: .milliseconds(999))
    await clock.advance(by: .milliseconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stopTicking) { $0.isTicking = false }
    await clock.advance(by: .seconds(10))
    await store.finish()
  }
}
