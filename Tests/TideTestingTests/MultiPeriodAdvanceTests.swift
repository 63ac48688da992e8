import Clocks
import Testing
import Tide
import TideTestSupport
import TideTesting

private typealias Stamp = MultiPeriod.Stamp

/// Receives, for each stamp of `timeline` in order, the action `action` names for it, which
/// logs that stamp: every firing, in order, each at its instant.
@MainActor
private func receive<Action>(
  _ timeline: [Stamp], in store: TestStore<MultiPeriod.Timeline, Action>, as action: (Stamp) -> Action
) async {
  for stamp in timeline {
    await store.receive(action(stamp)) { $0.log.append(stamp) }
  }
}

/// Issue 44: one awaited move of the clock over several periods delivers every firing due in
/// it, in deadline order and each at its exact instant, however busy the machine — as a test
/// written for TCA expects of `await clock.advance(by:)`. Each of these ran 50 times in a loop
/// with both cores kept busy (see the issue's closing note).
@MainActor
@Suite("Multi-period advances in a TestStore")
struct MultiPeriodAdvanceTests {
  /// TCA's `IfLetParent` test: an interval in a child under `ifLet`, two periods in one move.
  @Test(arguments: HandMovedClock.allCases)
  func anIntervalInAnIfLetChildTicksEveryPeriodOfOneAdvance(_ kind: HandMovedClock) async {
    let moved = kind.make()
    let store = TestStore(initialState: MultiPeriod.IfLetParent.State(), reducer: MultiPeriod.IfLetParent(), clock: moved.clock)
    await store.send(.show) { $0.child = MultiPeriod.Ticker.State() }
    await store.send(.child(.onAppear))
    await moved.advance(by: .seconds(2))
    await store.receive(.child(.timerTick)) {
      $0.child?.ticks = 1
      $0.log = MultiPeriod.stamps("tick", 1_000)
    }
    await store.receive(.child(.timerTick)) {
      $0.child?.ticks = 2
      $0.log = MultiPeriod.stamps("tick", 1_000, 2_000)
    }
    await store.send(.hide) { $0.child = nil }
    await store.finish()
  }

  /// Timers in two `forEach` elements, out of phase: their ticks interleave in deadline order.
  @Test(arguments: HandMovedClock.allCases)
  func timersInForEachElementsTickInDeadlineOrder(_ kind: HandMovedClock) async {
    let moved = kind.make()
    let store = TestStore(initialState: MultiPeriod.Board.State(), reducer: MultiPeriod.Board(), clock: moved.clock)
    await store.send(.row(id: 0, action: .start(after: .seconds(1), every: .seconds(1))))
    await store.send(.row(id: 1, action: .start(after: .milliseconds(500), every: .seconds(1))))
    await moved.advance(by: .seconds(3))
    for stamp in MultiPeriod.boardFirstThreeSeconds {
      let id = stamp.event == "row0" ? 0 : 1
      await store.receive(.row(id: id, action: .tick)) {
        $0.rows[id: id]?.ticks += 1
        $0.log.append(stamp)
      }
    }
    await store.send(.remove(0)) { $0.rows.remove(id: 0) }
    await moved.advance(by: .seconds(1))
    await store.receive(.row(id: 1, action: .tick)) {
      $0.rows[id: 1]?.ticks = 4
      $0.log.append(Stamp("row1", at: .milliseconds(3_500)))
    }
    await store.send(.remove(1)) { $0.rows.remove(id: 1) }
    await store.finish()
  }

  /// A debounce restarted by an interval's every tick, across ten periods of the interval.
  @Test(arguments: HandMovedClock.allCases)
  func aDebounceFedByAnIntervalRunsOnceAfterTheLastTick(_ kind: HandMovedClock) async {
    let moved = kind.make()
    let store = TestStore(initialState: MultiPeriod.Timeline(), reducer: MultiPeriod.Typing(), clock: moved.clock)
    await store.send(.startTyping)
    await moved.advance(by: .seconds(1))
    await receive(MultiPeriod.typingFirstSecond, in: store) { $0.event == "key" ? .keystroke : .search }
    await store.finish()
  }

  /// A throttle fed by an interval across ten of its periods: a save at most every 250 ms.
  @Test(arguments: HandMovedClock.allCases)
  func aThrottleFedByAnIntervalSavesOncePerWindow(_ kind: HandMovedClock) async {
    let moved = kind.make()
    let store = TestStore(initialState: MultiPeriod.Timeline(), reducer: MultiPeriod.Autosave(), clock: moved.clock)
    await store.send(.startEditing)
    await moved.advance(by: .seconds(1))
    await receive(MultiPeriod.autosaveFirstSecond, in: store) { $0.event == "edit" ? .edit : .save }
    await store.send(.stopEditing)
    await moved.advance(by: .milliseconds(100))
    await receive(MultiPeriod.stamps("save", 1_100), in: store) { _ in .save }
    await store.finish()
  }

  /// The send after a move comes after every firing the move made due: reduced after the
  /// three ticks, however late the store's actor got to them (received actions are skipped, not
  /// asserted, in this mode).
  @Test(arguments: HandMovedClock.allCases)
  func theSendAfterAnAdvanceComesAfterEveryTickItDelivered(_ kind: HandMovedClock) async {
    let moved = kind.make()
    let store = TestStore(initialState: MultiPeriod.IfLetParent.State(), reducer: MultiPeriod.IfLetParent(), clock: moved.clock)
    store.exhaustivity = .off
    await store.send(.show) { $0.child = MultiPeriod.Ticker.State() }
    await store.send(.child(.onAppear))
    await moved.advance(by: .seconds(3))
    await store.send(.hide) { $0.child = nil }
    #expect(store.state.log == MultiPeriod.stamps("tick", 1_000, 2_000, 3_000))
    await store.finish()
  }

  /// `finish()` after a move waits for every firing the move made due before it judges what
  /// was left: here, all five keystrokes and the search.
  @Test(arguments: HandMovedClock.allCases)
  func finishAfterAnAdvanceSeesEveryFiringItMadeDue(_ kind: HandMovedClock) async {
    let moved = kind.make()
    let store = TestStore(initialState: MultiPeriod.Timeline(), reducer: MultiPeriod.Typing(), clock: moved.clock)
    await store.send(.startTyping)
    await moved.advance(by: .seconds(1))
    await withKnownIssue {
      await store.finish()
    } matching: { issue in
      issue.description.contains("received 6 unexpected action(s)")
    }
    #expect(MultiPeriod.Typing.log(of: store.store.state) == MultiPeriod.typingFirstSecond)
  }
}
