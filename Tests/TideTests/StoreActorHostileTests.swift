import Clocks
import Foundation
import Synchronization
import Testing
import Tide

/// What a server author relies on from ``StoreActor`` when sessions come and go under load:
/// every timeout delivered exactly once (or never, once cancelled), no store kept alive by its
/// own machinery and none freed under a timer, an effect or an observer still using it.

/// Counts, across stores that may be freed meanwhile, each session's expiries and how many
/// sessions were freed.
private final class Ledger: @unchecked Sendable {
  // @unchecked: `expiries` is read and written only under `lock`. An NSLock (a pthread mutex,
  // which ThreadSanitizer sees), not a `Mutex`: thousands of stores record at once here, and
  // TSan reports a contended `Mutex` on Linux as a race (see tsan-suppressions.txt).
  private let lock = NSLock()
  private var expiries: [Int: Int] = [:]
  /// The sessions freed so far.
  let freed = FreedCount()

  func recordExpiry(of session: Int) { lock.withLock { expiries[session, default: 0] += 1 } }
  var expiriesBySession: [Int: Int] { lock.withLock { expiries } }

  /// Waits until `expected` sessions were freed (see ``FreedCount/waitUntil(reaches:)``).
  func waitUntilFreed(_ expected: Int) async -> Bool {
    await freed.waitUntil(reaches: expected)
  }
}

/// Tells the ledger when the store whose reducer holds it is freed.
private final class FreeMarker: Sendable {
  let ledger: Ledger
  init(_ ledger: Ledger) { self.ledger = ledger }
  deinit { ledger.freed.add() }
}

/// Keeps the `send` of an effect after its body returned: the mistake of a leaked send.
private final class LeakedSend: Sendable {
  private let kept = Mutex<Send<Session.Action>?>(nil)
  func keep(_ send: Send<Session.Action>) { kept.withLock { $0 = send } }
  var send: Send<Session.Action>? { kept.withLock { $0 } }
}

/// One server session: items, a timeout restarted on every change, ticks, a search box
/// (debounced) and a scroll position (throttled).
private struct Session: Reducer {
  typealias Peer = StoreActor<Session>

  struct State: Equatable, Sendable {
    var id = 0
    var items = 0
    var isExpired = false
    var ticks = 0
    var searches: [Int] = []
    var scrolls: [Int] = []
    var stamps: [Duration] = []
    var rallies = 0
    var steps: [Int] = []
  }

  enum Action: Sendable {
    case add
    case touch(lifetime: Duration)
    case expire
    case startTicking
    case tickEvery(Duration)
    case stopTicking
    case tick
    case type(Int)
    case search(Int)
    case scroll(Int)
    case scrolled(Int)
    case stamp
    case leak(LeakedSend)
    case load
    case loaded
    case scheduleSteps(Int)
    case step(Int)
    case rally(me: Peer, peer: Peer, remaining: Int)
  }

  private enum Timer: Hashable, Sendable { case expiry, ticks, search, scroll }

  let ledger: Ledger?
  let marker: FreeMarker?

  init(ledger: Ledger? = nil) {
    self.ledger = ledger
    self.marker = ledger.map(FreeMarker.init)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add:
      state.items += 1
      return .none
    case .touch(let lifetime):
      state.items += 1
      return .send(.expire, after: lifetime).cancellable(id: Timer.expiry, cancelInFlight: true)
    case .expire:
      state.isExpired = true
      ledger?.recordExpiry(of: state.id)
      return .none
    case .startTicking:
      return .interval(.tick, every: .seconds(1)).cancellable(id: Timer.ticks)
    case .tickEvery(let period):
      return .interval(.tick, every: period).cancellable(id: Timer.ticks)
    case .stopTicking:
      return .cancel(id: Timer.ticks)
    case .tick:
      state.ticks += 1
      return .none
    case .type(let query):
      return .send(.search(query)).debounce(id: Timer.search, for: .milliseconds(300))
    case .search(let query):
      state.searches.append(query)
      return .none
    case .scroll(let offset):
      return .send(.scrolled(offset)).throttle(id: Timer.scroll, for: .seconds(1), latest: true)
    case .scrolled(let offset):
      state.scrolls.append(offset)
      return .none
    case .stamp:
      state.stamps.append(StoreTime.now)
      return .none
    case .leak(let box):
      return .run { send in box.keep(send) }
    case .load:
      return .run { send in await send(.loaded) }
    case .scheduleSteps(let count):
      return .merge((1...count).map { .send(.step($0), after: .milliseconds($0)) })
    case .step(let step):
      state.steps.append(step)
      return .none
    case .loaded:
      state.items += 1
      return .none
    case .rally(let me, let peer, let remaining):
      state.rallies += 1
      guard remaining > 0 else { return .none }
      return .run { _ in
        await peer.send(.rally(me: peer, peer: me, remaining: remaining - 1)).finish()
      }
    }
  }
}

