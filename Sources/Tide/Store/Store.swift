/// The runtime of a feature: it holds the state, reduces actions one at a time, runs their
/// effects and tells observers about changes.
///
/// ```swift
/// let store = Store(initialState: Counter.State(), reducer: Counter())
/// let token = store.observe(\.count) { print("count:", $0) }
/// store.send(.increment)
/// ```
///
/// ## Order
/// The store is `@MainActor`; for a store on another actor, see ``IsolatedStore``. An action sent while another is being reduced — by an observer,
/// a middleware or a `.send` effect — is queued and handled after it, first in first out,
/// never recursively. Observers are told once per drained batch: after the action sent and
/// every action it queued have been reduced, each observer is called once with the resulting
/// state. An action an observer sends starts another round, so no observer is ever given a
/// state older than one it has seen.
@MainActor
public final class Store<State, Action: Sendable> {
  /// What this store is a handle on: the root, or a scoped view that forwards to one.
  @usableFromInline let core: StoreCore<State, Action>
  /// The ``ObservedStateSnapshot`` its whole-state observers of an `Equatable` state share,
  /// while it has any (typed so in `observe`, where `State` is known to be `Equatable`).
  @usableFromInline var observedStateSnapshot: AnyObject?

  /// Creates a store.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that handles every action.
  ///   - clock: The clock every timer, interval, debounce and throttle effect uses; pass a test
  ///     clock to control time in tests.
  ///   - middleware: Hooks that see every action before the reducer (and may rewrite, delay or
  ///     drop it) or after it, with the new state.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = ContinuousClock(),
    middleware: [Middleware<State, Action>] = []
  ) where R.State == State, R.Action == Action {
    self.init(
      root: RootCore(state: initialState, reduce: reducer.coreFunction(), clock: clock, middleware: middleware, home: MainActor.shared))
  }

  @inlinable
  init(root: RootCore<State, Action>) {
    self.core = .root(root)
    root.attach(handle: self)
  }

  @usableFromInline
  init(scoped: ScopedCore<State, Action>) {
    self.core = .scoped(scoped)
  }

  /// The current state.
  @inlinable
  public var state: State { core.state }

  /// Calls `body` with the current state, read in place: what code not specialised for the
  /// store calls once a timer tick (a replay asking whether the app finished), where ``state``
  /// copied the whole state — every array and string in it retained and released — to read it.
  /// An action `body` sends is handled once it is done, so the state does not change under it.
  @inlinable
  package func withState<Result>(_ body: (State) -> Result) -> Result {
    core.withState(body)
  }

  /// Sends an action: the reducer runs at once (or, if the store is busy reducing, right after
  /// the actions queued before it) and observers are told when the queue has drained.
  ///
  /// - Returns: A task for the effects the action started; it can be ignored.
  @inlinable
  @inline(__always)
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    core.send(action)
  }

  /// Sends the actions in order as one batch: each is reduced in turn and observers are told
  /// once, after the last.
  @inlinable
  @discardableResult
  public func send(contentsOf actions: some Sequence<Action>) -> StoreTask {
    core.send(contentsOf: actions)
  }

  /// Waits until no effect marked with `id` (see ``Effect/cancellable(id:cancelInFlight:)``)
  /// is running, including ones that start while it waits.
  ///
  /// A program uses it to let work that must not be dropped — a save started by the last
  /// action — finish before it exits; bound the wait yourself if it must not hang.
  public func finishEffects(id: some Hashable & Sendable) async {
    await registry.finish(id: EffectID(id))
  }

  /// The root's effect registry, made at the first effect or the first call here (a test store
  /// takes it when it is created, to check and cancel the effects from any thread later).
  @usableFromInline
  package var registry: EffectEngine { core.registry }

  @usableFromInline var clock: StoreClock { core.clock }

  /// The owner of this store's effect time: what tests and replays wait on (see
  /// ``waitUntilIdle()``).
  package var effectScheduler: EffectEngine {
    registry
  }

  /// The time on the store's clock since the store was created.
  package var clockOffset: Duration {
    clock.now
  }

  /// The registry keys of the effect tasks of the root store running now.
  package var runningEffectKeys: Set<UInt64> {
    registry.runningKeys
  }

  /// Cancels every running effect of the store — its timers, requests and subscriptions; a
  /// cancelled effect sends nothing more. The store stays usable.
  ///
  /// The one cancellation the store itself offers, as ``IsolatedStore`` and ``StoreActor`` do:
  /// letting a session or a screen go with all it started. To cancel some effects and keep
  /// others, a reducer returns ``Effect/cancel(id:)``, so the cancellation is an action that
  /// tests assert and traces record.
  public func cancelEffects() {
    registry.cancelAll()
  }

  /// Puts `state` in place of the root store's, outside any action: no reducer runs, and the
  /// observers are told as after a drain. With `cancellingEffects`, every running effect is
  /// cancelled first (a jump back in time must not let an old effect act on the state it
  /// lands in). What the inspector's live time travel does to a running app.
  package func replaceState(_ state: State, cancellingEffects: Bool) {
    guard case .root(let root) = core else { preconditionFailure("only a root store's state can be replaced") }
    if cancellingEffects { registry.cancelAll() }
    root.replaceState(with: state)
  }

  /// Runs the effect tasks this store starts from now on on `executor` (`nil`, the default: the
  /// global concurrent executor).
  ///
  /// For headless replays on a ``VirtualClock``: there every timer tick is a relay between the
  /// replay's driver, the effect's task and the main actor, and on the global executor each leg
  /// is a wake-up of another thread (~15 µs on a loaded machine). With the effects on the
  /// driver's own thread the relay costs about 1 µs, so an hour of a 20 Hz timer replays in
  /// well under a second, every tick still at its exact instant.
  package func runEffects(on executor: (any TaskExecutor)?) {
    registry.preferExecutor(executor)
  }
}

/// Holds a reducer by reference for the store's reduce closure.
@usableFromInline
final class ReducerBox<R: Reducer> {
  @usableFromInline let reducer: R

  @inlinable
  init(_ reducer: R) {
    self.reducer = reducer
  }
}

extension Reducer {
  /// The reducer as the function a store's core calls: its body's, read once, for a reducer
  /// with a body; a ``Reduce``'s own closure; any other reducer boxed, so each call borrows it
  /// instead of copying it (and retaining every closure inside it) out of the closure's context.
  @inlinable
  func coreFunction() -> (inout State, Action) -> Effect<Action> {
    if let body = _bodyFunction() { return body }
    if let closure = self as? Reduce<State, Action> { return closure.closure }
    // A reducer with no stored properties has nothing to copy or retain: captured as it is,
    // it costs no box (two allocations a store).
    if MemoryLayout<Self>.size == 0 {
      let reducer = self
      return { reducer.reduce(into: &$0, action: $1) }
    }
    let box = ReducerBox(self)
    return { box.reducer.reduce(into: &$0, action: $1) }
  }
}
