import Clocks
import Testing
import Tide
import TideTestSupport

private struct Boom: Error, Equatable {}

/// A counter of effect iterations that lives outside any store.
private actor Tally {
  private(set) var value = 0
  func increment() { value += 1 }
}

private enum Work: Equatable, Sendable {
  case load
  case loaded(String)
  case fail
  case failCaught
  case failed(String)
  case crash
  case listen
  case listenNumbers
  case number(Int)
  case chain(Int)
  case fanOut(Int)
  case add(Int)
  case concatenated
  case merged
  case delayed
  case log(String)
}

private struct Worker: Reducer {
  struct State: Equatable, Sendable {
    var loaded: [String] = []
    var errors: [String] = []
    var numbers: [Int] = []
    var chain: [Int] = []
    var sum = 0
    var adds = 0
    var log: [String] = []
  }

  var strings: AsyncStream<Work>? = nil
  var ints: AsyncStream<Int>? = nil

  func reduce(into state: inout State, action: Work) -> Effect<Work> {
    switch action {
    case .load:
      return .run { send in
        await Task.yield()
        await send(.loaded("first"))
        await send(.loaded("second"))
      }
    case .loaded(let value):
      state.loaded.append(value)
    case .fail:
      return .run { _ in throw Boom() }
    case .failCaught:
      return .run { _ in throw Boom() } catch: { error, send in
        await send(.failed("\(error)"))
      }
    case .failed(let message):
      state.errors.append(message)
    case .crash:
      return .run { _ in throw Boom() }
    case .listen:
      return strings.map { .run($0) } ?? .none
    case .listenNumbers:
      return ints.map { .run($0, transform: { Work.number($0 * 10) }) } ?? .none
    case .number(let value):
      state.numbers.append(value)
    case .chain(let step):
      state.chain.append(step)
      guard step < 5 else { return .none }
      return .run { send in
        for _ in 0..<10 { await Task.yield() }
        await send(.chain(step + 1))
      }
    case .fanOut(let count):
      return .merge((1...count).map { value in .run { send in await send(.add(value)) } })
    case .add(let value):
      state.sum += value
      state.adds += 1
    case .concatenated:
      return .concatenate(
        .send(.log("c1"), after: .seconds(2)),
        .run { send in await send(.log("c2")) },
        .send(.log("c3")))
    case .merged:
      return .merge(
        .send(.log("m1"), after: .seconds(2)),
        .run { send in await send(.log("m2")) })
    case .delayed:
      return .send(.log("late"), after: .seconds(3))
    case .log(let entry):
      state.log.append(entry)
    }
    return .none
  }
}

@MainActor
@Suite("Effects")
struct EffectTests {
  @Test func runSendsActionsBackInOrder() async {
    let store = Store(initialState: Worker.State(), reducer: Worker())
    await store.send(.load).finish()
    #expect(store.state.loaded == ["first", "second"])
  }

  @Test func runErrorWithCatchBecomesAnAction() async {
    let store = Store(initialState: Worker.State(), reducer: Worker())
    await store.send(.failCaught).finish()
    #expect(store.state.errors == ["Boom()"])
  }

  @Test func runErrorWithoutCatchIsReportedAndTheStoreKeepsWorking() async {
    let store = Store(initialState: Worker.State(), reducer: Worker())
    await withKnownIssue {
      await store.send(.crash).finish()
    } matching: { issue in
      issue.error is Boom
    }
    await store.send(.load).finish()
    #expect(store.state.loaded == ["first", "second"])
    await store.send(.failCaught).finish()
    #expect(store.state.errors.count == 1)
  }

  @Test func runSequenceSendsEveryElement() async {
    let (stream, input) = AsyncStream.makeStream(of: Work.self)
    let store = Store(initialState: Worker.State(), reducer: Worker(strings: stream))
    input.yield(.loaded("x"))
    input.yield(.number(1))
    input.yield(.loaded("y"))
    input.finish()
    await store.send(.listen).finish()
    #expect(store.state.loaded == ["x", "y"])
    #expect(store.state.numbers == [1])
  }

  @Test func runSequenceWithTransformMapsEveryElement() async {
    let (stream, input) = AsyncStream.makeStream(of: Int.self)
    let store = Store(initialState: Worker.State(), reducer: Worker(ints: stream))
    let task = store.send(.listenNumbers)
    for value in 1...3 { input.yield(value) }
    input.finish()
    await task.finish()
    #expect(store.state.numbers == [10, 20, 30])
  }

  @Test func storeTaskFinishAwaitsTheEffectsAnActionStartedTransitively() async {
    let store = Store(initialState: Worker.State(), reducer: Worker())
    await store.send(.chain(1)).finish()
    #expect(store.state.chain == [1, 2, 3, 4, 5])
  }

  @Test func storeTaskCancelCancelsTheEffectsAnActionStarted() async {
    let clock = VirtualClock()
    let store = Store(initialState: Worker.State(), reducer: Worker(), clock: clock)
    let task = store.send(.delayed)
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 1)

