import DequeModule

/// The fields every store that owns its state keeps: its state, queue, observers, effects and
/// middleware. ``RootCore`` (the core of a ``Store`` or an ``IsolatedStore``) and ``StoreActor``
/// each hold one inline, as one stored property, and ``RootStorage`` does the store's work on it
/// for both.
///
/// The fields a plain send reads come first — three flags and the state, with the effect
/// engine's reference between them — so a send brings in the cache lines a hand-written
/// actor's state takes; everything after them serves effects, observers and middleware, and a
/// plain send, which finds `hasFollowUps` and `hasHooks` unset, reads none of it. Swift lays out a struct's stored properties in the order they are
/// declared, and the struct inline in its holder: no object of its own, no pointer to follow.
///
/// Used only on the store's actor, like its holder (see ``RootStorage``).
@usableFromInline
struct StoreFields<State, Action: Sendable> {
  @usableFromInline var isDraining = false
  /// Whether the drain under way must look past its first action: an action was queued, an
  /// effect's group was made, or there are observers to tell. Set by whatever makes one, so a
  /// plain send — nothing queued, nothing started, nobody observing — tests one flag where it
  /// read the queue, the observers and the group (three fields, at a server's thousands of
  /// stores three more bytes of the store to bring in at each request).
  @usableFromInline var hasFollowUps = false
  /// Whether any middleware or tap runs: one test on the path of a plain store.
  @usableFromInline var hasHooks: Bool
  /// The store's effect object, made at its first effect (see ``RootStorage/effects``). Before
  /// the state, at an offset that does not depend on the state's type: code not specialised
  /// for the store reads it without looking up this struct's metadata.
  @usableFromInline var startedEffects: EffectEngine?
  /// The state: the reducer mutates it in place, and observers are lent its address for a
  /// round, so a round copies nothing. Observers cannot see it change under them: the reducer
  /// runs only in the drain loop, never during a round (an action sent from an observer is
  /// queued).
  @usableFromInline var ownedState: State
  @usableFromInline var queue = Deque<Action>()
  /// The observers, made with the first (a store nobody observes keeps no table). Held as an
  /// owned unmanaged reference, released by ``close()``: a drain reads it through a borrowed
  /// reference, with none of the retain and release a field of a class type costs each send.
  @usableFromInline var observers: Unmanaged<ObserverTable<State>>?
  @usableFromInline var drainGroup: EffectGroup?
  /// Sees every action after the reducer, with the new state: the epics' input.
  @usableFromInline var actionTap: ((Action, State) -> Void)? {
    didSet { hasHooks = actionTap != nil || !afterReducer.isEmpty || !beforeReducer.isEmpty }
  }
  @usableFromInline let afterReducer: [(Action, State) -> Effect<Action>]
  @usableFromInline let beforeReducer: [(Action, State) -> Middleware<State, Action>.Decision]
  /// The way back to the store for its effect tasks and observation tokens, made with the
  /// first of them (see ``RootStorage/link``).
  @usableFromInline var madeLink: StoreLink<Action>?
  /// What effect tasks hold weakly to tell whether the store is alive: the ``Store`` that owns
  /// the core, held unowned, or for a store no ``Store`` owns (an ``IsolatedStore``'s core, a
  /// ``StoreActor``) a ``StoreLiveness`` the store owns, made with the link. Either way the
  /// store itself stays unreferenced weakly, so its every retain — a server's table of stores
  /// hands one out at each request — takes the fast path instead of a side table's.
  @usableFromInline unowned(unsafe) var handle: AnyObject?
  /// The ``StoreLiveness`` of a store no ``Store`` owns, made with the link.
  @usableFromInline var liveness: StoreLiveness?
  /// The holder's `receive`, specialised for its state where the store was made (see
  /// ``StoreLink``); captures nothing.
  @usableFromInline var receiver: ((AnyObject, Action, EffectGroup?) -> Void)?

  /// Inlined where the store is made, so it is specialised for the store's types there: run
  /// generic, each array, function type and deque it makes looked up its type's metadata at run
  /// time — a tenth of creating a store, paid by every store a server makes.
  @inlinable
  init(state: State, middleware: [Middleware<State, Action>], onMainActor: Bool) {
    ownedState = state
    if middleware.isEmpty {
      afterReducer = []
      beforeReducer = []
    } else {
      (afterReducer, beforeReducer) = Self.hooks(of: middleware, onMainActor: onMainActor)
    }
    hasHooks = !middleware.isEmpty
  }

  /// The middleware's hooks as the store calls them: off the path of the many stores that have
  /// none.
  @usableFromInline
  static func hooks(
    of middleware: [Middleware<State, Action>], onMainActor: Bool
  ) -> (after: [(Action, State) -> Effect<Action>], before: [(Action, State) -> Middleware<State, Action>.Decision]) {
    (
      middleware.compactMap { $0.after?.callable(onMainActor: onMainActor) },
      middleware.compactMap { $0.before?.callable(onMainActor: onMainActor) }
    )
  }

  /// Ends what the store started, as its holder goes: its effects are cancelled and its
  /// observers released.
  @usableFromInline
  func close() {
    startedEffects?.close()
    observers?.release()
  }
}
