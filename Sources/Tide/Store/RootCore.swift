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
  // The fields a plain send reads come first, in the object's first cache line with its
  // header (which a caller's retain touches anyway) and the line after it: at a server's
  // thousands of stores each store is out of cache when its request comes, so every further
  // line, and every further object, a send must reach is another wait on memory. The clock
  // (the superclass's), the time slot and the reducer, then the shared fields with the flags
  // and the state first (see ``StoreFields``).
  /// The slot ``StoreTime/now`` reads this store's drains through, chosen once here: the one
  /// the main actor's stores share, or `nil` for a store off the main actor, whose drains may
  /// run beside another's and go through the current thread's slot. The main actor's path
  /// then costs what it did before stores could live elsewhere: no lookup of the slot. Held
  /// unretained (the shared slot lives as long as the process), so a drain retains nothing.
  @usableFromInline let timeSlot: Unmanaged<StoreTimeSlot>?
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  /// The store's state, queue, observers, effects and middleware.
  ///
  /// Opts out of dynamic exclusivity checks, which would otherwise cost more than the store's
  /// own work per action. This is safe because every access happens on the store's actor, and
  /// none is held across a call-out; reducers are pure functions of their arguments and never
  /// reach the store (the store is not passed to them, and a `Send` re-entering it only
  /// queues).
  @exclusivity(unchecked) @usableFromInline var fields: StoreFields<State, Action>
  /// The current state.
  @inlinable var state: State { fields.ownedState }

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
    let onMainActor = home === MainActor.shared
    self.fields = StoreFields(state: state, middleware: middleware, onMainActor: onMainActor)
    self.reducer = reduce
    self.timeSlot = onMainActor ? Unmanaged.passUnretained(StoreTime.mainActorSlot) : nil
    super.init(clock: StoreClock(clock, home: home))
  }

  deinit {
    fields.close()
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
    reducer(&fields.ownedState, action)
  }

  @inlinable var timeSlotEntry: UInt { UInt(bitPattern: Unmanaged<ClockedCore>.passUnretained(self).toOpaque()) }
}

/// What effect tasks hold weakly to tell whether a store no ``Store`` owns (an
/// ``IsolatedStore``'s core, a ``StoreActor``) is alive: its core owns it, so it lives exactly as long as the
/// core. It holds nothing: a use of the core through the link retains the core itself.
@usableFromInline
final class StoreLiveness {
  @usableFromInline init() {}
}

extension RootCore: RootStorage {
  @inlinable var startedEffects: EffectEngine? { fields.startedEffects }
}
