import Clocks
import Synchronization
import Testing
import Tide

/// A cart kept by a store that is its own actor: the per-session state machine of a server.
private struct ActorCart: Reducer {
  struct State: Equatable, Sendable {
    var items: [String: Int] = [:]
    var total = 0
    var isExpired = false
    var ticks = 0
    var log: [String] = []
  }

  enum Action: Equatable, Sendable {
    case add(String, price: Int)
    case addAndExpire(String, after: Duration)
    case load(String)
    case loaded(String)
    case tick(Int)
    case startTicking
    case stopTicking
    case expire
    case checkOut
  }

  private enum Timer: Hashable, Sendable { case expiry, ticks }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.log.append("\(action)")
    switch action {
    case .add(let item, let price):
      state.items[item, default: 0] += 1
      state.total += price
      return .none
    case .addAndExpire(let item, let lifetime):
      state.items[item, default: 0] += 1
      return .send(.expire, after: lifetime).cancellable(id: Timer.expiry, cancelInFlight: true)
    case .load(let item):
      return .run { send in await send(.loaded(item)) }
    case .loaded(let item):
      state.items[item, default: 0] += 1
      return .send(.add(item, price: 0))
    case .tick:
      state.ticks += 1
      return .none
    case .startTicking:
      return .timer(after: .seconds(1), every: .seconds(1)) { _ in .tick(0) }.cancellable(id: Timer.ticks)
    case .stopTicking:
      return .cancel(id: Timer.ticks)
    case .expire:
      state.isExpired = true
      state.items = [:]
      return .none
    case .checkOut:
      return .cancel(id: Timer.expiry)
    }
  }
}

extension StoreActor where R == ActorCart {
  /// An operation a server adds to its store: runs on the store, where `send` is synchronous,
  /// and answers with the state the action left, in one hop.
  fileprivate func add(_ item: String, price: Int) -> Int {
    send(.add(item, price: price))
    return state.total
  }
}

/// Tells `freed` when the store whose reducer holds it is freed.
private final class FreeMarker: Sendable {
  let freed: FreedCount
  init(_ freed: FreedCount) { self.freed = freed }
  deinit { freed.add() }
}

private struct Marked: Reducer {
  let marker: FreeMarker
  func reduce(into state: inout ActorCart.State, action: ActorCart.Action) -> Effect<ActorCart.Action> {
    ActorCart().reduce(into: &state, action: action)
  }
}

