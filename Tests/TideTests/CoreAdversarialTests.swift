import Testing
import Tide
import TideTestSupport

// Hostile tests of the store core: scoped stores that outlive their root handle, observers
// that change the observer list mid-round, throttle gates whose waiting run was cancelled,
// effects that outlive their store. Time is a `VirtualClock`; nothing sleeps to wait.

// MARK: - Fixture

private struct Child: Equatable, Sendable {
  var count = 0
  var label = ""
  /// Computed, so a scope through it has no byte offset.
  var doubled: Int { count * 2 }
}

private struct Parent: Equatable, Sendable {
  var child = Child()
  var other = 0
  var log: [String] = []
  /// Computed, so a scope through it has no byte offset.
  var computedChild: Child { child }
}

private enum ChildAction: Equatable, Sendable {
  case increment
  /// Sleeps `1 s` on the store's clock, then sends `loaded(42)`.
  case load
  case loaded(Int)
  case rename(String)
}

private enum ParentAction: Equatable, Sendable {
  case child(ChildAction)
  case other
}

private enum LoadID: Hashable, Sendable { case load }

private func parentReducer() -> Reduce<Parent, ParentAction> {
  Reduce { state, action in
    switch action {
    case .child(.increment):
      state.child.count += 1
    case .child(.load):
      return .run { send in
        try await send.sleep(for: .seconds(1))
        await send(.child(.loaded(42)))
      }
      .cancellable(id: LoadID.load)
    case .child(.loaded(let value)):
      state.child.count = value
    case .child(.rename(let label)):
      state.child.label = label
    case .other:
      state.other += 1
    }
    return .none
  }
}

/// A scoped store whose root handle is already gone when it is returned.
@MainActor
private func orphanedChild(clock: VirtualClock) -> Store<Child, ChildAction> {
  let root = Store(initialState: Parent(), reducer: parentReducer(), clock: clock)
  return root.scope(state: \.child, action: ParentAction.child)
}

// MARK: - Throttle fixture

private enum Tap: Equatable, Sendable {
  case tap(Int)
  case tapped(Int)
  case stop
}

private enum TapID: Hashable, Sendable { case throttle, outer }

private struct Ran: Equatable, Sendable, CustomStringConvertible {
  var tap: Int
  var at: Duration
  var description: String { "\(tap)@\(at)" }
}

private func tapper(clock: VirtualClock, latest: Bool) -> Reduce<[Ran], Tap> {
  Reduce { ran, action in
    switch action {
    case .tap(let n):
      return .send(.tapped(n))
        .throttle(id: TapID.throttle, for: .seconds(1), latest: latest)
        .cancellable(id: TapID.outer)
    case .tapped(let n):
      ran.append(Ran(tap: n, at: clock.now.offset))
      return .none
    case .stop:
      return .cancel(id: TapID.outer)
    }
  }
}

@MainActor
private func settle<S, A>(_ store: Store<S, A>, at offset: Duration, on clock: VirtualClock) async {
  clock.advance(to: .at(offset))
  await store.waitUntilIdle()
}

@MainActor
@Suite("Core, adversarial")
struct CoreAdversarialTests {
  // MARK: Scoped stores

  @Test func aScopedStoreOutlivingItsRootHandleSendsObservesAndGetsEffectsBack() async {
    let clock = VirtualClock()
    let child = orphanedChild(clock: clock)
    var seen: [Int] = []
    let token = child.observe(\.count) { seen.append($0) }
    child.send(.increment)
    #expect(child.state.count == 1)
    child.send(.load)
    await child.waitUntilIdle()
    #expect(clock.sleeperCount == 1, "the effect started by a scoped send must be running")
    await settle(child, at: .seconds(1), on: clock)
    #expect(child.state.count == 42, "the action the effect sent back must reach the root")
    #expect(seen == [0, 1, 42])
    #expect(!token.isCancelled)
  }

  @Test(.hangLimit)
  func releasingTheLastScopedHandleCancelsEffectsAndEndsValueStreams() async {
    let clock = VirtualClock()
    var child: Store<Child, ChildAction>? = orphanedChild(clock: clock)
    let activity = child!.effectScheduler
    let stream = child!.values(\.count)
    let consumer = Task { @MainActor in
      var seen: [Int] = []
      for await value in stream { seen.append(value) }
      return seen
    }
    child!.send(.load)
    await child!.waitUntilIdle()
    #expect(activity.counts.running == 1)
    child = nil
    await waitUntil(activity) { $0.running == 0 }
    #expect(clock.sleeperCount == 0, "the effect's sleep must have been cancelled")
    let seen = await consumer.value
    #expect(seen == [0], "the stream ends, and the cancelled load delivered nothing")
  }

