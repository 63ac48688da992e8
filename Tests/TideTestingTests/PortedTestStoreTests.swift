import Clocks
import Testing
import Tide
import TideTestSupport
import TideTesting

/// Behaviours of TCA's `TestStoreTests` and `TestStoreNonExhaustiveTests` that a user moving to
/// Tide relies on, restated for Tide's `TestStore`. Each comment names TCA's test.
@MainActor
@Suite("Ported from TCA: TestStore")
struct PortedTestStoreTests {
  private struct Counter: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var isEven = true
    }
    enum Action: Equatable, Sendable { case increment, decrement }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment: state.count += 1
      case .decrement: state.count -= 1
      }
      state.isEven = state.count.isMultiple(of: 2)
      return .none
    }
  }

  /// Answers `onAppear` with two responses, each counting.
  private struct TwoResponses: Reducer {
    struct State: Equatable, Sendable {
      var count = 0
      var int = 0
      var string = ""
    }
    enum Action: Equatable, Sendable { case onAppear, response1(Int), response2(String) }
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .onAppear:
        return .run { send in
          await send(.response1(42))
          await send(.response2("Hello"))
        }
      case .response1(let int):
        state.count += 1
        state.int = int
        return .none
      case .response2(let string):
        state.count += 1
        state.string = string
        return .none
      }
    }
  }

  // testEffectConcatenation: actions a `.run` sends, and the `.concatenate`d follow-ups each
  // sends, arrive in order; the test ends by cancelling the long-living effect and releasing the
  // test store without `finish()`, which reports nothing.
  @Test func followUpsArriveInOrderAndACancelledEffectIsNotReportedAtRelease() async {
    enum Action: Equatable, Sendable { case a, b1, b2, b3, c1, c2, c3, d }
    let clock = TestClock()
    let issues = await issuesRecorded {
      let store = TestStore(
        initialState: 0,
        reducer: Reduce<Int, Action> { _, action in
          switch action {
          case .a:
            return .merge(
              .run { send in
                try await clock.sleep(for: .seconds(1))
                await send(.b1)
                await send(.c1)
              },
              .run { _ in try await Task.never() }.cancellable(id: 1))
          case .b1: return .concatenate(.send(.b2), .send(.b3))
          case .c1: return .concatenate(.send(.c2), .send(.c3))
          case .b2, .b3, .c2, .c3: return .none
          case .d: return .cancel(id: 1)
          }
        },
        clock: clock)
      await store.send(.a)
      await clock.advance(by: .seconds(1))
      await store.receive(.b1)
      await store.receive(.b2)
      await store.receive(.b3)
      await store.receive(.c1)
      await store.receive(.c2)
      await store.receive(.c3)
      await store.send(.d)
    }
    #expect(issues == [])
  }

  // StoreTests.testActionQueuing, EffectCancellationTests.testCancellation: an action a
  // long-living subscription sends is received as soon as it arrives. It waited for the whole
  // wall timeout before (the effect's counters do not change while it keeps running, and they
  // were all that woke `receive`), so this failed its time limit.
  @Test(.hangLimit)
  func anActionFromALongLivingSubscriptionIsReceivedAtOnce() async {
    enum Action: Equatable, Sendable { case start, tap, doIncrement }
    let (values, input) = AsyncStream.makeStream(of: Int.self)
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .start: return .run(values.map { _ in Action.doIncrement })
        case .tap:
          input.yield(0)
          return .none
        case .doIncrement:
          state += 1
          return .none
        }
      })
    store.wallTimeout = Slowdown.beyondTheTimeLimit
    await store.send(.start)
    input.yield(0)
    await store.receive(.doIncrement) { $0 = 1 }
    await store.send(.tap)
    await store.receive(.doIncrement) { $0 = 2 }
    input.finish()
    await store.finish()
  }

  // testAsync
  @Test func aRunsResponseIsReceived() async {
    enum Action: Equatable, Sendable { case tap, response(Int) }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .tap: return .run { send in await send(.response(42)) }
        case .response(let number):
          state = number
          return .none
        }
      })
    await store.send(.tap)
    await store.receive(.response(42)) { $0 = 42 }
    await store.finish()
  }

  // testExpectedStateEquality: an expectation that differs from the state fails, for a sent and
  // for a received action.
  @Test func aWrongExpectationFailsForSendAndReceive() async {
    struct State: Equatable, Sendable {
      var count = 0
      var isChanging = false
    }
    enum Action: Equatable, Sendable { case increment, changed(from: Int, to: Int) }
    let store = TestStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .increment:
          state.isChanging = true
          return .send(.changed(from: state.count, to: state.count + 1))
        case .changed(let from, let to):
          state.isChanging = false
          if state.count == from { state.count = to }
          return .none
        }
      })
    await store.send(.increment) { $0.isChanging = true }
    await store.receive(.changed(from: 0, to: 1)) {
      $0.isChanging = false
      $0.count = 1
    }
    let sendFailures = await failures {
      await store.send(.increment) { $0.isChanging = false }
    }
    #expect(sendFailures.count == 1)
    let receiveFailures = await failures {
      await store.receive(.changed(from: 1, to: 2)) {
        $0.isChanging = true
        $0.count = 1100
      }
    }
    #expect(receiveFailures.count == 1)
    await store.finish()
  }

  // testExpectedStateEqualityMustModify: a closure that expects a change fails when nothing
  // changed, for a sent and for a received action.
  @Test func aClosureExpectingAChangeFailsWhenNoneHappened() async {
    enum Action: Equatable, Sendable { case noop, finished }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in action == .noop ? .send(.finished) : .none })
    await store.send(.noop)
    await store.receive(.finished)
    let sendFailures = await failures {
      await store.send(.noop) { $0 = 0 }
    }
    #expect(sendFailures.count == 1)
    let receiveFailures = await failures {
      await store.receive(.finished) { $0 = 0 }
    }
    #expect(receiveFailures.count == 1)
    await store.finish()
  }

  // testReceiveActionMatchingPredicate: the predicate is called; one that matches nothing fails.
  @Test func receiveWhereCallsThePredicateAndFailsWhenItMatchesNothing() async {
    enum Action: Equatable, Sendable { case noop, finished }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in action == .noop ? .send(.finished) : .none })
    var calls = 0
    await store.send(.noop)
    await store.receive(where: { action in
      calls += 1
      return action == .finished
    })
    #expect(calls > 0)
    await store.send(.noop)
    let wrongAction = await failures { await store.receive(.noop) }
    #expect(wrongAction.count == 1)
    await store.send(.noop)
    let wrongPredicate = await failures { await store.receive(where: { $0 == .noop }) }
    #expect(wrongPredicate.count == 1)
    await store.finish()
  }

  // testStateAccess: inside an assertion closure `state` is the state before the action; after
  // it, the state after.
  @Test func stateInsideTheAssertionIsTheStateBeforeTheAction() async {
    enum Action: Equatable, Sendable { case a, b, c, d }
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { count, action in
        count += 1
        return action == .a ? .merge(.send(.b), .send(.c), .send(.d)) : .none
      })
    await store.send(.a) {
      #expect(store.state == 0)
      $0 = 1
    }
    #expect(store.state == 1)
    await store.receive(.b) {
      #expect(store.state == 1)
      $0 = 2
    }
    #expect(store.state == 2)
    await store.receive(.c) {
      #expect(store.state == 2)
      $0 = 3
    }
    await store.receive(.d) {
      #expect(store.state == 3)
      $0 = 4
    }
    #expect(store.state == 4)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testSkipReceivedActions_*: skipping received actions makes the
  // state after the last of them the asserted state, whatever the exhaustivity.
  @Test(arguments: [Exhaustivity.on, .off(showSkippedAssertions: false), .off(showSkippedAssertions: true)])
  func skippingReceivedActionsMovesTheStateToTheLastOne(exhaustivity: Exhaustivity) async {
    let store = TestStore(
      initialState: 0,
      reducer: Reduce<Int, Bool> { state, action in
        state += 1
        return action ? .send(false) : .none
      })
    store.exhaustivity = exhaustivity
    await store.send(true) { $0 = 1 }
    #expect(store.state == 1)
    await store.skipReceivedActions()
    #expect(store.state == 2)
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testIgnoreInFlightEffects_NonExhaustive /
  // testIgnoreReceiveActions_NonExhaustive: a non-exhaustive test may end with effects running
  // and actions not received, and report nothing.
  @Test func aNonExhaustiveTestMayEndWithEffectsRunningAndActionsUnreceived() async {
    let issues = await issuesRecorded {
      let store = TestStore(
        initialState: 0,
        reducer: Reduce<Int, Bool> { state, action in
          state += 1
          return action ? .merge(.send(false), .run { _ in try await Task.never() }) : .none
        })
      store.exhaustivity = .off(showSkippedAssertions: false)
      await store.send(true)
    }
    #expect(issues == [])
  }

  // TestStoreNonExhaustiveTests.testNonExhaustiveSend_PartialExhaustive: a non-exhaustive
  // assertion names only the fields it cares about.
  @Test func aNonExhaustiveAssertionNamesOnlyTheFieldsItCaresAbout() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.isEven = true }
    await store.send(.increment) {
      $0.count = 3
      $0.isEven = false
    }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testNonExhaustiveSend_PartialExhaustive_BadAssertion: a wrong
  // field still fails a non-exhaustive assertion.
  @Test func aWrongFieldStillFailsANonExhaustiveAssertion() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.exhaustivity = .off(showSkippedAssertions: true)
    let messages = await failures {
      await store.send(.increment) { $0.count = 0 }
    }
    #expect(messages.contains { $0.contains("count") })
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testMultipleSendsWithAssertionOnLast: without an assertion the
  // state is still the state after the action.
  @Test func aNonExhaustiveSendWithoutAssertionStillMovesTheState() async {
    let store = TestStore(initialState: Counter.State(), reducer: Counter())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.increment)
    #expect(store.state == Counter.State(count: 1, isEven: false))
    await store.send(.increment)
    #expect(store.state == Counter.State(count: 2, isEven: true))
    await store.send(.increment) { $0.count = 3 }
    #expect(store.state == Counter.State(count: 3, isEven: false))
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testReceive_StateChange / testReceive_SkipAction: a
  // non-exhaustive receive asserts part of the state and may skip actions before it.
  @Test func aNonExhaustiveReceiveAssertsPartOfTheStateAndMaySkip() async {
    let store = TestStore(initialState: TwoResponses.State(), reducer: TwoResponses())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.onAppear)
    await store.receive(.response1(42)) { $0.int = 42 }
    #expect(store.state == TwoResponses.State(count: 1, int: 42, string: ""))
    await store.receive(.response2("Hello")) { $0.string = "Hello" }
    #expect(store.state == TwoResponses.State(count: 2, int: 42, string: "Hello"))

    await store.send(.onAppear)
    await store.receive(.response2("Hello")) { $0.count = 4 }
    #expect(store.state == TwoResponses.State(count: 4, int: 42, string: "Hello"))
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testSendWithUnreceivedAction: a non-exhaustive test may send
  // while actions are unreceived; they are skipped.
  @Test func aNonExhaustiveSendSkipsUnreceivedActions() async {
    let store = TestStore(initialState: TwoResponses.State(), reducer: TwoResponses())
    store.exhaustivity = .off(showSkippedAssertions: false)
    // Both responses of the first `onAppear` have arrived before the second is sent.
    await store.send(.onAppear).finish()
    await store.send(.onAppear)
    #expect(store.state.count == 2)
    await store.receive(.response2("Hello")) { $0.count = 4 }
    await store.finish()
  }

  // TestStoreNonExhaustiveTests.testSend_SkipReceivedActions_BadAssertion: a wrong assertion
  // on a received action fails in non-exhaustive mode too.
  @Test func aWrongAssertionOnAReceivedActionFailsInNonExhaustiveMode() async {
    let store = TestStore(initialState: TwoResponses.State(), reducer: TwoResponses())
    store.exhaustivity = .off(showSkippedAssertions: false)
    await store.send(.onAppear)
    let messages = await failures {
      await store.receive(.response1(42)) { $0.count = 2 }
    }
    #expect(messages.count == 1)
    await store.finish()
  }
}

/// The issues `body` recorded, without failing the test for them.
@MainActor
private func issuesRecorded(_ body: () async -> Void) async -> [String] {
  let log = IssueLog()
  await withKnownIssue(isIntermittent: true) {
    await body()
  } matching: { issue in
    log.match(issue)
  }
  return log.messages
}
