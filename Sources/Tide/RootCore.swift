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
  @exclusivity(unchecked) @usableFromInline var state: State
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
  @exclusivity(unchecked) @usableFromInline var startedEffects: EffectInterpreter<Action>?

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
    self.state = state
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

  /// The middleware's hooks as the core calls them: off the path of the many stores that have
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

  /// Called where the store is made, by the ``Store`` that owns this core (`handle`) or by an
  /// ``IsolatedStore`` (`nil`: a ``StoreLiveness`` stands in, made with the link): effect
  /// tasks and tokens will hold that handle weakly, not this core, whose reference count then
  /// stays on the fast path (a weakly referenced object's every retain goes through a side
  /// table, ~100 instructions a send). Inlined there, so ``receiver`` is specialised.
  @inlinable
  func attach(handle: AnyObject?) {
    self.handle = handle
    self.receiver = { core, action, group in
      unsafeDowncast(core, to: RootCore<State, Action>.self).receive(action, group: group)
    }
  }

  /// The way back to this store for its effect tasks and tokens, made at the first of them:
  /// a store that has none never makes the handle weakly referenced either. Only on the
  /// store's actor.
  @inlinable
  var link: StoreLink<Action> {
    if let madeLink { return madeLink }
    return makeLink()
  }

  /// Specialised where the store is made (like ``startEffects()``): generic, it looked up the
  /// link's metadata and the core's conformance to `EffectHost` at every store's first effect.
  @inlinable
  @inline(never)
  func makeLink() -> StoreLink<Action> {
    let link = StoreLink<Action>(homeIsMainActor: clock.homeIdentity == ObjectIdentifier(MainActor.shared))
    if handle == nil {
      let liveness = StoreLiveness()
      self.liveness = liveness
      handle = liveness
    }
    guard let handle, let receiver else { preconditionFailure("A store's core was used before its store attached.") }
    link.attach(handle: handle, core: self, receiver: receiver)
    madeLink = link
    return link
  }

  /// The store's effect object: its scheduler, registry and interpreter in one, made here at
  /// the first effect (or the first question about effects), so a store that starts none
  /// costs none of it. Only on the store's actor.
  @inlinable
  var effects: EffectInterpreter<Action> {
    if let startedEffects { return startedEffects }
    return startEffects()
  }

  @inlinable
  @inline(never)
  func startEffects() -> EffectInterpreter<Action> {
    let effects = EffectInterpreter(clock: clock, link: link)
    startedEffects = effects
    return effects
  }

  deinit {
    startedEffects?.close()
    observers?.release()
  }

  @usableFromInline var registry: EffectRegistry { effects.registry }

  // MARK: - Sending

  // The path of a plain send is inlined and kept small; whatever is off it (a queue, hooks,
  // an effect to start) is specialised but called out of line.

  @inlinable
  func send(_ action: Action) -> StoreTask {
    if isDraining { return queueDuringDrain(action) }
    isDraining = true
    let outer = beginDrain()
    handle(action)
    return finishDrain(restoring: outer)
  }

  /// Makes this store's clock the one ``StoreTime/now`` reads for the drain starting now;
  /// returns the one to restore when it ends (an outer store's, or none).
  @inlinable
  @inline(__always)
  func beginDrain() -> UInt {
    let core = Unmanaged<ClockedCore>.passUnretained(self)
    if let timeSlot { return timeSlot._withUnsafeGuaranteedRef { $0.enter(core) } }
    return StoreTime.enterOnThread(core)
  }

  /// Restores what ``beginDrain()`` returned.
  @inlinable
  @inline(__always)
  func endDrain(restoring outer: UInt) {
    if let timeSlot { return timeSlot._withUnsafeGuaranteedRef { $0.leave(restoring: outer) } }
    StoreTime.leaveOnThread(restoring: outer)
  }

  @inlinable
  @inline(never)
  func queueDuringDrain(_ action: Action) -> StoreTask {
    queue.append(action)
    return StoreTask(group: currentGroup())
  }

  @inlinable
  func send(contentsOf actions: some Sequence<Action>) -> StoreTask {
    var iterator = actions.makeIterator()
    guard let first = iterator.next() else {
      return StoreTask(group: isDraining ? currentGroup() : nil)
    }
    if isDraining {
      queue.append(first)
      while let next = iterator.next() { queue.append(next) }
      return StoreTask(group: currentGroup())
    }
    while let next = iterator.next() { queue.append(next) }
    isDraining = true
    let outer = beginDrain()
    handle(first)
    return finishDrain(restoring: outer)
  }

  /// Runs `body` (which reduces an action, or starts an effect) as part of a drain: at once
  /// inside a drain under way, else as a drain of its own whose effects join `group`.
  @inlinable
  func drain(joining group: EffectGroup?, _ body: () -> Void) {
    if isDraining {
      body()
      return
    }
    isDraining = true
    drainGroup = group
    let outer = beginDrain()
    body()
    _ = finishDrain(restoring: outer)
  }

  /// The one drain sequence, after the first action of a drain was handled: handles every
  /// action queued meanwhile, first in first out, and tells the observers once the queue is
  /// empty — and again after any action they sent. Effects started join the drain's group
  /// (made when the first starts), which the returned task covers.
  @inlinable
  @inline(__always)
  func finishDrain(restoring outer: UInt) -> StoreTask {
    repeat {
      if !queue.isEmpty { handleQueued() }
      if let observers, observers._withUnsafeGuaranteedRef({ !$0.isEmpty }) { notifyObservers(observers) }
    } while !queue.isEmpty
    isDraining = false
    endDrain(restoring: outer)
    if drainGroup == nil { return StoreTask(group: nil) }
    return takeGroup()
  }

  @inlinable
  @inline(never)
  func takeGroup() -> StoreTask {
    let started = drainGroup
    drainGroup = nil
    return StoreTask(group: started)
  }

  /// Handles the queued actions, first in first out, until the queue is empty.
  @inlinable
  @inline(never)
  func handleQueued() {
    while let next = queue.popFirst() { handle(next) }
  }

  @inlinable
  @inline(__always)
  func handle(_ action: Action) {
    if hasHooks {
      handle(action, fromHook: 0)
      return
    }
    reduce(action)
  }

  /// Runs the reducer on the state in place and starts the effect it returns.
  @inlinable
  @inline(__always)
  func reduce(_ action: Action) {
    let effect = reducer(&state, action)
    if !effect.isNone { start(effect) }
  }

  /// Passes `action` through the before-reducer hooks from `index` on, then to the reducer
  /// and the after-reducer hooks.
  @inlinable
  @inline(never)
  func handle(_ action: Action, fromHook index: Int) {
    var action = action
    for hook in index..<beforeReducer.count {
      switch beforeReducer[hook](action, state) {
      case .proceed(let next):
        action = next
      case .drop:
        return
      case .delay(let later, let delay):
        resume(later, fromHook: hook + 1, after: delay)
        return
      }
    }
    reduce(action)
    for hook in afterReducer {
      let effect = hook(action, state)
      if !effect.isNone { start(effect) }
    }
    if let actionTap { actionTap(action, state) }
  }

  /// Hands `action` to the hooks from `index` on once `delay` has passed on the store's clock,
  /// as an effect of the current send.
  @usableFromInline
  func resume(_ action: Action, fromHook index: Int, after delay: Duration) {
    let group = currentGroup()
    effects.schedule(at: clock.now + delay, ids: [], group: group) { host in
      host.resume(action, fromHook: index, group: group)
    }
  }

  /// Starts an effect a reducer or middleware returned: a `.send` is queued here, inlined
  /// into the caller; everything else goes to the interpreter.
  @inlinable
  @inline(never)
  func start(_ effect: Effect<Action>) {
    if case .send(let action) = effect.operation {
      queue.append(action)
      return
    }
    startEffect(effect)
  }

  @inlinable
  func startEffect(_ effect: Effect<Action>) {
    effects.start(effect, ids: [], host: self)
  }

  @usableFromInline
  func currentGroup() -> EffectGroup {
    if let drainGroup { return drainGroup }
    let group = EffectGroup()
    drainGroup = group
    return group
  }

  // MARK: - Observing

  /// The observer table, made here with the first observer.
  var observerTable: ObserverTable<State> {
    if let observers { return observers.takeUnretainedValue() }
    let table = ObserverTable<State>()
    observers = Unmanaged.passRetained(table)
    return table
  }

  /// Adds an observer that reads each round's state through a pointer; returns the id that
  /// ``removeObserver(id:)`` takes.
  @usableFromInline
  func addObserverID(reading callback: @escaping (UnsafePointer<State>) -> Void) -> UInt64 {
    observerTable.add(callback)
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

  /// Calls every observer with the current state; observers may add, remove or send.
  @inlinable
  @inline(never)
  func notifyObservers(_ observers: Unmanaged<ObserverTable<State>>) {
    // The state is lent to every observer where it lies: an observer may send, which only
    // queues, so it never changes during the round. Rounds never nest: an action an observer
    // sends is drained after this round.
    // The address of a final class's stored property, unchecked: the property itself, not a
    // copy; observers that read `state` meanwhile read the same memory, unchanged.
    withUnsafePointer(to: &state) { state in observers._withUnsafeGuaranteedRef { $0.notify(state) } }
  }
}

/// What effect tasks hold weakly to tell whether a store no ``Store`` owns (an
/// ``IsolatedStore``'s core) is alive: its core owns it, so it lives exactly as long as the
/// core. It holds nothing: a use of the core through the link retains the core itself.
@usableFromInline
final class StoreLiveness {
  @usableFromInline init() {}
}

extension RootCore: EffectHost {
  @usableFromInline
  func removeObserver(id: UInt64) {
    observers?._withUnsafeGuaranteedRef { $0.remove(id: id) }
  }

  @usableFromInline
  func enqueue(_ action: Action) {
    queue.append(action)
  }

  @inlinable
  func receive(_ action: Action, group: EffectGroup?) {
    // Never nested into a reduce under way: queued behind it, like any send.
    if isDraining {
      queue.append(action)
      return
    }
    drain(joining: group) { handle(action) }
  }

  @usableFromInline
  func start(_ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?) {
    drain(joining: group) { effects.start(effect, ids: ids, host: self) }
  }

  @usableFromInline
  func resume(_ action: Action, fromHook index: Int, group: EffectGroup?) {
    drain(joining: group) { handle(action, fromHook: index) }
  }
}