extension StoreActor where State == Session.State, Action == Session.Action {
  /// An ``IsolatedStore`` made and used inside the store actor's own operation: its home is
  /// this actor, and its effects come back here.
  fileprivate func loadInAChildStore() async -> Int {
    let child = IsolatedStore(initialState: Session.State(), reducer: Session())
    await child.send(.load).finish()
    return child.state.items
  }

  /// The same with a timeout: the child's timer waits in the queue of this actor and `clock`.
  fileprivate func expireAChildStore(on clock: TestClock<Duration>) async -> Bool {
    let child = IsolatedStore(initialState: Session.State(), reducer: Session(), clock: clock)
    let expiry = child.send(.touch(lifetime: .seconds(30)))
    await clock.advance(by: .seconds(29))
    guard !child.state.isExpired else { return false }
    await clock.advance(by: .seconds(1))
    await expiry.finish()
    return child.state.isExpired
  }
}

/// A shard's actor owning a session's ``IsolatedStore``: its timers are fired from outside
/// it when the test moves a virtual clock.
private actor SessionShard {
  private var store: IsolatedStore<Session.State, Session.Action>?

  func open(clock: any Clock<Duration>) {
    store = IsolatedStore(initialState: Session.State(), reducer: Session(), clock: clock)
  }

  func send(_ action: Session.Action) -> StoreTask? { store?.send(action) }
  var steps: [Int] { store?.state.steps ?? [] }
}

/// Expects steps 1 through `count`, each once, in order: timers fired in deadline order.
private func expectSteps(_ seen: [Int], count: Int, round: Int, sourceLocation: SourceLocation = #_sourceLocation) {
  #expect(seen.count == count, sourceLocation: sourceLocation)
  let firstOutOfOrder = zip(seen, 1...).first { $0 != $1 }
  #expect(
    firstOutOfOrder == nil,
    "round \(round): timer \(firstOutOfOrder.map { "\($0.0) fired at place \($0.1)" } ?? "")",
    sourceLocation: sourceLocation)
}

private func session(_ id: Int, ledger: Ledger, clock: any Clock<Duration>) -> StoreActor<Session> {
  StoreActor(initialState: Session.State(id: id), reducer: Session(ledger: ledger), clock: clock)
}

// Serialized: its tests each load the pool (10,000 timeouts, thousands of sessions), and beside
// one another under ThreadSanitizer they starved the light ones past their time limits (two
// rallies of 0.25 s alone took 133 s in a full sanitized run).
@Suite("A store that is its own actor, under a server's load", .serialized)
struct StoreActorHostileTests {
  @Test(.hangLimit)
  func tenThousandTimeoutsFiringAtOnceAreEachDeliveredOnceAndEveryStoreIsFreed() async {
    let ledger = Ledger()
    let clock = TestClock()
    var stores: [StoreActor<Session>] = []
    var expiries: [StoreTask] = []
    for id in 0..<10_000 {
      let store = session(id, ledger: ledger, clock: clock)
      expiries.append(await store.send(.touch(lifetime: .seconds(30))))
      stores.append(store)
    }
    await clock.advance(by: .seconds(29))
    #expect(ledger.expiriesBySession.isEmpty, "no timeout fires before its time")
    await clock.advance(by: .seconds(1))
    for expiry in expiries { await expiry.finish() }
    let delivered = ledger.expiriesBySession
    #expect(delivered.count == 10_000)
    #expect(delivered.values.allSatisfy { $0 == 1 }, "each session's timeout fired exactly once")
    var expired = 0
    for store in stores where await store.state.isExpired { expired += 1 }
    #expect(expired == 10_000)
    stores.removeAll()
    #expect(await ledger.waitUntilFreed(10_000), "10,000 released sessions were not all freed")
  }

