import Clocks
import Dispatch
import Synchronization
import Testing
import Tide
import TideTestSupport

/// A serial executor of the test's choosing: a dispatch queue of its own, which code can ask
/// "am I running on you?".
final class QueueExecutor: SerialExecutor {
  private static let key = DispatchSpecificKey<ObjectIdentifier>()
  let queue: DispatchQueue

  init(label: String) {
    queue = DispatchQueue(label: label)
    queue.setSpecific(key: Self.key, value: ObjectIdentifier(queue))
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedSerialExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }

  /// Whether the caller runs on this executor's queue.
  var isCurrent: Bool {
    DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(queue)
  }
}

/// A session's state machine, whose every reduce records whether it ran on its owner's queue.
private struct Session: Reducer {
  struct State: Equatable {
    var count = 0
    var loaded: [Int] = []
    var expired = false
    /// For each action reduced: whether the reducer ran on the owner's executor.
    var reducedOnOwner: [Bool] = []
  }

  enum Action: Equatable, Sendable {
    case increment
    case load(Int)
    case loaded(Int)
    case touch
    case expire
    case close
  }

  let owner: QueueExecutor
  let expiry: Duration

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.reducedOnOwner.append(owner.isCurrent)
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .load(let value):
      return .run { send in
        await send(.loaded(value * 2))
      }
    case .loaded(let value):
      state.loaded.append(value)
      return .none
    case .touch:
      // Every change restarts the expiry.
      return .send(.expire, after: expiry).cancellable(id: "expiry", cancelInFlight: true)
    case .expire:
      state.expired = true
      return .none
    case .close:
      return .cancel(id: "expiry")
    }
  }
}

/// The actor that owns one session's store, on its own executor.
private actor SessionOwner {
  let executor: QueueExecutor
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
  var store: IsolatedStore<Session.State, Session.Action>!
  var tokens: [IsolatedObservationToken] = []
  private let seen = CountLog()
  var seenCounts: [Int] { seen.counts }

  init(label: String) {
    executor = QueueExecutor(label: label)
  }

  func open(
    clock: any Clock<Duration> = ContinuousClock(), expiry: Duration = .seconds(60),
    middleware: [Middleware<Session.State, Session.Action>] = []
  ) {
    store = IsolatedStore(
      initialState: Session.State(), reducer: Session(owner: executor, expiry: expiry), clock: clock,
      middleware: middleware)
  }

  @discardableResult
  func send(_ action: Session.Action) -> StoreTask {
    store.send(action)
  }

  var state: Session.State { store.state }

  func observeCount() {
    let seen = self.seen
    tokens.append(store.observe({ $0.count }) { count in seen.counts.append(count) })
  }
}

/// What an observer was told, kept on the owner's actor.
private final class CountLog {
  var counts: [Int] = []
}

@Suite("A store on an actor the caller chooses")
struct IsolatedStoreTests {
  @Test func sendsRunOnTheOwningActor() async {
    let owner = SessionOwner(label: "sends")
    await owner.open()
    await owner.send(.increment)
    await owner.send(.increment)
    let state = await owner.state
    #expect(state.count == 2)
    #expect(state.reducedOnOwner == [true, true])
  }

  @Test func runEffectsSendTheirActionsBackOnTheOwningActor() async {
    let owner = SessionOwner(label: "run")
    await owner.open()
    await owner.send(.load(21)).finish()
    let state = await owner.state
    #expect(state.loaded == [42])
    #expect(state.reducedOnOwner == [true, true])
  }

  @Test func aTimeoutRestartedOnEveryChangeFiresOnceAfterTheLast() async {
    let clock = TestClock()
    let owner = SessionOwner(label: "timeout")
    await owner.open(clock: clock, expiry: .seconds(30))
    let first = await owner.send(.touch)
    await clock.advance(by: .seconds(20))
    let second = await owner.send(.touch)
    await first.finish()
    await clock.advance(by: .seconds(20))
    #expect(await owner.state.expired == false)
    await clock.advance(by: .seconds(10))
    await second.finish()
    let state = await owner.state
    #expect(state.expired)
    #expect(state.reducedOnOwner == [true, true, true])
  }

  @Test func aCancelledTimeoutNeverFires() async {
    let clock = TestClock()
    let owner = SessionOwner(label: "cancel")
    await owner.open(clock: clock, expiry: .seconds(30))
    let armed = await owner.send(.touch)
    await owner.send(.close)
    await armed.finish()
    await clock.advance(by: .seconds(60))  // well past the expiry it would have had
    #expect(await owner.state.expired == false)
  }

  @Test func observersAreToldOnTheOwningActor() async {
    let owner = SessionOwner(label: "observe")
    await owner.open()
    await owner.observeCount()
    await owner.send(.increment)
    await owner.send(.load(1)).finish()
    await owner.send(.increment)
    #expect(await owner.seenCounts == [0, 1, 2])
  }

  @Test func middlewareRunsOnTheOwningActor() async {
    let seen = Mutex<[String]>([])
    let executor = Mutex<QueueExecutor?>(nil)
    let audit = Middleware<Session.State, Session.Action>.onAnyActor { action, state in
      let onOwner = executor.withLock { $0?.isCurrent ?? false }
      seen.withLock { $0.append("\(action) count=\(state.count) onOwner=\(onOwner)") }
      return .none
    }
    let dropLoads = Middleware<Session.State, Session.Action>.onAnyActor(before: { action, _ in
      if case .load = action { return .drop }
      return .proceed(action)
    })
    let owner = SessionOwner(label: "middleware")
    executor.withLock { $0 = owner.executor }
    await owner.open(middleware: [dropLoads, audit])
    await owner.send(.increment)
    await owner.send(.load(5)).finish()
    #expect(seen.withLock { $0 } == ["increment count=1 onOwner=true"])
    #expect(await owner.state.loaded.isEmpty)
  }

  /// The main actor is held for the whole run: an effect that needed it — to send, to sleep or
  /// to fire a timer on the main queue — would stall until it is released, and the run would
  /// not finish.
  @Test func effectsOfAStoreOnAnotherActorNeverNeedTheMainActor() async {
    let owner = SessionOwner(label: "no-main")
    await owner.open(expiry: .milliseconds(5))
    let release = DispatchSemaphore(value: 0)
    let (held, holding) = AsyncStream.makeStream(of: Void.self)
    let mainActorHold = Task { @MainActor in
      holding.yield()
      // Bounded by the wait limit, so a regression fails the test instead of hanging it: the
      // store's effects wait for the pool's threads, which the suite and the machine keep busy
      // for any time, and holding the main actor meanwhile only delays the tests that need it.
      return release.wait(timeout: .now() + .seconds(Int(Slowdown.waitLimitSeconds))) == .success
    }
    for await _ in held { break }
    let load = await owner.send(.load(3))
    let expiry = await owner.send(.touch)
    await load.finish()
    await expiry.finish()
    let state = await owner.state
    release.signal()
    #expect(await mainActorHold.value, "the store's effects finished only once the main actor was released")
    #expect(state.loaded == [6])
    #expect(state.expired)
    #expect(state.reducedOnOwner.allSatisfy { $0 })
  }
}