  /// A scoped store's `values` stream follows the root's state, which outlives the scoped
  /// handle: it ends with the root, not with the scoped handle. (`values(_:)` says "when the
  /// store is released"; for a scoped store that means its root — `whenReleased`.)
  @Test(.hangLimit)
  func aScopedValuesStreamOutlivesItsScopedHandleAndEndsWithTheRoot() async {
    var root: Store<Parent, ParentAction>? = Store(initialState: Parent(), reducer: parentReducer())
    var child: Store<Child, ChildAction>? = root!.scope(state: \.child, action: ParentAction.child)
    let stream = child!.values(\.count)
    let mailbox = Mailbox<Int>()
    let consumer = Task { @MainActor in
      for await value in stream { mailbox.put(value) }
    }
    await mailbox.waitForCount(1)
    child = nil
    root!.send(.child(.increment))
    await mailbox.waitForCount(2)
    #expect(mailbox.values == [0, 1])
    root = nil
    await consumer.value
  }

  @Test func observersOfStoredAndComputedScopesFireOncePerBatchWithTheFinalValues() {
    let root = Store(initialState: Parent(), reducer: parentReducer())
    let stored = root.scope(state: \.child, action: ParentAction.child)
    let computed = root.scope(state: \.computedChild, action: ParentAction.child)
    let computedOfComputed = computed.scope(state: \.doubled, action: { (action: ChildAction) in action })
    let storedOfComputed = computed.scope(state: \.count, action: { (action: ChildAction) in action })
    let storedOfStored = stored.scope(state: \.count, action: { (action: ChildAction) in action })

    var storedStates: [Child] = []
    var computedStates: [Child] = []
    var doubled: [Int] = []
    var storedOfComputedCounts: [Int] = []
    var storedOfStoredCounts: [Int] = []
    var keyPathOnComputed: [Int] = []
    var keyPathOnStored: [Int] = []
    let tokens = [
      stored.observe { storedStates.append($0) },
      computed.observe { computedStates.append($0) },
      computedOfComputed.observe { doubled.append($0) },
      storedOfComputed.observe { storedOfComputedCounts.append($0) },
      storedOfStored.observe { storedOfStoredCounts.append($0) },
      computed.observe(\.count) { keyPathOnComputed.append($0) },
      stored.observe(\.count) { keyPathOnStored.append($0) },
    ]

    root.send(contentsOf: [.child(.increment), .other, .child(.increment), .child(.rename("x"))])
    computed.send(contentsOf: [.increment, .increment, .increment])
    storedOfComputed.send(.increment)

    let expected = [
      Child(count: 0, label: ""), Child(count: 2, label: "x"), Child(count: 5, label: "x"),
      Child(count: 6, label: "x"),
    ]
    #expect(storedStates == expected)
    #expect(computedStates == expected)
    #expect(doubled == [0, 4, 10, 12])
    #expect(storedOfComputedCounts == [0, 2, 5, 6])
    #expect(storedOfStoredCounts == [0, 2, 5, 6])
    #expect(keyPathOnComputed == [0, 2, 5, 6])
    #expect(keyPathOnStored == [0, 2, 5, 6])
    #expect(tokens.allSatisfy { !$0.isCancelled })
  }

  @Test func aScopedStoreSendingDuringARoundIsQueuedBehindIt() {
    let root = Store(initialState: Parent(), reducer: parentReducer())
    let child = root.scope(state: \.computedChild, action: ParentAction.child)
    var rounds: [Int] = []
    var seenByRoot: [Int] = []
    let token = child.observe(\.count) { count in
      rounds.append(count)
      if count == 1 { child.send(contentsOf: [.increment, .increment]) }
    }
    let rootToken = root.observe(\.child.count) { seenByRoot.append($0) }
    root.send(.child(.increment))
    // The child's batch runs after the round that saw 1, never inside it: the root's observer
    // sees 1 too, then 3.
    #expect(rounds == [0, 1, 3])
    #expect(seenByRoot == [0, 1, 3])
    _ = (token, rootToken)
  }