  @Test(.hangLimit)
  func sessionsReleasedBeforeTheirTimeoutsFireStayUntilThenAndAreFreedAfter() async {
    let ledger = Ledger()
    let clock = TestClock()
    var expiries: [StoreTask] = []
    for id in 0..<2_000 {
      // Released at once: only the pending timeout keeps the session.
      expiries.append(await session(id, ledger: ledger, clock: clock).send(.touch(lifetime: .seconds(30))))
    }
    #expect(ledger.freed.value == 0, "a session with a pending timeout was freed")
    await clock.advance(by: .seconds(30))
    for expiry in expiries { await expiry.finish() }
    let delivered = ledger.expiriesBySession
    #expect(delivered.count == 2_000)
    #expect(delivered.values.allSatisfy { $0 == 1 })
    #expect(await ledger.waitUntilFreed(2_000), "2,000 sessions were not all freed once their timeouts fired")
  }

  @Test(.hangLimit)
  func sessionsOnAVirtualClockReleasedBeforeTheirTimeoutsFireAreEachDeliveredOnce() async {
    let ledger = Ledger()
    let clock = VirtualClock()
    var expiries: [StoreTask] = []
    for id in 0..<2_000 {
      expiries.append(await session(id, ledger: ledger, clock: clock).send(.touch(lifetime: .seconds(30 + id % 7))))
    }
    #expect(ledger.freed.value == 0, "a session with a pending timeout was freed")
    clock.advance(by: .seconds(36))
    for expiry in expiries { await expiry.finish() }
    let delivered = ledger.expiriesBySession
    #expect(delivered.count == 2_000)
    #expect(delivered.values.allSatisfy { $0 == 1 })
    #expect(await ledger.waitUntilFreed(2_000))
  }

  @Test(.hangLimit, arguments: ["TestClock", "VirtualClock"])
  func timersOfOneStoreDueInOneMoveOfTheClockFireInDeadlineOrder(clockKind: String) async {
    let testClock = TestClock()
    let virtualClock = VirtualClock()
    let clock: any Clock<Duration> = clockKind == "TestClock" ? testClock : virtualClock
    var stores: [StoreActor<Session>] = []
    var tasks: [StoreTask] = []
    for _ in 0..<200 {
      let store = StoreActor(initialState: Session.State(), reducer: Session(), clock: clock)
      tasks.append(await store.send(.scheduleSteps(5)))
      stores.append(store)
    }
    // One move over every deadline: each store's five timers are due at once, and must still
    // reach it in the order of their deadlines, as five sleeping tasks would.
    if clockKind == "TestClock" { await testClock.advance(by: .seconds(5)) } else { virtualClock.advance(by: .seconds(5)) }
    for task in tasks { await task.finish() }
    var outOfOrder = 0
    for store in stores where await store.state.steps != [1, 2, 3, 4, 5] { outOfOrder += 1 }
    #expect(outOfOrder == 0, "\(outOfOrder) of 200 stores got their timers out of deadline order")
  }

  @Test(.hangLimit)
  func aThousandTimersOfOneStoreDueInOneMoveFireInDeadlineOrder() async {
    // Ten stores, so that a hand-over to the store that may overtake the one before it (a task
    // per entry, each hopping to the store from the pool) shows at least once in a run.
    for round in 0..<10 {
      let clock = VirtualClock()
      let store = StoreActor(initialState: Session.State(), reducer: Session(), clock: clock)
      let steps = await store.send(.scheduleSteps(1_000))
      // Every entry handed to the store at once, from this task.
      clock.advance(by: .seconds(1))
      await steps.finish()
      expectSteps(await store.state.steps, count: 1_000, round: round)
    }
  }

  @Test(.hangLimit)
  func aThousandTimersOfAnIsolatedStoreMovedFromOutsideItsActorFireInDeadlineOrder() async {
    for round in 0..<5 {
      let clock = VirtualClock()
      let shard = SessionShard()
      await shard.open(clock: clock)
      let steps = await shard.send(.scheduleSteps(1_000))
      clock.advance(by: .seconds(1))
      await steps?.finish()
      expectSteps(await shard.steps, count: 1_000, round: round)
    }
  }

