import DequeModule

/// A store that is an actor of its own: the runtime of one session, cart or game in a server
/// that gives each its own actor.
///
/// It has the same reducers, effects, middleware, observation and order of actions as
/// ``Store`` and ``IsolatedStore``; only its home differs. Its reducer runs on the store itself,
/// its effects hand their actions back to it, and stores run at the same time as one another.
/// Where an ``IsolatedStore`` lives on an actor you already have — a shard holding many
/// sessions — this one *is* the session's actor, and holds the state in its own memory: a send
/// reaches one object, as a hand-written actor per session does.
///
/// ```swift
/// let cart = StoreActor(initialState: Cart.State(), reducer: Cart())
/// await cart.send(.add("apple"))
/// let items = await cart.state.items
/// ```
///
/// To answer a request with the state an action left in one hop, add an operation to the
/// store in an extension — its methods run on the store, where ``send(_:)`` and ``state`` are
/// synchronous:
///
/// ```swift
/// extension StoreActor where R == Cart {
///   func add(_ item: String) -> Int {
///     send(.add(item))
///     return state.items.count
///   }
/// }
/// ```
///
/// ## Lifetime
/// Like any actor, it lives while something refers to it — and while any of its effects runs
/// or a timer of it is pending, as a task of an actor's own would keep it. When none runs and
/// the last reference goes, it is freed. To let one go while an effect runs (a timeout
/// pending), call ``cancelEffects()`` first.
public final actor StoreActor<R: Reducer> {
  /// The state the store holds: its reducer's.
  public typealias State = R.State
  /// The actions the store handles: its reducer's.
  public typealias Action = R.Action

  // The store's fields, in the actor's own memory: the reducer, then the fields every store
  // that owns its state keeps (see `StoreFields`), whose first four — three flags and the state
  // — are all a plain send reads (with the reducer's own fields, if it has any), so it brings
  // in the cache lines a hand-written actor's state takes.
  // `nonisolated(unsafe)` so the one implementation of a store's work (`RootStorage`, shared
  // with the core of `Store` and `IsolatedStore`) reads them as plain fields: every access is
  // on this actor all the same — from its isolated methods below, from its `deinit`, or from
  // an effect through `StoreLink.withHost`, which runs on `home`, this actor — and none is held
  // across a call-out (see `RootCore`). The fields also skip dynamic exclusivity checks, for
  // the same reason.
  /// The reducer itself, not a closure over it: a send calls a reducer without a body
  /// directly (a reducer with a body runs the body it read once).
  @usableFromInline nonisolated(unsafe) let reducer: ResolvedReducer<R>
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var fields: StoreFields<State, Action>

  /// The store's clock; set once the actor exists, since the clock's home is the actor. Read
  /// by effects and ``StoreTime/now``, never by a plain send.
  @usableFromInline nonisolated(unsafe) var storedClock: StoreClock?

  /// Creates a store that is its own actor.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - reducer: The reducer that handles every action.
  ///   - clock: The clock every timer, interval, debounce and throttle effect uses; pass a test
  ///     clock to control time in tests.
  ///   - middleware: Hooks around the reducer, made with ``Middleware/onAnyActor(_:)`` or
  ///     ``Middleware/onAnyActor(before:)``.
  @inlinable
  public init(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = ContinuousClock(),
    middleware: [Middleware<State, Action>] = []
  ) {
    fields = StoreFields(state: initialState, middleware: middleware, onMainActor: false)
    self.reducer = ResolvedReducer(reducer)
    // The store's timers wait in the queue its clock shares with every store actor, not in a
    // queue (and a sleeper) of their own: a pending timer costs an entry.
    storedClock = StoreClock(clock, home: self, timerHome: StoreActorTimers.shared)
    attach(handle: nil)
  }

  deinit {
    fields.close()
  }

  /// The current state.
  @inlinable
  public var state: State { fields.ownedState }

  /// Sends an action: the reducer runs at once (or, if the store is busy reducing, right after
  /// the actions queued before it) and observers are told when the queue has drained.
  ///
  /// - Returns: A task for the effects the action started; it can be ignored.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    sendAction(action)
  }

  /// Sends the actions in order as one batch: each is reduced in turn and observers are told
  /// once, after the last.
  ///
  /// - Returns: A task for the effects the actions started; it can be ignored.
  @inlinable
  @discardableResult
  public func send(contentsOf actions: sending some Sequence<Action>) -> StoreTask {
    sendActions(contentsOf: actions)
  }

  /// Calls `onChange` with the selected value now and whenever it changes, on this store;
  /// equal values are skipped. For an operation of the store's own (an extension's method,
  /// which runs on the store); from outside, observe ``values(_:)``.
  ///
  /// - Returns: A token that keeps the observation — and the store — alive until it is
  ///   cancelled or released.
  public func observe<Value: Equatable>(
    _ select: @escaping (State) -> Value,
    onChange: @escaping (Value) -> Void
  ) -> IsolatedObservationToken {
    observation(select, onChange: onChange)
  }

  /// The selected value now and each time it changes, as an asynchronous sequence: how a
  /// store that is an actor is observed from outside it.
  ///
  /// As ``Store/values(_:)``: the sequence does not keep the store alive, buffers only the
  /// newest value (a slow consumer skips intermediate values but always ends on the latest),
  /// and ends when the consuming task is cancelled or the store is freed.
  public func values<Value: Equatable & Sendable>(
    _ select: @escaping @Sendable (State) -> Value
  ) -> AsyncStream<Value> {
    valueStream(select)
  }

  /// Waits until no effect marked with `id` (see ``Effect/cancellable(id:cancelInFlight:)``)
  /// is running, including ones that start while it waits.
  public func finishEffects(id: some Hashable & Sendable) async {
    await registry.finish(id: EffectID(id))
  }

  /// Cancels every running effect of the store — its timers, requests and subscriptions; a
  /// cancelled effect sends nothing more. The store stays usable. What a server calls before
  /// it lets a session go (see <doc:TideInAServer>); to cancel some effects and keep others, a
  /// reducer returns ``Effect/cancel(id:)``.
  public func cancelEffects() {
    registry.cancelAll()
  }
}

extension StoreActor {
  /// The store's effect registry, made now if it was not: a test store takes it right after it
  /// made the store, to wait for, count and cancel the effects from the main actor.
  ///
  /// Nonisolated, as the test store's initializer is synchronous; safe only before the store is
  /// used: the effect object is made (written once) while nothing else can reach the store, and
  /// from then on only read. The registry itself is thread-safe.
  package nonisolated func registryBeforeUse() -> EffectEngine {
    fields.startedEffects ?? startEffects()
  }

  /// The time on the store's clock since the store was created (the clock is set in the
  /// initializer and never changes; its reading is thread-safe).
  package nonisolated var clockOffset: Duration { clock.now }
}

extension StoreActor: RootStorage, StoreClockOwner {
  @inlinable
  nonisolated func runReducer(_ action: Action) -> Effect<Action> {
    reducer.reduce(into: &fields.ownedState, action: action)
  }

  @usableFromInline nonisolated var timeSlot: Unmanaged<StoreTimeSlot>? { nil }
  /// Its own address, tagged: a drain hands it over without reading a field (see
  /// ``StoreTime/now``).
  @inlinable nonisolated var timeSlotEntry: UInt {
    UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) | 1
  }
  @usableFromInline nonisolated var clock: StoreClock { storedClock.unsafelyUnwrapped }
  @inlinable nonisolated var startedEffects: EffectEngine? { fields.startedEffects }
}