  /// A `Scope` through a computed get/set property reduces through the key path (no byte
  /// offset) and writes the child back; its child's effects come back embedded.
  @Test func aScopeThroughAComputedPropertyWritesTheChildBackAndLiftsItsEffects() async {
    struct Boxed: Equatable, Sendable {
      var storage: [Child] = [Child()]
      var first: Child {
        get { storage[0] }
        set { storage[0] = newValue }
      }
    }
    let childPath = ActionPath<ParentAction, ChildAction>(
      embed: { .child($0) },
      extract: { if case .child(let child) = $0 { child } else { nil } })
    let childReducer = Reduce<Child, ChildAction> { child, action in
      switch action {
      case .increment: child.count += 1
      case .load: return .send(.loaded(child.count * 10))
      case .loaded(let value): child.count = value
      case .rename(let label): child.label = label
      }
      return .none
    }
    let store = Store(
      initialState: Boxed(),
      reducer: Scope(state: \Boxed.first, action: childPath) { childReducer })
    let scoped = store.scope(state: \.first, action: ParentAction.child)
    var seen: [Int] = []
    let token = scoped.observe(\.count) { seen.append($0) }
    scoped.send(contentsOf: [.increment, .increment, .load])
    #expect(store.state.storage == [Child(count: 20, label: "")])
    #expect(seen == [0, 20])
    _ = token
  }

  // MARK: Observers
  // MARK: Observers

