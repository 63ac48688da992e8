import Testing
import Tide
import TideTestSupport

typealias Stamp = MultiPeriod.Stamp

/// What a test does to a feature and what the feature must then have logged: its actions, one
/// move of the clock over several of its periods, and every firing of that move in deadline
/// order, each at its exact instant.
enum MultiPeriodScenario: String, CaseIterable, Sendable {
  case ifLetInterval, forEachTimers, debounce, throttle

  /// Runs the scenario through `run`, given its feature's type and what it sends and expects.
  func run(_ run: some MultiPeriodRunner) async -> MultiPeriodOutcome {
    switch self {
    case .ifLetInterval:
      await run(
        MultiPeriod.IfLetParent.self, sending: [.show, .child(.onAppear)], advancingBy: .seconds(2),
        expecting: MultiPeriod.stamps("tick", 1_000, 2_000))
    case .forEachTimers:
      await run(
        MultiPeriod.Board.self,
        sending: [
          .row(id: 0, action: .start(after: .seconds(1), every: .seconds(1))),
          .row(id: 1, action: .start(after: .milliseconds(500), every: .seconds(1))),
        ],
        advancingBy: .seconds(3), expecting: MultiPeriod.boardFirstThreeSeconds)
    case .debounce:
      await run(
        MultiPeriod.Typing.self, sending: [.startTyping], advancingBy: .seconds(1),
        expecting: MultiPeriod.typingFirstSecond)
    case .throttle:
      await run(
        MultiPeriod.Autosave.self, sending: [.startEditing], advancingBy: .seconds(1),
        expecting: MultiPeriod.autosaveFirstSecond)
    }
  }
}

/// A store shape's way of running a ``MultiPeriodScenario``.
protocol MultiPeriodRunner {
  func callAsFunction<R: MultiPeriod.Logging>(
    _ feature: R.Type, sending actions: [R.Action], advancingBy duration: Duration, expecting expected: [Stamp]
  ) async -> MultiPeriodOutcome
}

/// The log and what it was after the move returned, before any wait.
struct MultiPeriodOutcome: Sendable {
  var atReturn: [Stamp]
  var settled: [Stamp]
  var expected: [Stamp]
}

// MARK: - Store

@MainActor
private struct OnStore: MultiPeriodRunner {
  let moved: HandMoved

  func callAsFunction<R: MultiPeriod.Logging>(
    _ feature: R.Type, sending actions: [R.Action], advancingBy duration: Duration, expecting expected: [Stamp]
  ) async -> MultiPeriodOutcome {
    let store = Store(initialState: R.initialState, reducer: R(), clock: moved.clock)
    for action in actions { store.send(action) }
    await moved.advance(by: duration)
    let atReturn = R.log(of: store.state)
    await store.waitUntilIdle()
    defer { store.cancelEffects() }
    return MultiPeriodOutcome(atReturn: atReturn, settled: R.log(of: store.state), expected: expected)
  }
}

// MARK: - IsolatedStore

/// The log an observer of an ``IsolatedStore`` saw, and the waits for it to grow; confined to
/// the owner's actor.
private final class LogWatch {
  var log: [Stamp] = []
  var waiters: [(count: Int, continuation: CheckedContinuation<[Stamp], Never>)] = []

  func update(_ log: [Stamp]) {
    self.log = log
    let ready = waiters.filter { $0.count <= log.count }
    waiters.removeAll { $0.count <= log.count }
    for waiter in ready { waiter.continuation.resume(returning: log) }
  }
}

/// An actor that owns an ``IsolatedStore`` of a logging feature.
private actor IsolatedOwner<R: MultiPeriod.Logging> {
  private var store: IsolatedStore<R.State, R.Action>?
  private var token: IsolatedObservationToken?
  private let watch = LogWatch()

  func open(clock: any Clock<Duration>) {
    let store = IsolatedStore(initialState: R.initialState, reducer: R(), clock: clock)
    let watch = self.watch
    token = store.observe({ R.log(of: $0) }) { watch.update($0) }
    self.store = store
  }

  func send(_ actions: [R.Action]) {
    for action in actions { store?.send(action) }
  }

  /// Moves the clock from this actor, the store's; returns the log right after.
  func advance(_ moved: HandMoved, by duration: Duration) async -> [Stamp] {
    await moved.advance(by: duration)
    return watch.log
  }

  /// Returns the log once it has `count` stamps.
  func log(count: Int) async -> [Stamp] {
    if watch.log.count >= count { return watch.log }
    return await withCheckedContinuation { watch.waiters.append((count, $0)) }
  }

  func close() {
    store?.cancelEffects()
    token = nil
    store = nil
  }
}