  @Test(.hangLimit)
  func sessionsReleasedWithTheirTimeoutsCancelledAreFreedWithoutFiring() async {
    let ledger = Ledger()
    let clock = TestClock()
    for id in 0..<2_000 {
      let store = session(id, ledger: ledger, clock: clock)
      await store.send(.touch(lifetime: .seconds(30)))
      await store.cancelEffects()
    }
    #expect(await ledger.waitUntilFreed(2_000), "2,000 sessions whose timeouts were cancelled were not all freed")
    await clock.advance(by: .seconds(60))
    #expect(ledger.expiriesBySession.isEmpty, "a cancelled timeout fired")
  }

  @Test(.hangLimit)
  func aTimeoutRestartedBySendsFromManyTasksFiresOnceAfterTheLastOne() async {
    let ledger = Ledger()
    let clock = TestClock()
    let store = session(7, ledger: ledger, clock: clock)
    let expiries = await withTaskGroup(of: [StoreTask].self) { group in
      for _ in 0..<8 {
        group.addTask {
          var tasks: [StoreTask] = []
          for _ in 0..<250 { tasks.append(await store.send(.touch(lifetime: .seconds(30)))) }
          return tasks
        }
      }
      return await group.reduce(into: []) { $0 += $1 }
    }
    #expect(await store.state.items == 2_000)
    await clock.advance(by: .seconds(29))
    #expect(ledger.expiriesBySession.isEmpty, "a timeout cancelled in flight fired")
    await clock.advance(by: .seconds(1))
    for expiry in expiries { await expiry.finish() }
    #expect(ledger.expiriesBySession == [7: 1], "the one timeout left fired once")
  }

