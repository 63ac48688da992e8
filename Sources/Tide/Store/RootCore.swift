import DequeModule

/// The store that owns the state: it reduces actions one at a time, runs their effects and
/// tells observers about changes. Every ``Store`` is a handle on one — the root directly, a
/// scoped store through a ``ScopedCore``.
///
/// Its methods are inlinable, so they are specialised for the app's state and action types
/// where the store is used: the path of a `send` holds no generic code.
///
/// It is isolated to no actor in its type: it is a non-`Sendable` class confined to the actor
/// of the handle that owns it (the main actor for ``Store``, the owning actor for
/// ``IsolatedStore``), whose synchronous methods call it there. Effect tasks reach it only
/// through its ``StoreLink``, which hops to that actor first.
@usableFromInline
final class RootCore<State, Action: Sendable>: ClockedCore {
  // The fields a plain send reads and writes come first, in the object's first cache line
  // with its header (which a caller's retain touches anyway) and the line after it: at a
  // server's thousands of stores each store is out of cache when its request comes, so every
  // further line, and every further object, a send must reach is another wait on memory.
  //
  // The hot properties opt out of dynamic exclusivity checks, which would otherwise cost more
  // than the store's own work per action. This is safe because every access happens on the
  // store's actor, and none is held across a call-out; reducers are pure functions of their
  // arguments and never reach the store (the store is not passed to them, and a `Send`
  // re-entering it only queues).
  @exclusivity(unchecked) @usableFromInline var isDraining = false
  @exclusivity(unchecked) @usableFromInline var hasFollowUps = false
  /// Whether any middleware or tap runs: one test on the path of a plain store.
  @exclusivity(unchecked) @usableFromInline var hasHooks: Bool
  @exclusivity(unchecked) @usableFromInline var queue = Deque<Action>()
  /// The observers, made with the first (a store nobody observes keeps no table). Held as an
  /// owned unmanaged reference, released in `deinit`: a drain reads it through a borrowed
  /// reference, with none of the retain and release a `var` of a class type costs each send.
  @exclusivity(unchecked) @usableFromInline var observers: Unmanaged<ObserverTable<State>>?
  @exclusivity(unchecked) @usableFromInline var drainGroup: EffectGroup?
  /// The slot ``StoreTime/now`` reads this store's drains through, chosen once here: the one
  /// the main actor's stores share, or `nil` for a store off the main actor, whose drains may
  /// run beside another's and go through the current thread's slot. The main actor's path
  /// then costs what it did before stores could live elsewhere: no lookup of the slot. Held
  /// unretained (the shared slot lives as long as the process), so a drain retains nothing.
  @usableFromInline let timeSlot: Unmanaged<StoreTimeSlot>?
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  /// The state, held in the core itself, next to the fields a send uses: the reducer mutates
  /// it in place and observers are lent its address for a round, so a round copies nothing.
  /// Observers cannot see it change under them: the reducer runs only in the drain loop,
  /// never during a round (an action sent from an observer is queued).
  @exclusivity(unchecked) @usableFromInline var ownedState: State
  /// The current state.
  @inlinable var state: State { ownedState }
  /// Sees every action after the reducer, with the new state: the epics' input.
  @exclusivity(unchecked) @usableFromInline var actionTap: ((Action, State) -> Void)? {
    didSet { hasHooks = actionTap != nil || !afterReducer.isEmpty || !beforeReducer.isEmpty }
  }
  @usableFromInline let afterReducer: [(Action, State) -> Effect<Action>]
  @usableFromInline let beforeReducer: [(Action, State) -> Middleware<State, Action>.Decision]
  /// The way back to the store for its effect tasks and observation tokens, made with the
  /// first of them (see ``link``).
  @exclusivity(unchecked) @usableFromInline var madeLink: StoreLink<Action>?
  /// What effect tasks hold weakly to tell whether the store is alive: the ``Store`` that owns
  /// this core, held unowned, or for an ``IsolatedStore`` (a value, which nothing can
  /// reference weakly) a ``StoreLiveness`` this core owns, made with the link. Either way
  /// this core stays unreferenced weakly, so its every retain — a server's table of stores
  /// hands one out at each request — takes the fast path instead of a side table's.
  @usableFromInline unowned(unsafe) var handle: AnyObject?
  /// The ``StoreLiveness`` of a core no ``Store`` owns, made with the link.
  @usableFromInline var liveness: StoreLiveness?
  /// This core's `receive`, specialised for its state where the store was made (see
  /// ``StoreLink``); captures nothing.
  @usableFromInline var receiver: ((AnyObject, Action, EffectGroup?) -> Void)?
  /// The store's effect object, made at its first effect (see ``effects``).
  @exclusivity(unchecked) @usableFromInline var startedEffects: EffectEngine?

  /// Inlined where the store is made, so it is specialised for the store's types there: run
  /// generic, each array, function type and deque it makes looked up its type's metadata at run
  /// time — a tenth of creating a store, paid by every store a server makes (issue 27).
  @inlinable
  init(
    state: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    clock: any Clock<Duration>,
    middleware: [Middleware<State, Action>],
    home: any Actor
  ) {
    self.ownedState = state
    self.reducer = reduce
    let onMainActor = home === MainActor.shared
    if middleware.isEmpty {
      self.afterReducer = []
      self.beforeReducer = []
    } else {
      (self.afterReducer, self.beforeReducer) = Self.hooks(of: middleware, onMainActor: onMainActor)
    }
    self.hasHooks = !middleware.isEmpty
    self.timeSlot = onMainActor ? Unmanaged.passUnretained(StoreTime.mainActorSlot) : nil
    super.init(clock: StoreClock(clock, home: home))
  }

  deinit {
    startedEffects?.close()
    observers?.release()
  }

  /// Adds an observer that reads each round's state through a pointer, for a store on the
  /// main actor, where its token lives.
  @MainActor
  @usableFromInline
  func addObserver(reading callback: @escaping (UnsafePointer<State>) -> Void) -> ObservationToken {
    let id = observerTable.add(callback)
    let link = self.link
    return ObservationToken { link.host?.removeObserver(id: id) }
  }

  @inlinable
  func runReducer(_ action: Action) -> Effect<Action> {
    reducer(&ownedState, action)
  }

  @inlinable var timeSlotEntry: UInt { UInt(bitPattern: Unmanaged<ClockedCore>.passUnretained(self).toOpaque()) }
}

/// What effect tasks hold weakly to tell whether a store no ``Store`` owns (an
/// ``IsolatedStore``'s core) is alive: its core owns it, so it lives exactly as long as the
/// core. It holds nothing: a use of the core through the link retains the core itself.
@usableFromInline
final class StoreLiveness {
  @usableFromInline init() {}
}

extension RootCore: RootStorage {}
