import Testing
import Tide
import TideTerminal
import TideTesting

@testable import TideDemo

@MainActor
@Suite("Counter")
struct CounterFeatureTests {
  @Test func incrementDecrementReset() async {
    let store = TestStore(initialState: CounterFeature.State(), reducer: CounterFeature())
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    await store.send(.decrement) { $0.count = 1 }
    await store.send(.decrement) { $0.count = 0 }
    await store.send(.decrement) { $0.count = -1 }
    await store.send(.reset) { $0.count = 0 }
    await store.finish()
  }

  @Test func reachingTenPresentsTheAlertAndIgnoresEverythingButDismiss() async {
    let store = TestStore(initialState: CounterFeature.State(count: 9), reducer: CounterFeature())
    await store.send(.increment) {
      $0.count = 10
      $0.alert = "Count reached 10!"
    }
    // While the alert is shown, every other action is ignored.
    await store.send(.increment)
    await store.send(.decrement)
    await store.send(.reset)
    #expect(store.state.count == 10)
    await store.send(.dismissAlert) { $0.alert = nil }
    await store.send(.increment) { $0.count = 11 }
    await store.finish()
  }

  @Test func reachingTenAgainPresentsTheAlertAgain() async {
    let store = TestStore(initialState: CounterFeature.State(count: 9), reducer: CounterFeature())
    await store.send(.increment) {
      $0.count = 10
      $0.alert = "Count reached 10!"
    }
    let firstRevision = store.state.$alert.revision
    await store.send(.dismissAlert) { $0.alert = nil }
    await store.send(.decrement) { $0.count = 9 }
    await store.send(.increment) {
      $0.count = 10
      $0.alert = "Count reached 10!"
    }
    // The same message is a new presentation: observers see it again.
    #expect(store.state.$alert.revision == firstRevision + 2)
    await store.send(.dismissAlert) { $0.alert = nil }
    await store.finish()
  }

  @Test func observersSeeEveryPresentationOfTheSameAlert() async {
    let store = Store(initialState: CounterFeature.State(count: 9), reducer: CounterFeature())
    var presented: [String] = []
    let token = store.observe(\.$alert) { presentation in
      if let message = presentation.wrappedValue { presented.append(message) }
    }
    store.send(.increment)
    store.send(.dismissAlert)
    store.send(.decrement)
    store.send(.increment)
    #expect(presented == ["Count reached 10!", "Count reached 10!"])
    withExtendedLifetime(token) {}
  }

  @Test func reachingMinusTenPresentsItsAlert() async {
    let store = TestStore(initialState: CounterFeature.State(count: -9), reducer: CounterFeature())
    await store.send(.decrement) {
      $0.count = -10
      $0.alert = "Count reached -10!"
    }
    await store.send(.decrement)
    await store.send(.dismissAlert) { $0.alert = nil }
    await store.send(.decrement) { $0.count = -11 }
    await store.send(.reset) { $0.count = 0 }
    await store.finish()
  }

  @Test func resettingFromTenPresentsNothing() async {
    var state = CounterFeature.State(count: 10)
    _ = CounterFeature().reduce(into: &state, action: .reset)
    #expect(state.count == 0)
    #expect(state.alert == nil)
  }

  @Test func keysMapToActions() {
    let state = AppFeature.State(screen: .counter)
    let expected: [(Key, AppFeature.Action)] = [
      (.character("+"), .counter(.increment)), (.character("="), .counter(.increment)),
      (.up, .counter(.increment)), (.character("k"), .counter(.increment)),
      (.character("-"), .counter(.decrement)), (.down, .counter(.decrement)),
      (.character("j"), .counter(.decrement)),
      (.character("r"), .counter(.reset)), (.character("0"), .counter(.reset)),
    ]
    for (key, action) in expected {
      #expect(AppFeature.action(for: key, in: state) == action, "key \(key)")
    }
    #expect(AppFeature.action(for: .enter, in: state) == nil)
    #expect(AppFeature.action(for: .character("x"), in: state) == nil)
  }

  @Test func whileTheAlertIsShownOnlyEnterEscAndCtrlCDoAnything() {
    var state = AppFeature.State(screen: .counter)
    state.counter.count = 10
    state.counter.alert = "Count reached 10!"
    #expect(AppFeature.action(for: .enter, in: state) == .counter(.dismissAlert))
    #expect(AppFeature.action(for: .escape, in: state) == .counter(.dismissAlert))
    #expect(AppFeature.action(for: .control("c"), in: state) == .quit)
    let ignored: [Key] = [
      .character("+"), .character("="), .up, .character("k"), .character("-"), .down, .character("j"),
      .character("r"), .character("0"), .character("q"), .character("?"), .tab, .backTab,
    ]
    for key in ignored {
      #expect(AppFeature.action(for: key, in: state) == nil, "key \(key)")
    }
  }

  @Test func dismissingThroughTheAppByEnterAndByEsc() async {
    for key in [Key.enter, .escape] {
      let store = TestStore(
        initialState: AppFeature.State(screen: .counter), reducer: AppFeature())
      for count in 1...10 {
        let action = AppFeature.action(for: .character("+"), in: store.state)
        #expect(action == .counter(.increment))
        await store.send(action!) {
          $0.counter.count = count
          if count == 10 { $0.counter.alert = "Count reached 10!" }
        }
      }
      #expect(AppFeature.action(for: .character("+"), in: store.state) == nil)
      let dismiss = AppFeature.action(for: key, in: store.state)
      #expect(dismiss == .counter(.dismissAlert))
      await store.send(.counter(.dismissAlert)) { $0.counter.alert = nil }
      #expect(AppFeature.action(for: .character("+"), in: store.state) == .counter(.increment))
      await store.finish()
    }
  }
}