    await task.cancel()
    #expect(clock.sleeperCount == 0)
    #expect(store.effectScheduler.counts.running == 0)
    clock.advance(by: .seconds(10))
    await store.waitUntilIdle()
    #expect(store.state.log.isEmpty)
  }

  @Test func sendAfterADelayFiresAtThatTimeOnTheStoresClock() async {
    let clock = VirtualClock()
    let store = Store(initialState: Worker.State(), reducer: Worker(), clock: clock)
    store.send(.delayed)
    await store.waitUntilIdle()
    clock.advance(to: .at(.seconds(3) - .nanoseconds(1)))
    await store.waitUntilIdle()
    #expect(store.state.log.isEmpty)
    clock.advance(by: .nanoseconds(1))
    await store.waitUntilIdle()
    #expect(store.state.log == ["late"])
  }

  @Test func concatenateRunsOneAfterTheOtherAndMergeAtTheSameTime() async {
    let clock = VirtualClock()
    let store = Store(initialState: Worker.State(), reducer: Worker(), clock: clock)
    store.send(.concatenated)
    store.send(.merged)
    await store.waitUntilIdle()
    // Only the merged `.run` ran; the concatenated `.run` waits for the delayed send before it.
    #expect(store.state.log == ["m2"])
    clock.advance(by: .seconds(2) - .nanoseconds(1))
    await store.waitUntilIdle()
    #expect(store.state.log == ["m2"])
    clock.advance(by: .nanoseconds(1))
    await store.waitUntilIdle()
    #expect(store.state.log.filter { $0.hasPrefix("c") } == ["c1", "c2", "c3"])
    #expect(store.state.log.filter { $0.hasPrefix("m") } == ["m2", "m1"])
  }

  @Test func synchronousEffectsAreHandledInTheSameCallInOrder() {
    let reducer = Reduce<[String], String> { log, action in
      log.append(action)
      switch action {
      case "go": return .concatenate(.send("one"), .merge(.send("two"), .send("three")), .none)
      default: return .none
      }
    }
    let store = Store(initialState: [], reducer: reducer)
    store.send("go")
    #expect(store.state == ["go", "one", "two", "three"])
  }

  @Test func thousandConcurrentEffectsDeliverEveryAction() async {
    let store = Store(initialState: Worker.State(), reducer: Worker())
    await store.send(.fanOut(1_000)).finish()
    #expect(store.state.adds == 1_000)
    #expect(store.state.sum == 500_500)
  }

  @Test func mapLiftsChildEffectsThroughScope() async {
    enum AppAction: Equatable, Sendable { case worker(Work) }
    struct AppState: Equatable { var worker = Worker.State() }
    let seen = Box<[AppAction]>([])
    let app = CombineReducers {
      Reduce<AppState, AppAction> { _, action in
        seen.value.append(action)
        return .none
      }
      Scope(state: \AppState.worker, action: ActionPath<AppAction, Work>(embed: { .worker($0) }) {
        if case .worker(let work) = $0 { work } else { nil }
      }) { Worker() }
    }
    let store = Store(initialState: AppState(), reducer: app)
    await store.send(.worker(.load)).finish()
    await store.send(.worker(.failCaught)).finish()
    #expect(seen.value == [
      .worker(.load), .worker(.loaded("first")), .worker(.loaded("second")),
      .worker(.failCaught), .worker(.failed("Boom()")),
    ])
    #expect(store.state.worker.loaded == ["first", "second"])
  }

  @Test func effectMapTransformsSentActions() async {
    let child = Effect<Int>.merge(.send(1), .run { send in await send(2) })
    let store = Store(
      initialState: [String](),
      reducer: Reduce<[String], String> { log, action in
        log.append(action)
        return action == "start" ? child.map { "child \($0)" } : .none
      })
    await store.send("start").finish()
    #expect(store.state == ["start", "child 1", "child 2"])
  }

  @Test func releasingAStoreCancelsItsEffects() async {
    let clock = TestClock()
    let tally = Tally()
    weak var released: Store<Worker.State, Work>?
    let activity: EffectEngine
    do {
      let reducer = Reduce<Worker.State, Work> { state, action in
        switch action {
        case .load:
          return .merge(
            .interval(.log("tick"), every: .seconds(1)),
            .run { send in
              while true {
                try await clock.sleep(for: .seconds(1))
                await tally.increment()
                await send(.log("loop"))
              }
            })
        case .log(let entry):
          state.log.append(entry)
          return .none
        default:
          return .none
        }
      }
      let store = Store(initialState: Worker.State(), reducer: reducer, clock: clock)
      store.send(.load)
      await waitUntilEffects(store) { $0.sleeping == 1 }
      activity = store.effectScheduler
      released = store
    }
    #expect(released == nil)
    await waitUntil(activity) { $0.running == 0 }  // every effect task ended
    await clock.advance(by: .seconds(10))
    #expect(await tally.value == 0)
    #expect(activity.counts.running == 0)
  }
}