  @Test(.hangLimit)
  func cancellingEffectsFromAnotherTaskWhileTimeoutsFireOnARealClockDeliversEachAtMostOnce() async {
    let ledger = Ledger()
    var stores: [StoreActor<Session>] = []
    var expiries: [StoreTask] = []
    for id in 0..<200 {
      let store = session(id, ledger: ledger, clock: ContinuousClock())
      expiries.append(await store.send(.touch(lifetime: .milliseconds(id % 5))))
      stores.append(store)
    }
    // Racing the firing: half the sessions cancelled from other tasks while their timeouts come.
    await withTaskGroup(of: Void.self) { group in
      for (index, store) in stores.enumerated() where index.isMultiple(of: 2) {
        group.addTask { await store.cancelEffects() }
      }
    }
    for expiry in expiries { await expiry.finish() }
    for (index, store) in stores.enumerated() {
      let expired = await store.state.isExpired
      let count = ledger.expiriesBySession[index] ?? 0
      #expect(count == (expired ? 1 : 0), "session \(index): expired \(expired), delivered \(count) times")
      if !index.isMultiple(of: 2) { #expect(expired, "session \(index) was not cancelled and did not expire") }
    }
    stores.removeAll()
    #expect(await ledger.waitUntilFreed(200))
  }

  @Test(.hangLimit)
  func debounceThrottleAndIntervalRunOnTheStoresClock() async {
    let clock = VirtualClock()
    let store = StoreActor(initialState: Session.State(), reducer: Session(), clock: clock)
    // Debounce: only the last of a burst, 300 ms after it.
    var typing: [StoreTask] = []
    for query in 1...3 {
      typing.append(await store.send(.type(query)))
      clock.advance(by: .milliseconds(100))
    }
    clock.advance(by: .milliseconds(200))
    for task in typing { await task.finish() }
    #expect(await store.state.searches == [3])

    // Throttle, latest: the first at once, then the latest of the interval at its end.
    var scrolling: [StoreTask] = []
    for offset in 1...4 { scrolling.append(await store.send(.scroll(offset))) }
    clock.advance(by: .seconds(1))
    for task in scrolling { await task.finish() }
    #expect(await store.state.scrolls == [1, 4])

    // Interval: a tick a second until cancelled.
    let ticks = await store.values { $0.ticks }
    var counts = ticks.makeAsyncIterator()
    #expect(await counts.next() == 0)
    let ticking = await store.send(.startTicking)
    for second in 1...3 {
      clock.advance(by: .seconds(1))
      #expect(await counts.next() == second)
    }
    await store.send(.stopTicking)
    await ticking.finish()
    clock.advance(by: .seconds(5))
    #expect(await store.state.ticks == 3)
  }

  @Test func storeTimeInTheReducerIsTheStoresClockSinceItsCreation() async {
    let clock = VirtualClock()
    clock.advance(by: .seconds(100))
    let store = StoreActor(initialState: Session.State(), reducer: Session(), clock: clock)
    await store.send(.stamp)
    clock.advance(by: .seconds(3))
    await store.send(.stamp)
    clock.advance(by: .milliseconds(250))
    await store.send(.stamp)
    #expect(await store.state.stamps == [.zero, .seconds(3), .milliseconds(3_250)])
  }

  @Test func storeTimeOfManyStoresRunningAtOnceIsEachOnesOwn() async {
    let clock = VirtualClock()
    var stores: [(store: StoreActor<Session>, createdAt: Duration)] = []
    for index in 0..<50 {
      stores.append((StoreActor(initialState: Session.State(), reducer: Session(), clock: clock), .seconds(index)))
      clock.advance(by: .seconds(1))
    }
    // Every store stamps 20 times from a task of its own, all at once on the pool's threads.
    await withTaskGroup(of: Void.self) { group in
      for (store, _) in stores {
        group.addTask { for _ in 0..<20 { await store.send(.stamp) } }
      }
    }
    for (index, (store, createdAt)) in stores.enumerated() {
      let expected = Duration.seconds(50) - createdAt
      #expect(await store.state.stamps == Array(repeating: expected, count: 20), "store \(index)")
    }
  }

  @Test func aMiddlewaresDelayHandsTheActionOnAfterItOnTheStoresClock() async {
    let clock = VirtualClock()
    let delay = Middleware<Session.State, Session.Action>.onAnyActor(before: { action, _ in
      if case .add = action { return .delay(.loaded, by: .seconds(5)) }
      return .proceed(action)
    })
    let store = StoreActor(initialState: Session.State(), reducer: Session(), clock: clock, middleware: [delay])
    let added = await store.send(.add)
    clock.advance(by: .seconds(4))
    #expect(await store.state.items == 0)
    #expect(added.isRunning, "the delayed action is an effect of its send")
    clock.advance(by: .seconds(1))
    await added.finish()
    #expect(await store.state.items == 1)
  }

  @Test func aSendLeakedFromARunBodyIsReportedAndDropped() async {
    let clock = VirtualClock()
    let store = StoreActor(initialState: Session.State(), reducer: Session(), clock: clock)
    let leaked = LeakedSend()
    await store.send(.leak(leaked)).finish()
    await withKnownIssue("a send after the effect's body returned is reported") {
      await leaked.send?(.add)
    }
    #expect(await store.state.items == 0)

    // Again while another effect of the store runs (a timeout pending holds the store).
    let expiry = await store.send(.touch(lifetime: .seconds(10)))
    await withKnownIssue("reported while the store's other effects run") {
      await leaked.send?(.add)
    }
    #expect(await store.state.items == 1, "only the touch's item")
    clock.advance(by: .seconds(10))
    await expiry.finish()
    #expect(await store.state.isExpired)
  }

  @Test func aSendLeakedFromAFreedStoreIsReportedAndTheStoreIsNotKept() async {
    let ledger = Ledger()
    let leaked = LeakedSend()
    do {
      let store = session(1, ledger: ledger, clock: VirtualClock())
      await store.send(.leak(leaked)).finish()
    }
    #expect(await ledger.waitUntilFreed(1), "the leaked send kept its store")
    await withKnownIssue("a send after the effect's body returned is reported") {
      await leaked.send?(.add)
    }
  }

  @Test func anIsolatedStoreMadeInsideAStoreActorRunsItsEffectsThere() async {
    let store = StoreActor(initialState: Session.State(), reducer: Session())
    #expect(await store.loadInAChildStore() == 1)
    #expect(await store.loadInAChildStore() == 1)
  }

  @Test func anIsolatedStoreMadeInsideAStoreActorFiresItsTimeoutThere() async {
    let store = StoreActor(initialState: Session.State(), reducer: Session())
    #expect(await store.expireAChildStore(on: TestClock()))
    #expect(await store.expireAChildStore(on: TestClock()))
  }

  @Test(.hangLimit)
  func sessionsTickingOnARealClockReleasedAndCancelledFromOtherTasksStopAndAreFreed() async {
    let ledger = Ledger()
    var tickings: [StoreTask] = []
    do {
      var stores: [StoreActor<Session>] = []
      for id in 0..<20 {
        let store = session(id, ledger: ledger, clock: ContinuousClock())
        tickings.append(await store.send(.tickEvery(.milliseconds(2 + id % 3))))
        stores.append(store)
      }
      // Each has ticked three times (its values say so), then half are cancelled from other
      // tasks while their ticks come, and all are released.
      for store in stores {
        for await ticks in await store.values(\.ticks) where ticks >= 3 { break }
      }
      await withTaskGroup(of: Void.self) { group in
        for (index, store) in stores.enumerated() where index.isMultiple(of: 2) {
          group.addTask { await store.cancelEffects() }
        }
      }
    }
    for (index, ticking) in tickings.enumerated() where index.isMultiple(of: 2) { await ticking.finish() }
    #expect(ledger.freed.value <= 10, "a store still ticking was freed")
    #expect(await ledger.waitUntilFreed(10), "the cancelled sessions were kept")
    // The others tick on, held by their timers, until their tasks are cancelled.
    for (index, ticking) in tickings.enumerated() where !index.isMultiple(of: 2) {
      #expect(ticking.isRunning)
      await ticking.cancel()
    }
    #expect(await ledger.waitUntilFreed(20), "sessions whose ticks were cancelled through their tasks were kept")
  }

  @Test(.hangLimit)
  func twoStoreActorsSendingToEachOtherFromEffectsFinish() async {
    let a = StoreActor(initialState: Session.State(), reducer: Session())
    let b = StoreActor(initialState: Session.State(), reducer: Session())
    await a.send(.rally(me: a, peer: b, remaining: 200)).finish()
    #expect(await a.state.rallies == 101)
    #expect(await b.state.rallies == 100)
  }

  @Test(.hangLimit)
  func storeActorsThatRalliedAreFreedOnceReleased() async {
    let ledger = Ledger()
    do {
      let a = session(1, ledger: ledger, clock: ContinuousClock())
      let b = session(2, ledger: ledger, clock: ContinuousClock())
      await a.send(.rally(me: a, peer: b, remaining: 50)).finish()
      await b.send(.rally(me: b, peer: a, remaining: 50)).finish()
    }
    #expect(await ledger.waitUntilFreed(2), "two store actors that sent to each other kept each other")
  }

  @Test(.hangLimit)
  func manyValueConsumersCancelledMidStreamAndTheRestEndWhenTheStoreIsFreed() async {
    let ledger = Ledger()
    var consumers: [Task<[Int], Never>] = []
    do {
      let store = session(1, ledger: ledger, clock: ContinuousClock())
      for index in 0..<100 {
        let values = await store.values { $0.items }
        consumers.append(Task {
          var seen: [Int] = []
          for await items in values {
            seen.append(items)
            // Every third consumer stops after its third value.
            if index.isMultiple(of: 3), seen.count == 3 { break }
          }
          return seen
        })
      }
      for _ in 0..<20 { await store.send(.add) }
      for (index, consumer) in consumers.enumerated() where index.isMultiple(of: 5) { consumer.cancel() }
      for _ in 0..<20 { await store.send(.add) }
    }
    // The store is released: the consumers still reading end, on the latest value.
    for (index, consumer) in consumers.enumerated() {
      let seen = await consumer.value
      // A slow consumer skips intermediate values, never goes back nor sees one twice.
      #expect(!seen.isEmpty && seen == seen.sorted() && Set(seen).count == seen.count, "consumer \(index) saw \(seen)")
      if !index.isMultiple(of: 3), !index.isMultiple(of: 5) {
        #expect(seen.last == 40, "consumer \(index) ends on the latest value")
      }
    }
    #expect(await ledger.waitUntilFreed(1), "a store with consumers reading its values was kept")
  }
}
