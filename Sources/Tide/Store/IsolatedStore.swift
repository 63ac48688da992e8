/// A store that lives on an actor you choose: the runtime of a feature for a server, where
/// thousands of stores — one per session, cart or game — must not all queue on the main actor.
///
/// It has the same reducers, effects, middleware and observation as ``Store``, and the same
/// order (see ``Store``); only its home differs. It belongs to the actor it was created on —
/// the `isolation` of its initializer, by default the caller's — and every call to it is made
/// there: it is not `Sendable`, and each method checks that it is called on its actor. Its
/// effects run as tasks of their own and hand their actions back to that actor, never to the
/// main actor.
///
/// Create it inside an isolated method of the owning actor (an actor's synchronous `init` is
/// not isolated to it yet), and keep it in the actor's state:
///
/// ```swift
/// actor Carts {
///   private var stores: [Cart.ID: IsolatedStore<Cart.State, Cart.Action>] = [:]
///
///   func send(_ action: Cart.Action, to id: Cart.ID) -> Cart.State {
///     let store: IsolatedStore<Cart.State, Cart.Action>
///     if let existing = stores[id] {
///       store = existing
///     } else {
///       store = IsolatedStore(initialState: Cart.State(id: id), reducer: Cart())
///       stores[id] = store
///     }
///     store.send(action)
///     return store.state
///   }
/// }
/// ```
///
/// A store's actor is where its reducer runs, so several actors run several stores at once:
/// see <doc:TideInAServer>. For an actor per session, make the store that actor instead: a
/// ``StoreActor`` holds its state in its own memory, one object a request.
///
/// It is a handle, as a class reference is: copies refer to the same store, which lives until
/// the last copy is gone (then its effects are cancelled). It does not keep its actor alive —
/// an actor holding its own store is freed when released — but its running effects and
/// pending timers do, until they end (see <doc:TideInAServer>). A value rather than a class so that
/// an actor holding it reaches the store's state in one step: at a server's thousands of
/// stores, each out of cache when its request comes, a second object to reach cost a wait on
/// memory at every send.
public struct IsolatedStore<State, Action: Sendable> {
  /// The store itself: its state, queue, effects and observers, and the actor it belongs to.
  @usableFromInline let root: RootCore<State, Action>

  /// Creates a store that belongs to `isolation`, the actor the caller runs on.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that handles every action.
  ///   - clock: The clock every timer, interval, debounce and throttle effect uses; pass a test
  ///     clock to control time in tests.
  ///   - middleware: Hooks around the reducer, made with ``Middleware/onAnyActor(_:)`` or
  ///     ``Middleware/onAnyActor(before:)`` (the main-actor kinds serve only a store whose
  ///     actor is the main actor).
  ///   - isolation: The actor the store belongs to; leave it to default to the caller's.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = ContinuousClock(),
    middleware: [Middleware<State, Action>] = [],
    isolation: isolated any Actor = #isolation
  ) where R.State == State, R.Action == Action {
    self.root = RootCore(state: initialState, reduce: reducer.coreFunction(), clock: clock, middleware: middleware, home: isolation)
    root.attach(handle: nil)
  }

  /// The current state.
  @inlinable
  public var state: State { root.state }

  /// Sends an action: the reducer runs at once (or, if the store is busy reducing, right after
  /// the actions queued before it) and observers are told when the queue has drained.
  ///
  /// - Parameters:
  ///   - action: The action to reduce.
  ///   - isolation: The caller's actor, which must be the store's.
  /// - Returns: A task for the effects the action started; it can be ignored.
  @inlinable
  @discardableResult
  public func send(_ action: Action, isolation: isolated any Actor = #isolation) -> StoreTask {
    checkIsolation(isolation)
    return root.sendAction(action)
  }

  /// Sends the actions in order as one batch: each is reduced in turn and observers are told
  /// once, after the last.
  ///
  /// - Parameters:
  ///   - actions: The actions to reduce, in order.
  ///   - isolation: The caller's actor, which must be the store's.
  /// - Returns: A task for the effects the actions started; it can be ignored.
  @inlinable
  @discardableResult
  public func send(
    contentsOf actions: some Sequence<Action>, isolation: isolated any Actor = #isolation
  ) -> StoreTask {
    checkIsolation(isolation)
    return root.sendActions(contentsOf: actions)
  }

  /// Calls `onChange` with the selected value now and whenever it changes, on the store's
  /// actor; equal values are skipped.
  ///
  /// - Returns: A token that keeps the observation — and the store — alive until it is
  ///   cancelled or released.
  public func observe<Value: Equatable>(
    _ select: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void,
    isolation: isolated any Actor = #isolation
  ) -> IsolatedObservationToken {
    checkIsolation(isolation)
    return root.observation(select, onChange: onChange)
  }

  /// The selected value now and each time it changes, as an asynchronous sequence.
  ///
  /// As ``Store/values(_:)``: the sequence does not keep the store alive, buffers only the
  /// newest value (a slow consumer skips intermediate values but always ends on the latest),
  /// and ends when the consuming task is cancelled or the store is freed.
  public func values<Value: Equatable & Sendable>(
    _ select: @escaping (State) -> Value,
    isolation: isolated any Actor = #isolation
  ) -> AsyncStream<Value> {
    checkIsolation(isolation)
    return root.valueStream(select)
  }

  /// Waits until no effect marked with `id` (see ``Effect/cancellable(id:cancelInFlight:)``)
  /// is running, including ones that start while it waits: what a server awaits before it
  /// drops a session whose last save must not be lost.
  public func finishEffects(id: some Hashable & Sendable, isolation: isolated any Actor = #isolation) async {
    checkIsolation(isolation)
    await root.registry.finish(id: EffectID(id))
  }

  /// Cancels every running effect of the store — its timers, requests and subscriptions; a
  /// cancelled effect sends nothing more. The store stays usable. (Releasing the store
  /// cancels them too.) To cancel some effects and keep others, a reducer returns
  /// ``Effect/cancel(id:)``.
  public func cancelEffects(isolation: isolated any Actor = #isolation) {
    checkIsolation(isolation)
    root.registry.cancelAll()
  }

  /// Traps when the store is used off its actor: its state is that actor's alone.
  @inlinable
  @inline(__always)
  func checkIsolation(_ isolation: any Actor) {
    precondition(
      ObjectIdentifier(isolation) == root.clock.homeIdentity, "An IsolatedStore was used off the actor it belongs to; call it only from that actor.")
  }
}

extension IsolatedStore {
  /// The store's effect registry, made at the first effect or the first call here: a test
  /// store takes it when it makes the store, to wait for, count and cancel the effects.
  package var registry: EffectEngine { root.registry }

  /// The time on the store's clock since the store was created.
  package var clockOffset: Duration { root.clock.now }
}