private struct OnIsolatedStore: MultiPeriodRunner {
  let moved: HandMoved
  /// Whether the clock is moved from the store's actor, or from the test's task.
  let movedFromTheStoresActor: Bool

  func callAsFunction<R: MultiPeriod.Logging>(
    _ feature: R.Type, sending actions: [R.Action], advancingBy duration: Duration, expecting expected: [Stamp]
  ) async -> MultiPeriodOutcome {
    let owner = IsolatedOwner<R>()
    await owner.open(clock: moved.clock)
    await owner.send(actions)
    let atReturn: [Stamp]
    if movedFromTheStoresActor {
      atReturn = await owner.advance(moved, by: duration)
    } else {
      await moved.advance(by: duration)
      atReturn = []
    }
    let settled = await owner.log(count: expected.count)
    await owner.close()
    return MultiPeriodOutcome(atReturn: atReturn, settled: settled, expected: expected)
  }
}

// MARK: - StoreActor

private struct OnStoreActor: MultiPeriodRunner {
  let moved: HandMoved

  func callAsFunction<R: MultiPeriod.Logging>(
    _ feature: R.Type, sending actions: [R.Action], advancingBy duration: Duration, expecting expected: [Stamp]
  ) async -> MultiPeriodOutcome {
    let store = StoreActor(initialState: R.initialState, reducer: R(), clock: moved.clock)
    let logs = await store.values { R.log(of: $0) }
    for action in actions { await store.send(action) }
    await moved.advance(by: duration)
    var settled: [Stamp] = []
    for await log in logs {
      settled = log
      if log.count >= expected.count { break }
    }
    await store.cancelEffects()
    return MultiPeriodOutcome(atReturn: [], settled: settled, expected: expected)
  }
}

/// Issue 44 for every store shape: one move of a hand-moved clock over several periods delivers
/// every firing due in it, in deadline order, each at its exact instant (``StoreTime/now``),
/// however busy the machine — never a tick skipped or two at one instant. A `VirtualClock`
/// moved from the store's own actor delivers them before `advance` returns.
@Suite("Multi-period advances, every store shape")
struct MultiPeriodStoreShapeTests {
  /// Checks that every firing came, and — for a `VirtualClock` moved from the store's actor,
  /// `movedFromTheStoresActor` — that they had all come when `advance` returned.
  private func check(
    _ outcome: MultiPeriodOutcome, _ kind: HandMovedClock, movedFromTheStoresActor: Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(outcome.settled == outcome.expected, sourceLocation: sourceLocation)
    if kind == .virtualClock, movedFromTheStoresActor {
      #expect(outcome.atReturn == outcome.expected, "delivered before advance returned", sourceLocation: sourceLocation)
    }
  }

  @Test(.hangLimit, arguments: MultiPeriodScenario.allCases, HandMovedClock.allCases)
  @MainActor
  func store(_ scenario: MultiPeriodScenario, _ kind: HandMovedClock) async {
    check(await scenario.run(OnStore(moved: kind.make())), kind, movedFromTheStoresActor: true)
  }

  @Test(.hangLimit, arguments: MultiPeriodScenario.allCases, HandMovedClock.allCases)
  func isolatedStoreMovedFromItsActor(_ scenario: MultiPeriodScenario, _ kind: HandMovedClock) async {
    let outcome = await scenario.run(OnIsolatedStore(moved: kind.make(), movedFromTheStoresActor: true))
    check(outcome, kind, movedFromTheStoresActor: true)
  }

  @Test(.hangLimit, arguments: MultiPeriodScenario.allCases, HandMovedClock.allCases)
  func isolatedStoreMovedFromElsewhere(_ scenario: MultiPeriodScenario, _ kind: HandMovedClock) async {
    let outcome = await scenario.run(OnIsolatedStore(moved: kind.make(), movedFromTheStoresActor: false))
    check(outcome, kind, movedFromTheStoresActor: false)
  }

  @Test(.hangLimit, arguments: MultiPeriodScenario.allCases, HandMovedClock.allCases)
  func storeActor(_ scenario: MultiPeriodScenario, _ kind: HandMovedClock) async {
    check(await scenario.run(OnStoreActor(moved: kind.make())), kind, movedFromTheStoresActor: false)
  }
}
