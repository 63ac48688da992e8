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

  // The store's fields, in the actor's own memory. A plain send reads only the first four —
  // three flags and the state (and the reducer's own fields, if it has any) — so it brings in
  // the cache lines a hand-written actor's state takes; the rest serve effects, observers and
  // middleware.
  // `nonisolated(unsafe)` so the one implementation of a store's work (`RootStorage`, shared
  // with the cores of `Store` and `IsolatedStore`) reads them as plain fields: every access is
  // on this actor all the same — from its isolated methods below, from its `deinit`, or from
  // an effect through `StoreLink.withHost`, which runs on `home`, this actor — and none is held
  // across a call-out (see `RootCore`). The hot ones also skip dynamic exclusivity checks, for
  // the same reason.
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var isDraining = false
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var hasFollowUps = false
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var hasHooks: Bool
  /// The reducer itself, not a closure over it: a reducer with no stored properties takes no
  /// room, and a send calls it directly.
  @usableFromInline nonisolated(unsafe) let reducer: R
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var ownedState: State
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var queue = Deque<Action>()
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var observers: Unmanaged<ObserverTable<State>>?
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var drainGroup: EffectGroup?
  @usableFromInline nonisolated(unsafe) var actionTap: ((Action, State) -> Void)?
  @usableFromInline nonisolated(unsafe) let afterReducer: [(Action, State) -> Effect<Action>]
  @usableFromInline nonisolated(unsafe) let beforeReducer: [(Action, State) -> Middleware<State, Action>.Decision]
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var madeLink: StoreLink<Action>?
  /// The ``StoreLiveness`` effect tasks hold weakly, made with the link (a weak reference to
  /// the actor itself would send every retain of it through a side table).
  @usableFromInline nonisolated(unsafe) unowned(unsafe) var handle: AnyObject?
  @usableFromInline nonisolated(unsafe) var liveness: StoreLiveness?
  @usableFromInline nonisolated(unsafe) var receiver: ((AnyObject, Action, EffectGroup?) -> Void)?
  @exclusivity(unchecked) @usableFromInline nonisolated(unsafe) var startedEffects: EffectEngine?

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
    ownedState = initialState
    self.reducer = reducer
    if middleware.isEmpty {
      afterReducer = []
      beforeReducer = []
    } else {
      (afterReducer, beforeReducer) = Self.hooks(of: middleware, onMainActor: false)
    }
    hasHooks = !middleware.isEmpty
    // The store's timers wait in the queue its clock shares with every store actor, not in a
    // queue (and a sleeper) of their own: a pending timer costs an entry.
    storedClock = StoreClock(clock, home: self, timerHome: StoreActorTimers.shared)
    attach(handle: nil)
  }

  deinit {
    startedEffects?.close()
    observers?.release()
  }

  /// The current state.
  @inlinable
  public var state: State { ownedState }

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

  /// The selected value now and each time it changes, as an asynchronous sequence: how a
  /// store that is an actor is observed from outside it.
  ///
  /// As ``Store/values(_:)``: the sequence does not keep the store alive, buffers only the
  /// newest value (a slow consumer skips intermediate values but always ends on the latest),
  /// and ends when the consuming task is cancelled or the store is freed.
  public func values<Value: Equatable & Sendable>(
    _ select: @escaping @Sendable (State) -> Value
  ) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
    let last = select(ownedState)
    continuation.yield(last)
    let ending = StreamEnding()
    addValueObserver(select: select, last: last, ending: ending, continuation: continuation)
    let registry = self.registry
    let closing = registry.whenClosed { continuation.finish() }
    // A consumer that stops leaves its observer to be dropped at the store's next round: the
    // store is not held (nor referenced weakly) by the stream.
    continuation.onTermination = { _ in
      registry.forgetWhenClosed(closing)
      ending.end()
    }
    return stream
  }

  /// Waits until no effect marked with `id` (see ``Effect/cancellable(id:cancelInFlight:)``)
  /// is running, including ones that start while it waits.
  public func finishEffects(id: some Hashable & Sendable) async {
    await registry.finish(id: EffectID(id))
  }

  /// Cancels every running effect of the store — its timers, requests and subscriptions; a
  /// cancelled effect sends nothing more. The store stays usable.
  public func cancelEffects() {
    registry.cancelAll()
  }
}

extension StoreActor: RootStorage, StoreClockOwner {
  @inlinable
  nonisolated func runReducer(_ action: Action) -> Effect<Action> {
    reducer.reduce(into: &ownedState, action: action)
  }

  @usableFromInline nonisolated var timeSlot: Unmanaged<StoreTimeSlot>? { nil }
  /// Its own address, tagged: a drain hands it over without reading a field (see
  /// ``StoreTime/now``).
  @inlinable nonisolated var timeSlotEntry: UInt {
    UInt(bitPattern: Unmanaged.passUnretained(self).toOpaque()) | 1
  }
  @usableFromInline nonisolated var clock: StoreClock { storedClock.unsafelyUnwrapped }
}
