import Dispatch
import Synchronization
import Testing
@testable import Tide

/// Where a `.run` body runs. It begins inside `send`, on the store's actor, and runs there up
/// to its first suspension — SPEC's order of effects (TCA's `[1, 2, 3, 4]`): bodies start in the
/// order their effects were produced, and what they do before their first `await` is done when
/// `send` returns. From its first suspension on (an `await send`, a sleep, a request), it runs on
/// the store's effect executor — the global pool, or the executor a store prefers — and never
/// on the store's actor or the main actor again: blocking work there holds up neither the
/// screen nor a server's shard.
@Suite("Where .run bodies run")
struct RunBodyExecutorTests {
  /// Where each step of a body ran.
  struct Place: Equatable, CustomStringConvertible, Sendable {
    var onMainQueue: Bool
    var onOwner: Bool
    var onPreferred: Bool
    var description: String { "main \(onMainQueue), owner \(onOwner), preferred \(onPreferred)" }
  }

  /// A serial task executor on a dispatch queue of its own, which code can ask "am I running
  /// on you?": the executor a store prefers for its effects.
  final class PreferredExecutor: TaskExecutor {
    private static let key = DispatchSpecificKey<ObjectIdentifier>()
    private let queue = DispatchQueue(label: "RunBodyExecutorTests.preferred")

    init() { queue.setSpecific(key: Self.key, value: ObjectIdentifier(queue)) }

    func enqueue(_ job: consuming ExecutorJob) {
      let job = UnownedJob(job)
      let executor = asUnownedTaskExecutor()
      queue.async { job.runSynchronously(on: executor) }
    }

    var isCurrent: Bool { DispatchQueue.getSpecific(key: Self.key) == ObjectIdentifier(queue) }
  }

  /// Whether the caller runs on the main queue, the main actor's: on Linux under a test runner
  /// the main actor's thread need not be the process's first, so `Thread.isMainThread` cannot
  /// tell.
  static let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
  }()

  static func place(owner: QueueExecutor? = nil, preferred: PreferredExecutor? = nil) -> Place {
    Place(
      onMainQueue: DispatchQueue.getSpecific(key: mainQueueKey) == true,
      onOwner: owner?.isCurrent ?? false,
      onPreferred: preferred?.isCurrent ?? false)
  }

  enum Action: Equatable, Sendable { case start, echo(Int) }

  /// The feature every test runs: `.start`'s body notes where it is before and after each
  /// suspension, in a merge and a concatenation too.
  static func reducer(
    places: Recorded<String>, owner: QueueExecutor? = nil, preferred: PreferredExecutor? = nil
  ) -> Reduce<Int, Action> {
    Reduce { state, action in
      switch action {
      case .start:
        let note: @Sendable (String) -> Void = { step in
          places.append("\(step): \(place(owner: owner, preferred: preferred))")
        }
        return .merge(
          .run { send in
            note("first line")
            await send(.echo(1))
            note("after send")
            await send(.echo(2))
            note("after second send")
          },
          .concatenate(
            .run { send in await send(.echo(3)) },
            .run { _ in note("second step") }))
      case .echo(let value):
        state += value
        return .none
      }
    }
  }

  @MainActor
  @Test func aMainActorStoresBodiesLeaveTheMainActorAtTheirFirstSuspension() async {
    _ = Self.mainQueueKey
    let places = Recorded<String>()
    let store = Store(initialState: 0, reducer: Self.reducer(places: places))
    let task = store.send(.start)
    #expect(places.all == ["first line: main true, owner false, preferred false"])
    await task.finish()
    #expect(store.state == 6)
    #expect(Set(places.all) == [
      "first line: main true, owner false, preferred false",
      "after send: main false, owner false, preferred false",
      "after second send: main false, owner false, preferred false",
      "second step: main false, owner false, preferred false",
    ])
  }

  /// The package hook a replay uses (`runEffects(on:)`): every step after the first suspension
  /// runs on the preferred executor, in a merge and a concatenation too.
  @MainActor
  @Test func aStoreThatPrefersAnExecutorRunsItsBodiesThereAfterTheirFirstSuspension() async {
    _ = Self.mainQueueKey
    let places = Recorded<String>()
    let preferred = PreferredExecutor()
    let store = Store(initialState: 0, reducer: Self.reducer(places: places, preferred: preferred))
    store.runEffects(on: preferred)
    await store.send(.start).finish()
    #expect(store.state == 6)
    #expect(Set(places.all) == [
      "first line: main true, owner false, preferred false",
      "after send: main false, owner false, preferred true",
      "after second send: main false, owner false, preferred true",
      "second step: main false, owner false, preferred true",
    ])
  }

  /// A server's store: its bodies begin on its owner's executor, inside `send`, then leave it;
  /// none ever runs on the main actor.
  @Test func anIsolatedStoresBodiesLeaveItsActorAtTheirFirstSuspensionAndNeverReachTheMainActor() async {
    _ = Self.mainQueueKey
    let places = Recorded<String>()
    let owner = BodyOwner(places: places)
    let whenSendReturned = await owner.send(.start)
    #expect(whenSendReturned == ["first line: main false, owner true, preferred false"])
    await owner.finishStart()
    #expect(await owner.state == 6)
    #expect(Set(places.all) == [
      "first line: main false, owner true, preferred false",
      "after send: main false, owner false, preferred false",
      "after second send: main false, owner false, preferred false",
      "second step: main false, owner false, preferred false",
    ])
  }
}

/// The actor that owns a store, on a queue of its own.
private actor BodyOwner {
  let executor = QueueExecutor(label: "RunBodyExecutorTests.owner")
  nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
  private var store: IsolatedStore<Int, RunBodyExecutorTests.Action>!
  private var started: StoreTask?

  init(places: Recorded<String>) {
    self.places = places
  }

  private let places: Recorded<String>

  /// Sends `action`; returns the places noted when `send` returned, read before the actor is
  /// free for the body's own sends.
  func send(_ action: RunBodyExecutorTests.Action) -> [String] {
    if store == nil {
      store = IsolatedStore(
        initialState: 0, reducer: RunBodyExecutorTests.reducer(places: places, owner: executor))
    }
    started = store.send(action)
    return places.all
  }

  func finishStart() async {
    await started?.finish()
  }

  var state: Int { store.state }
}