@Suite("A store that is its own actor")
struct StoreActorTests {
  @Test func reducesEachSendInOrderAndAnswersWithTheNewState() async {
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart())
    await cart.send(.add("apple", price: 3))
    #expect(await cart.add("pear", price: 4) == 7)
    await cart.send(contentsOf: [.add("fig", price: 1), .add("fig", price: 1)])
    #expect(await cart.state.items == ["apple": 1, "pear": 1, "fig": 2])
  }

  @Test func sendsFromManyTasksAreEachReducedOnce() async {
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart())
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for index in 0..<500 { await cart.send(.add("item\(task)", price: index % 3)) }
        }
      }
    }
    let state = await cart.state
    #expect(state.items.values.reduce(0, +) == 4_000)
    #expect(state.total == 8 * (0..<500).reduce(0) { $0 + $1 % 3 })
  }

  @Test func anEffectsActionsComeBackToTheStore() async {
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart())
    await cart.send(.load("melon")).finish()
    let state = await cart.state
    #expect(state.items == ["melon": 2])
    #expect(state.log == ["load(\"melon\")", "loaded(\"melon\")", "add(\"melon\", price: 0)"])
  }

  @Test func aTimeoutFiresOnItsClockAndIsCancelledInFlightByTheNextChange() async {
    let clock = TestClock()
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart(), clock: clock)
    await cart.send(.addAndExpire("apple", after: .seconds(30)))
    await clock.advance(by: .seconds(20))
    await cart.send(.addAndExpire("apple", after: .seconds(30)))
    await clock.advance(by: .seconds(20))
    #expect(await cart.state.isExpired == false, "the first expiry was cancelled in flight")
    let expiry = await cart.send(.addAndExpire("pear", after: .seconds(30)))
    await clock.advance(by: .seconds(30))
    await expiry.finish()
    #expect(await cart.state.isExpired)
  }

  @Test(.hangLimit)
  func aTimerTicksOnAVirtualClockUntilCancelled() async {
    let clock = VirtualClock()
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart(), clock: clock)
    let ticks = await cart.values { $0.ticks }
    let ticking = await cart.send(.startTicking)
    // Each tick is handed to the store as a job of its own: the clock moves on once it is
    // reduced (a timer that finds itself late skips the ticks it missed, as on a real clock).
    var counts = ticks.makeAsyncIterator()
    #expect(await counts.next() == 0)
    for second in 1...3 {
      clock.advance(by: .seconds(1))
      #expect(await counts.next() == second)
    }
    await cart.send(.stopTicking)
    await ticking.finish()
    clock.advance(by: .seconds(3))
    #expect(await cart.state.ticks == 3, "no tick after the timer was cancelled")
  }

  @Test func valuesSeeEachDrainedBatchAndEndWhenTheConsumerStops() async {
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart())
    let totals = await cart.values { $0.total }
    var iterator = totals.makeAsyncIterator()
    #expect(await iterator.next() == 0)
    await cart.send(.add("apple", price: 3))
    #expect(await iterator.next() == 3)
    await cart.send(contentsOf: [.add("fig", price: 1), .add("fig", price: 1)])
    #expect(await iterator.next() == 5, "one value for the batch")
    await cart.send(.add("free", price: 0))
    await cart.send(.add("pear", price: 2))
    #expect(await iterator.next() == 7, "an unchanged total is skipped")
  }

  @Test func valuesEndWhenTheStoreIsFreed() async {
    var cart: StoreActor? = StoreActor(initialState: ActorCart.State(), reducer: ActorCart())
    let totals = await cart?.values { $0.total }
    cart = nil
    var seen: [Int] = []
    if let totals { for await total in totals { seen.append(total) } }
    #expect(seen == [0])
  }

  @Test func cancellingEffectsStopsATimerAndKeepsTheStoreUsable() async {
    let clock = VirtualClock()
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart(), clock: clock)
    await cart.send(.addAndExpire("apple", after: .seconds(30)))
    await cart.cancelEffects()
    clock.advance(by: .seconds(60))
    #expect(await cart.state.isExpired == false)
    #expect(await cart.add("pear", price: 2) == 2)
  }

  @Test func middlewareRunsAroundTheReducerOnTheStore() async {
    let seen = Mutex<[String]>([])
    let middleware = Middleware<ActorCart.State, ActorCart.Action>.onAnyActor { action, state in
      seen.withLock { $0.append("\(action) → \(state.total)") }
      return .none
    }
    let cart = StoreActor(initialState: ActorCart.State(), reducer: ActorCart(), middleware: [middleware])
    await cart.send(.add("apple", price: 3))
    #expect(seen.withLock { $0 } == ["add(\"apple\", price: 3) → 3"])
  }

  @Test func isFreedWhenReleasedAndNothingOfItRuns() async {
    let freed = FreedCount()
    for _ in 0..<100 {
      let cart = StoreActor(initialState: ActorCart.State(), reducer: Marked(marker: FreeMarker(freed)))
      await cart.send(.add("apple", price: 1))
      await cart.send(.load("pear")).finish()
    }
    #expect(await freed.waitUntil(reaches: 100), "100 released store actors were not all freed")
  }

  @Test func aPendingTimerKeepsItUntilItFires() async {
    let freed = FreedCount()
    let clock = VirtualClock()
    var cart: StoreActor? = StoreActor(
      initialState: ActorCart.State(), reducer: Marked(marker: FreeMarker(freed)), clock: clock)
    let expiry = await cart?.send(.addAndExpire("apple", after: .seconds(30)))
    cart = nil
    #expect(freed.value == 0, "freed while its expiry was pending")
    clock.advance(by: .seconds(30))
    await expiry?.finish()
    #expect(await freed.waitUntil(reaches: 1), "the store was not freed after its expiry fired")
  }

  /// `StoreTime.now` in a store actor's reducer is the time on the store's own clock since the
  /// store was made — the store hands its drain its own address, and the clock is found there.
  @Test func aReducerReadsTheTimeSinceTheStoreWasMadeOnItsClock() async {
    struct Stamps: Reducer {
      func reduce(into state: inout [Duration], action: Void) -> Effect<Void> {
        state.append(StoreTime.now)
        return .none
      }
    }
    let clock = VirtualClock()
    clock.advance(by: .seconds(7))
    let store = StoreActor(initialState: [Duration](), reducer: Stamps())
    let stamped = StoreActor(initialState: [Duration](), reducer: Stamps(), clock: clock)
    clock.advance(by: .seconds(5))
    await stamped.send(())
    clock.advance(by: .milliseconds(250))
    await stamped.send(())
    #expect(await stamped.state == [.seconds(5), .milliseconds(5_250)])
    await store.send(())
    #expect(await store.state.count == 1)
  }
}