  @Test func aTokenReleasedByAnotherObserverMidRoundStopsItAtOnce() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var calls: [String] = []
    var later: ObservationToken?
    let first = store.observe { state in
      calls.append("first \(state.count)")
      if state.count == 1 { later = nil }
    }
    later = store.observe { state in calls.append("later \(state.count)") }
    store.send(.increment)
    store.send(.increment)
    #expect(calls == ["first 0", "later 0", "first 1", "first 2"])
    #expect(later == nil)
    _ = first
  }

  @Test func anObserverAddedDuringARoundIsCalledFromTheNextRoundOnExactlyOnceEach() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var calls: [String] = []
    var added: [ObservationToken] = []
    let adder = store.observe { state in
      calls.append("adder \(state.count)")
      guard state.count == 1 else { return }
      added.append(store.observe { calls.append("new \($0.count)") })
      // Sends from the round: the new observer is told in the next round, once.
      store.send(.increment)
    }
    store.send(.increment)
    store.send(.increment)
    #expect(calls == ["adder 0", "adder 1", "new 1", "adder 2", "new 2", "adder 3", "new 3"])
    #expect(added.count == 1)
    _ = adder
  }

  @Test func anObserverThatCancelsItselfAndSendsIsNotToldAgainButOthersAre() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    var calls: [String] = []
    var selfToken: ObservationToken?
    selfToken = store.observe { state in
      calls.append("self \(state.count)")
      if state.count == 1 {
        selfToken?.cancel()
        store.send(.increment)
      }
    }
    let other = store.observe { calls.append("other \($0.count)") }
    store.send(.increment)
    #expect(calls == ["self 0", "other 0", "self 1", "other 1", "other 2"])
    #expect(selfToken?.isCancelled == true)
    _ = other
  }

  @Test func anObserverCancelledByMiddlewareBeforeTheRoundIsNotCalledInIt() {
    let tokenBox = TokenBox()
    let middleware = Middleware<CounterFixture.State, CounterFixture.Action> { _, state in
      if state.count == 2 { tokenBox.token?.cancel() }
      return .none
    }
    let store = Store(
      initialState: CounterFixture.State(), reducer: CounterFixture(), middleware: [middleware])
    var calls: [Int] = []
    tokenBox.token = store.observe(\.count) { calls.append($0) }
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    #expect(calls == [0, 1])
  }

  @Test func aStoreReleasedByItsOwnObserverMidRoundFinishesTheRoundSafely() {
    var store: Store<CounterFixture.State, CounterFixture.Action>? = Store(
      initialState: CounterFixture.State(), reducer: CounterFixture())
    var calls: [String] = []
    var tokens: [ObservationToken] = []
    tokens.append(store!.observe { state in
      calls.append("first \(state.count)")
      if state.count == 1 { store = nil }
    })
    tokens.append(store!.observe { calls.append("second \($0.count)") })
    store?.send(.increment)
    #expect(store == nil)
    #expect(calls == ["first 0", "second 0", "first 1", "second 1"])
    tokens.removeAll()
  }

  @Test func aRootReleasedByTheObserverOfItsLastScopedStoreMidRoundFinishesSafely() async {
    let clock = VirtualClock()
    var child: Store<Child, ChildAction>? = orphanedChild(clock: clock)
    let activity = child!.effectScheduler
    var counts: [Int] = []
    var token: ObservationToken?
    token = child!.observe(\.count) { count in
      counts.append(count)
      // The token keeps its store alive: dropping both is what releases the root here.
      if count == 1 {
        child = nil
        token = nil
      }
    }
    child!.send(.load)
    child?.send(.increment)
    #expect(child == nil)
    #expect(token == nil)
    await waitUntil(activity) { $0.running == 0 }
    #expect(counts == [0, 1])
  }

  // MARK: Order
  // MARK: Order

  @Test func delayedAndDroppedActionsKeepTheOrderOfEverythingElse() async {
    let clock = VirtualClock()
    let before = Middleware<[String], String>(before: { action, _ in
      switch action {
      case "drop": .drop
      case "slow": .delay("slow", by: .seconds(1))
      default: .proceed(action)
      }
    })
    let after = Middleware<[String], String> { action, _ in
      action == "a" ? .send("after-a") : .none
    }
    let reducer = Reduce<[String], String> { log, action in
      log.append(action)
      switch action {
      case "a": return .merge(.send("b"), .send("slow"), .send("drop"), .send("c"))
      case "b": return .send("b2")
      default: return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock, middleware: [before, after])
    let task = store.send("a")
    #expect(store.state == ["a", "b", "c", "after-a", "b2"])
    let finished = Task { @MainActor in
      await task.finish()
      return (store.state, clock.now.offset)
    }
    await store.waitUntilIdle()
    #expect(task.isRunning, "the delayed action is an effect of the send")
    clock.advance(to: .at(.seconds(1)))
    let (log, at) = await finished.value
    #expect(log == ["a", "b", "c", "after-a", "b2", "slow"])
    #expect(at == .seconds(1))
  }

  // MARK: Effects

  @Test func aCancelAtTheEndOfAnAsyncConcatenationStopsASiblingTimer() async {
    enum TimerID: Hashable, Sendable { case ticks }
    let clock = VirtualClock()
    let reducer = Reduce<[Duration], Bool> { ticks, start in
      if start {
        return .merge(
          .timer(after: .milliseconds(100), every: .milliseconds(100)) { _ in false }
            .cancellable(id: TimerID.ticks),
          .concatenate(
            .run { send in try await send.sleep(for: .milliseconds(350)) },
            .cancel(id: TimerID.ticks)))
      }
      ticks.append(clock.now.offset)
      return .none
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock)
    store.send(true)
    await store.waitUntilIdle()
    for step in 1...20 {
      await settle(store, at: .milliseconds(50 * step), on: clock)
    }
    #expect(store.state == [.milliseconds(100), .milliseconds(200), .milliseconds(300)])
    #expect(store.effectScheduler.counts.running == 0)
    #expect(clock.sleeperCount == 0)
  }

  @Test func sendAfterCountsFromWhenTheReducerReturnedNotFromWhenItsTaskRan() async {
    let clock = VirtualClock()
    let reducer = Reduce<[Duration], Bool> { log, start in
      if start { return .send(false, after: .seconds(1)) }
      log.append(clock.now.offset)
      return .none
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock)
    store.send(true)
    // The clock moves before the effect's task has had a chance to run.
    clock.advance(to: .at(.milliseconds(300)))
    await store.waitUntilIdle()
    await settle(store, at: .seconds(1) - .nanoseconds(1), on: clock)
    #expect(store.state.isEmpty)
    await settle(store, at: .seconds(1), on: clock)
    #expect(store.state == [.seconds(1)])
  }

  @Test func aCancelledEffectSendsNothingMoreWhereverItIsCancelled() async {
    enum StreamID: Hashable, Sendable { case stream }
    var generator = SeededGenerator(seed: 0x7ADE)
    for round in 0..<40 {
      let limit = Int.random(in: 1...30, using: &generator)
      let yields = Int.random(in: 0...3, using: &generator)
      let reducer = Reduce<Int, Bool> { count, start in
        if start {
          return .run { send in
            while !Task.isCancelled {
              await send(false)
              for _ in 0..<yields { await Task.yield() }
            }
          }
          .cancellable(id: StreamID.stream)
        }
        count += 1
        return count == limit ? .cancel(id: StreamID.stream) : .none
      }
      let store = Store(initialState: 0, reducer: reducer)
      store.send(true)
      await waitUntilEffects(store) { $0.running == 0 }
      #expect(store.state == limit, "round \(round): sent after its cancellation")
    }
  }

  /// The same through `StoreTask.cancel()` from an observer, with the stream split over a
  /// merge of two effects that both keep sending.
  @Test func aStoreTaskCancelledFromAnObserverStopsEveryEffectOfItsSendAtOnce() async {
    var generator = SeededGenerator(seed: 0x5707)
    for round in 0..<40 {
      let limit = Int.random(in: 1...40, using: &generator)
      let yields = Int.random(in: 0...2, using: &generator)
      let sender: Effect<Bool> = .run { send in
        while !Task.isCancelled {
          await send(false)
          for _ in 0..<yields { await Task.yield() }
        }
      }
      let reducer = Reduce<Int, Bool> { count, start in
        if start { return .merge(sender, sender) }
        count += 1
        return .none
      }
      let store = Store(initialState: 0, reducer: reducer)
      var task: StoreTask?
      var cancelledAt: Int?
      let token = store.observe(\.self) { count in
        if count >= limit, cancelledAt == nil, let task {
          task.cancel()
          cancelledAt = count
        }
      }
      task = store.send(true)
      await waitUntilEffects(store) { $0.running == 0 }
      #expect(cancelledAt != nil, "round \(round)")
      #expect(store.state == cancelledAt, "round \(round): sent after its cancellation")
      _ = token
    }
  }

  @Test func releasingTheRootWhileEffectsRunDeliversNothingEvenToASendThatIgnoresCancellation() async {
    let clock = VirtualClock()
    let reduced = Box(0)
    let reducer = Reduce<Int, Bool> { count, start in
      reduced.value += 1
      guard start else { return .none }
      return .merge(
        .run { send in
          // Ignores its cancellation and sends anyway, still inside its body.
          try? await send.sleep(for: .seconds(1))
          await send(false)
        },
        .timer(false, after: .seconds(1), every: .seconds(1)),
        .send(false, after: .seconds(2)))
    }
    var store: Store<Int, Bool>? = Store(initialState: 0, reducer: reducer, clock: clock)
    store!.send(true)
    let activity = store!.effectScheduler
    await store!.waitUntilIdle()
    #expect(clock.sleeperCount == 3)
    store = nil
    clock.advance(to: .at(.seconds(5)))
    await waitUntil(activity) { $0.running == 0 }
    #expect(reduced.value == 1)
  }

  /// A `Send` that escaped its `.run` body is a reported mistake, and it delivers nothing
  /// whether or not its store is still alive.
  @Test func aSendKeptAfterItsBodyReturnedAndItsStoreWasReleasedDeliversNothing() async {
    let escaped = Box<Send<Bool>?>(nil)
    let reduced = Box(0)
    let reducer = Reduce<Int, Bool> { count, start in
      reduced.value += 1
      return start ? .run { send in escaped.value = send } : .none
    }
    var store: Store<Int, Bool>? = Store(initialState: 0, reducer: reducer)
    store!.send(true)
    await waitUntilEffects(store!) { $0.running == 0 }
    await withKnownIssue("a send after the body returned is reported") {
      await escaped.value?(false)
    }
    store = nil
    await withKnownIssue("a send after the body returned is reported") {
      await escaped.value?(false)
    }
    #expect(reduced.value == 1)
  }

  @Test func finishEffectsWaitsForADebounceThatIsRestartedMeanwhile() async {
    enum DebounceID: Hashable, Sendable { case search }
    let clock = VirtualClock()
    let reducer = Reduce<[String], String> { log, action in
      if action.hasPrefix("type ") {
        return .send("search " + action.dropFirst(5)).debounce(id: DebounceID.search, for: .seconds(1))
      }
      log.append(action)
      return .none
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock)
    store.send("type a")
    let waiter = Task { @MainActor in
      await store.finishEffects(id: DebounceID.search)
      return (store.state, clock.now.offset)
    }
    await settle(store, at: .milliseconds(900), on: clock)
    store.send("type ab")
    await settle(store, at: .milliseconds(1_900) - .nanoseconds(1), on: clock)
    #expect(store.state.isEmpty)
    clock.advance(to: .at(.milliseconds(1_900)))
    let (log, at) = await waiter.value
    #expect(log == ["search ab"])
    #expect(at == .milliseconds(1_900))
  }

  /// An effect that starts sleeping while the test advances the clock past its deadline must
  /// be woken by that advance, never left asleep with its time already reached.
  @Test func aSleeperArrivingWhileTheVirtualClockAdvancesIsNeverStranded() async {
    for round in 0..<2_000 {
      let clock = VirtualClock()
      let (signals, signal) = AsyncStream.makeStream(of: Void.self)
      _ = clock.addObserver { signal.yield() }
      let woke = Box(false)
      let sleeper = Task.detached {
        try? await clock.sleep(until: .at(.seconds(1)))
        woke.value = true
        signal.yield()
      }
      clock.advance(to: .at(.seconds(1)))
      for await _ in signals {
        if woke.value { break }
        if clock.sleeperCount > 0, let due = clock.nextDeadline, due <= clock.now {
          Issue.record("round \(round): a sleeper due at \(due) sleeps on at \(clock.now)")
          clock.advance(to: .at(.seconds(2)))
        }
      }
      await sleeper.value
    }
  }

  /// Nested timers inside a merge and a concatenation, cancelled at a random instant: every
  /// tick before it arrives at its exact instant, none after it.
  @Test func nestedTimersCancelledAtRandomInstantsDeliverExactlyTheTicksBefore() async {
    enum Tick: Equatable, Sendable { case start, stop, fast(Duration), slow(Duration) }
    enum TimersID: Hashable, Sendable { case timers }
    var generator = SeededGenerator(seed: 0xC10C)
    for round in 0..<8 {
      let clock = VirtualClock()
      let reducer = Reduce<[Tick], Tick> { log, action in
        switch action {
        case .start:
          return .merge(
            .interval(every: .milliseconds(100)) { .slow($0) },
            .concatenate(
              .run { send in try await send.sleep(for: .milliseconds(255)) },
              .interval(every: .milliseconds(70)) { .fast($0) }))
          .cancellable(id: TimersID.timers)
        case .stop:
          return .cancel(id: TimersID.timers)
        case .fast, .slow:
          log.append(action)
          return .none
        }
      }
      let store = Store(initialState: [], reducer: reducer, clock: clock)
      store.send(.start)
      await store.waitUntilIdle()
      // Steps of 5 ms; a tick due at the stop's instant is delivered before it. The fast
      // ticks (255 + 70 k ms) never coincide with the slow ones (100 k ms).
      let stopAt = Duration.milliseconds(5 * Int.random(in: 10...190, using: &generator))
      var now = Duration.zero
      while now < .seconds(1) {
        now += .milliseconds(5)
        await settle(store, at: now, on: clock)
        if now == stopAt { store.send(.stop) }
      }
      await waitUntilEffects(store) { $0.running == 0 }
      var expected: [Tick] = []
      for ms in stride(from: 5, through: Int(stopAt / .milliseconds(1)), by: 5) {
        if ms % 100 == 0 { expected.append(.slow(.milliseconds(ms))) }
        if ms > 255, (ms - 255) % 70 == 0 { expected.append(.fast(.milliseconds(ms))) }
      }
      #expect(store.state == expected, "round \(round), stopped at \(stopAt)")
    }
  }

  @Test func aBeforeHookThatDelaysIsNotAskedAgainAndLaterHooksStillRun() async {
    let clock = VirtualClock()
    let asked = Recorded<String>()
    let first = Middleware<[String], String>(before: { action, _ in
      asked.append("first \(action)")
      return action == "x" ? .delay("x", by: .seconds(1)) : .proceed(action)
    })
    let second = Middleware<[String], String>(before: { action, _ in
      asked.append("second \(action)")
      return .proceed(action.uppercased())
    })
    let reducer = Reduce<[String], String> { log, action in
      log.append(action)
      return .none
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock, middleware: [first, second])
    let delayed = store.send("x")
    store.send("y")
    await settle(store, at: .seconds(1), on: clock)
    await delayed.finish()
    #expect(store.state == ["Y", "X"])
    #expect(asked.all == ["first x", "first y", "second y", "second x"])
  }

  @Test func cancellingTheSendOfADelayedActionDropsIt() async {
    let clock = VirtualClock()
    let delay = Middleware<[String], String>(before: { action, _ in
      action == "late" ? .delay("late", by: .seconds(1)) : .proceed(action)
    })
    let reducer = Reduce<[String], String> { log, action in
      log.append(action)
      return .none
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock, middleware: [delay])
    let task = store.send("late")
    await store.waitUntilIdle()
    await task.cancel()
    #expect(!task.isRunning)
    await settle(store, at: .seconds(2), on: clock)
    store.send("now")
    #expect(store.state == ["now"])
  }

  @Test func theTaskOfAScopedSendCoversTheEffectAndWhatItSentBack() async {
    let clock = VirtualClock()
    let child = orphanedChild(clock: clock)
    let task = child.send(.load)
    let finished = Task { @MainActor in
      await task.finish()
      return (child.state.count, clock.now.offset)
    }
    await child.waitUntilIdle()
    #expect(task.isRunning)
    clock.advance(to: .at(.seconds(1)))
    let (count, at) = await finished.value
    #expect(count == 42)
    #expect(at == .seconds(1))
  }

  /// A concatenation goes on only after the action sent before has been handled: a cancel
  /// after it stops what that action started; a cancel before it does not.
  @Test func aCancelConcatenatedAfterASendStopsWhatThatActionStarted() async {
    enum WorkID: Hashable, Sendable { case work }
    let clock = VirtualClock()
    let reducer = Reduce<[String], String> { log, action in
      log.append(action)
      switch action {
      case "send then cancel": return .concatenate(.send("start"), .cancel(id: WorkID.work))
      case "cancel then send": return .concatenate(.cancel(id: WorkID.work), .send("start"))
      case "start": return .send("worked", after: .seconds(1)).cancellable(id: WorkID.work)
      default: return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock)
    await store.send("send then cancel").finish()
    #expect(store.state == ["send then cancel", "start"])
    #expect(store.effectScheduler.counts.running == 0)
    store.send("cancel then send")
    await store.waitUntilIdle()
    await settle(store, at: .seconds(1), on: clock)
    #expect(store.state == ["send then cancel", "start", "cancel then send", "start", "worked"])
  }

  @Test func anEpicsOutputIsHandledAfterTheBatchThatTriggeredItInOrder() async {
    let epic = Epic<[String], String> { actions, _ in
      actions.filter { $0.hasPrefix("ping") }.map { "pong for \($0)" }
    }
    let reducer = Reduce<[String], String> { log, action in
      log.append(action)
      return action == "ping 1" ? .send("follow-up") : .none
    }
    let store = Store(initialState: [], reducer: reducer, epics: [epic])
    store.send(contentsOf: ["ping 1", "ping 2"])
    #expect(store.state == ["ping 1", "ping 2", "follow-up"])
    await waitUntil(store) { $0.count == 5 }
    #expect(store.state == ["ping 1", "ping 2", "follow-up", "pong for ping 1", "pong for ping 2"])
  }

  /// The same from inside an effect task: a `cancelInFlight` reached after an asynchronous
  /// step replaces the running effect without a moment when none runs under the id.
  @Test func finishEffectsWaitsForAReplacementStartedFromInsideAnEffect() async {
    enum SaveID: Hashable, Sendable { case save }
    for round in 0..<100 {
      let clock = VirtualClock()
      let reducer = Reduce<[Int], Int> { saved, action in
        if action < 0 {
          saved.append(-action)
          return .none
        }
        return .concatenate(
          .run { _ in },
          .send(-action, after: .seconds(1)).cancellable(id: SaveID.save, cancelInFlight: true))
      }
      let store = Store(initialState: [], reducer: reducer, clock: clock)
      store.send(1)
      await store.waitUntilIdle()
      let waiter = Task { @MainActor in
        await store.finishEffects(id: SaveID.save)
        return store.state
      }
      store.send(2)
      await store.waitUntilIdle()
      clock.advance(to: .at(.seconds(1)))
      #expect(await waiter.value == [2], "round \(round)")
    }
  }

  // MARK: Throttle
  // MARK: Throttle
  // MARK: Throttle

  /// The send of the effect waiting in a throttle was cancelled: the gate must not keep
  /// pointing at its dead run, or every later effect of the window is lost.
  @Test(arguments: [true, false])
  func aThrottledEffectAfterTheWaitingOneWasCancelledStillRunsAtTheWindowsEnd(latest: Bool) async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: tapper(clock: clock, latest: latest), clock: clock)
    store.send(.tap(1))
    await settle(store, at: .milliseconds(200), on: clock)
    let waiting = store.send(.tap(2))
    await store.waitUntilIdle()
    await waiting.cancel()
    await settle(store, at: .milliseconds(500), on: clock)
    store.send(.tap(3))
    await settle(store, at: .seconds(1), on: clock)
    await settle(store, at: .seconds(3), on: clock)
    #expect(store.state == [Ran(tap: 1, at: .zero), Ran(tap: 3, at: .seconds(1))])
  }

  /// Same, with the waiting run cancelled through an id around the throttle.
  @Test(arguments: [true, false])
  func aThrottledEffectAfterAnOuterCancelStillRunsAtTheWindowsEnd(latest: Bool) async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: tapper(clock: clock, latest: latest), clock: clock)
    store.send(.tap(1))
    await settle(store, at: .milliseconds(200), on: clock)
    store.send(.tap(2))
    store.send(.stop)
    await settle(store, at: .milliseconds(500), on: clock)
    store.send(.tap(3))
    await settle(store, at: .seconds(1), on: clock)
    await settle(store, at: .seconds(3), on: clock)
    #expect(store.state == [Ran(tap: 1, at: .zero), Ran(tap: 3, at: .seconds(1))])
  }

  @Test func aThrottleCancelledByItsOwnIdRunsTheNextEffectAtOnce() async {
    let clock = VirtualClock()
    let reducer = CombineReducers {
      Reduce<[Ran], Tap> { _, action in
        action == .tap(0) ? .cancel(id: TapID.throttle) : .none
      }
      tapper(clock: clock, latest: true)
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock)
    store.send(.tap(1))
    await settle(store, at: .milliseconds(200), on: clock)
    store.send(.tap(2))
    await settle(store, at: .milliseconds(300), on: clock)
    // The cancel, merged before `.tap(0)`'s throttle, forgets the window: `.tap(0)` runs at once
    // and opens a window of its own.
    store.send(.tap(0))
    await settle(store, at: .milliseconds(400), on: clock)
    store.send(.tap(4))
    await settle(store, at: .milliseconds(1_300) - .nanoseconds(1), on: clock)
    #expect(store.state == [Ran(tap: 1, at: .zero), Ran(tap: 0, at: .milliseconds(300))])
    await settle(store, at: .milliseconds(1_300), on: clock)
    #expect(store.state.map(\.tap) == [1, 0, 4])
    #expect(store.state.last?.at == .milliseconds(1_300))
  }

  /// The clock reached the end of the window, but the waiting run has not reached the main
  /// actor yet when another effect is throttled: it joins the waiting run's window, so still
  /// at most one run per interval, never the newer before the older.
  @Test(arguments: [true, false])
  func anEffectThrottledAfterTheWindowButBeforeTheWaitingRunStartedJoinsItsWindow(latest: Bool) async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: tapper(clock: clock, latest: latest), clock: clock)
    store.send(.tap(1))
    await settle(store, at: .milliseconds(500), on: clock)
    store.send(.tap(2))
    await store.waitUntilIdle()
    // Moved from off the store's actor, so the waiting run is queued there, not fired here.
    clock.advance(to: .at(.seconds(1)), isolation: nil)
    store.send(.tap(3))
    await store.waitUntilIdle()
    await settle(store, at: .seconds(2), on: clock)
    await settle(store, at: .seconds(3), on: clock)
    #expect(store.state == [Ran(tap: 1, at: .zero), Ran(tap: latest ? 3 : 2, at: .seconds(1))])
  }

  /// The send whose waiting effect was replaced by a newer one no longer owns the waiting
  /// run: cancelling it must not cancel the newer effect's run.
  @Test func cancellingASendWhoseThrottledEffectWasReplacedKeepsTheNewerRun() async {
    let clock = VirtualClock()
    let store = Store(initialState: [], reducer: tapper(clock: clock, latest: true), clock: clock)
    store.send(.tap(1))
    await settle(store, at: .milliseconds(200), on: clock)
    let replaced = store.send(.tap(2))
    await settle(store, at: .milliseconds(500), on: clock)
    let newest = store.send(.tap(3))
    await store.waitUntilIdle()
    await replaced.cancel()
    await settle(store, at: .seconds(1), on: clock)
    await newest.finish()
    #expect(store.state == [Ran(tap: 1, at: .zero), Ran(tap: 3, at: .seconds(1))])
  }

  @Test func storeTaskFinishAwaitsAThrottledRunAndTheEffectsOfWhatItSent() async {
    let clock = VirtualClock()
    let reducer = Reduce<[Ran], Tap> { ran, action in
      switch action {
      case .tap(let n):
        return .send(.tapped(n)).throttle(id: TapID.throttle, for: .seconds(1), latest: true)
      case .tapped(let n):
        ran.append(Ran(tap: n, at: clock.now.offset))
        return n == 2 ? .send(.tapped(20), after: .seconds(1)) : .none
      case .stop:
        return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer, clock: clock)
    store.send(.tap(1))
    let task = store.send(.tap(2))
    let finished = Task { @MainActor in
      await task.finish()
      return clock.now.offset
    }
    await settle(store, at: .seconds(1), on: clock)
    #expect(task.isRunning)
    clock.advance(to: .at(.seconds(2)))
    #expect(await finished.value == .seconds(2))
    #expect(store.state.map(\.tap) == [1, 2, 20])
  }
}

/// Holds a token a middleware cancels.
@MainActor
private final class TokenBox: Sendable {
  var token: ObservationToken?
}
