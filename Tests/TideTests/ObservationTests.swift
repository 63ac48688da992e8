import Testing
import Tide

@MainActor
@Suite("Observation")
struct ObservationTests {
  @Test func observersAreNotifiedOncePerDrainedBatchNotOncePerAction() {
    let reducer = Reduce<CounterFixture.State, CounterFixture.Action> { state, action in
      if action == .noop {
        // Three follow-ups queued behind this action, handled in the same drain.
        return .merge(.send(.increment), .send(.increment), .send(.increment))
      }
      return CounterFixture().reduce(into: &state, action: action)
    }
    let store = Store(initialState: CounterFixture.State(), reducer: reducer)
    var seen: [Int] = []
    let token = store.observe { seen.append($0.count) }
    #expect(seen == [0])  // told at once on registration

    store.send(.noop)
    #expect(seen == [0, 3])

    store.send(.increment)
    #expect(seen == [0, 3, 4])
    token.cancel()
  }

  @Test func anObserverThatSendsStartsANewRoundAndNoObserverSeesAStaleState() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var before: [Int] = []
    var sender: [Int] = []
    var after: [Int] = []
    let first = store.observe(\.count) { before.append($0) }
    let second = store.observe(\.count) { count in
      sender.append(count)
      if count == 1 || count == 2 { store.send(.increment) }
    }
    let third = store.observe(\.count) { after.append($0) }

    store.send(.increment)

    #expect(store.state.count == 3)
    for history in [before, sender, after] {
      #expect(history == history.sorted(), "an observer saw an older state after a newer one: \(history)")
      #expect(history.last == 3)
    }
    // Rounds: 1 (the sender queues 2), 2 (queues 3), 3.
    #expect(after == [0, 1, 2, 3])
    first.cancel(); second.cancel(); third.cancel()
  }

  @Test func selectedValueObserversSkipEqualValues() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var counts: [Int] = []
    let token = store.observe(\.count) { counts.append($0) }

    store.send(.rename("other field"))
    store.send(.set(0))
    store.send(.noop)
    #expect(counts == [0])

    store.send(.increment)
    store.send(.set(1))
    store.send(.set(5))
    #expect(counts == [0, 1, 5])
    token.cancel()
  }

  @Test func wholeStateObserverOfAStateThatIsNotEquatableIsCalledEveryRound() {
    struct Opaque { var count = 0 }
    let store = Store(
      initialState: Opaque(),
      reducer: Reduce<Opaque, Bool> { state, change in
        if change { state.count += 1 }
        return .none
      })
    var calls = 0
    let token = store.observe { _ in calls += 1 }
    store.send(false)
    store.send(false)
    #expect(calls == 3, "a state that cannot be compared is passed every round")
    token.cancel()
  }

  @Test func anObserverCancelledByAnotherDuringARoundIsNotCalledInThatRound() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    let victimToken = Box<ObservationToken?>(nil)
    var canceller: [Int] = []
    var victim: [Int] = []
    let cancellerToken = store.observe(\.count) { count in
      canceller.append(count)
      if count == 1 { victimToken.value?.cancel() }
    }
    victimToken.value = store.observe(\.count) { victim.append($0) }

    store.send(.increment)
    store.send(.increment)

    #expect(canceller == [0, 1, 2])
    #expect(victim == [0])
    #expect(victimToken.value?.isCancelled == true)
    cancellerToken.cancel()
  }

  @Test func anObserverCanCancelItselfAndCancellingTwiceIsHarmless() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    let selfToken = Box<ObservationToken?>(nil)
    var seen: [Int] = []
    selfToken.value = store.observe(\.count) { count in
      seen.append(count)
      if count == 1 { selfToken.value?.cancel() }
    }
    store.send(.increment)
    store.send(.increment)
    selfToken.value?.cancel()
    #expect(seen == [0, 1])
    #expect(selfToken.value?.isCancelled == true)
  }

  @Test func observersAddedDuringARoundStartWithTheCurrentState() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var late: [Int] = []
    var lateToken: ObservationToken?
    let token = store.observe(\.count) { count in
      if count == 1, lateToken == nil {
        lateToken = store.observe(\.count) { late.append($0) }
      }
    }
    store.send(.increment)
    store.send(.increment)
    #expect(late == [1, 2])
    token.cancel()
    lateToken?.cancel()
  }

  @Test func valuesStreamYieldsTheCurrentValueThenOnlyChanges() async {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    let mailbox = Mailbox<Int>()
    let stream = store.values(\.count)
    let consumer = Task { @MainActor in
      for await value in stream { mailbox.put(value) }
    }
    await mailbox.waitForCount(1)

    // The consumer is now suspended waiting for the next value: a duplicate would reach it.
    store.send(.set(0))
    store.send(.rename("not the count"))
    store.send(.noop)
    store.send(.increment)
    await mailbox.waitForCount(2)
    store.send(.set(1))
    store.send(.set(7))
    await mailbox.waitForCount(3)

    #expect(mailbox.values == [0, 1, 7])
    consumer.cancel()
  }
}
