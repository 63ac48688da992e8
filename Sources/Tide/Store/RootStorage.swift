import DequeModule
import Synchronization

/// What a store that owns its state is made of, and the one implementation of its work on it:
/// it reduces actions one at a time, runs their effects and tells observers about changes.
///
/// Two kinds of object hold these fields: ``RootCore``, the core a ``Store`` or an
/// ``IsolatedStore`` is a handle on, and ``StoreActor``, a store that is an actor of its own
/// and holds its state in its own memory — at a server's thousands of stores, each out of
/// cache when its request comes, one object fewer to reach at a send. The drain, the effects
/// and the observers are written once, here, for both: every method is inlinable, so it is
/// specialised for the concrete store and its state and action types where the store is used,
/// and a field read through this protocol is the field itself.
///
/// Every member is used only on the store's actor (the main actor for ``Store``, the owning
/// actor for ``IsolatedStore``, the store itself for ``StoreActor``): effect tasks reach it
/// only through its ``StoreLink``, which hops to that actor first.
@usableFromInline
protocol RootStorage<State, Action>: EffectHost {
  associatedtype State

  var isDraining: Bool { get set }
  /// Whether the drain under way must look past its first action: an action was queued, an
  /// effect's group was made, or there are observers to tell. Set by whatever makes one, so a
  /// plain send — nothing queued, nothing started, nobody observing — tests one flag where it
  /// read the queue, the observers and the group (three fields, at a server's thousands of
  /// stores three more bytes of the store to bring in at each request).
  var hasFollowUps: Bool { get set }
  /// Whether any middleware or tap runs: one test on the path of a plain store.
  var hasHooks: Bool { get set }
  var queue: Deque<Action> { get set }
  /// The observers, made with the first, as an owned unmanaged reference released when the
  /// store goes: a drain reads it through a borrowed reference, with no retain and release.
  var observers: Unmanaged<ObserverTable<State>>? { get set }
  var drainGroup: EffectGroup? { get set }
  /// The slot ``StoreTime/now`` reads this store's drains through (see ``RootCore/timeSlot``).
  var timeSlot: Unmanaged<StoreTimeSlot>? { get }
  /// What the time slot holds during this store's drain (see ``StoreTime/now``): a
  /// ``ClockedCore``'s address, or a ``StoreClockOwner``'s with its low bit set.
  var timeSlotEntry: UInt { get }
  /// Runs the store's reducer on its state in place.
  func runReducer(_ action: Action) -> Effect<Action>
  /// The state, held where the store's fields are: the reducer mutates it in place.
  var ownedState: State { get set }
  var actionTap: ((Action, State) -> Void)? { get }
  var afterReducer: [(Action, State) -> Effect<Action>] { get }
  var beforeReducer: [(Action, State) -> Middleware<State, Action>.Decision] { get }
  var madeLink: StoreLink<Action>? { get set }
  var handle: AnyObject? { get set }
  var liveness: StoreLiveness? { get set }
  var receiver: ((AnyObject, Action, EffectGroup?) -> Void)? { get set }
  var startedEffects: EffectEngine? { get set }
  /// The store's clock: the time since the store was created, and its timers.
  var clock: StoreClock { get }
}

extension RootStorage {
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
      unsafeDowncast(core, to: Self.self).receive(action, group: group)
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

  /// The interpreter of the store's effects, on its engine. Only on the store's actor.
  @inlinable
  var effects: EffectInterpreter<Action> {
    EffectInterpreter(engine: registry, link: link)
  }

  /// The store's effect engine, made here at the first effect (or the first question about
  /// effects), so a store that starts none costs none of it. Only on the store's actor.
  @inlinable
  var registry: EffectEngine {
    if let startedEffects { return startedEffects }
    return startEffects()
  }

  @inlinable
  @inline(never)
  func startEffects() -> EffectEngine {
    let engine = EffectEngine(clock: clock)
    startedEffects = engine
    return engine
  }

  // MARK: - Sending

  // The path of a plain send is inlined and kept small; whatever is off it (a queue, hooks,
  // an effect to start) is specialised but called out of line.

  @inlinable
  @inline(__always)
  func sendAction(_ action: Action) -> StoreTask {
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
    let entry = timeSlotEntry
    if let timeSlot { return timeSlot._withUnsafeGuaranteedRef { $0.enter(entry) } }
    return StoreTime.enterOnThread(entry)
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
    queueAction(action)
    return StoreTask(group: currentGroup())
  }

  @inlinable
  func sendActions(contentsOf actions: some Sequence<Action>) -> StoreTask {
    var iterator = actions.makeIterator()
    guard let first = iterator.next() else {
      return StoreTask(group: isDraining ? currentGroup() : nil)
    }
    if isDraining {
      queueAction(first)
      while let next = iterator.next() { queueAction(next) }
      return StoreTask(group: currentGroup())
    }
    while let next = iterator.next() { queueAction(next) }
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
    if let group {
      drainGroup = group
      hasFollowUps = true
    }
    let outer = beginDrain()
    body()
    _ = finishDrain(restoring: outer)
  }

  /// Replaces the state as a drain of its own would change it: observers are told after.
  @usableFromInline
  func replaceState(with state: State) {
    drain(joining: nil) {
      ownedState = state
      hasFollowUps = true
    }
  }

  /// The one drain sequence, after the first action of a drain was handled: handles every
  /// action queued meanwhile, first in first out, and tells the observers once the queue is
  /// empty — and again after any action they sent. Effects started join the drain's group
  /// (made when the first starts), which the returned task covers.
  @inlinable
  @inline(__always)
  func finishDrain(restoring outer: UInt) -> StoreTask {
    if !hasFollowUps {
      isDraining = false
      endDrain(restoring: outer)
      return StoreTask(group: nil)
    }
    repeat {
      if !queue.isEmpty { handleQueued() }
      if let observers, observers._withUnsafeGuaranteedRef({ !$0.isEmpty }) { notifyObservers(observers) }
    } while !queue.isEmpty
    // The queue is empty and the group is taken below: only observers remain to tell.
    hasFollowUps = observers != nil
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
    let effect = runReducer(action)
    if !effect.isNone { start(effect) }
  }

  /// Passes `action` through the before-reducer hooks from `index` on, then to the reducer
  /// and the after-reducer hooks.
  @inlinable
  @inline(never)
  func handle(_ action: Action, fromHook index: Int) {
    var action = action
    for hook in index..<beforeReducer.count {
      switch beforeReducer[hook](action, ownedState) {
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
      let effect = hook(action, ownedState)
      if !effect.isNone { start(effect) }
    }
    if let actionTap { actionTap(action, ownedState) }
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
      queueAction(action)
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
    hasFollowUps = true
    return group
  }

  /// Queues `action` behind the one being handled.
  @inlinable
  func queueAction(_ action: Action) {
    queue.append(action)
    hasFollowUps = true
  }

  // MARK: - Observing

  /// The observer table, made here with the first observer.
  @usableFromInline
  var observerTable: ObserverTable<State> {
    if let observers { return observers.takeUnretainedValue() }
    let table = ObserverTable<State>()
    observers = Unmanaged.passRetained(table)
    hasFollowUps = true
    return table
  }

  /// Adds an observer that reads each round's state through a pointer; returns the id that
  /// ``removeObserver(id:)`` takes.
  @usableFromInline
  func addObserverID(reading callback: @escaping (UnsafePointer<State>) -> Void) -> UInt64 {
    observerTable.add(callback)
  }

  /// Adds the observer behind a sequence of values (``StoreActor/values(_:)``): it yields each
  /// new selected value after `last`, and once the sequence's consumer has stopped (`ending`)
  /// it removes itself at the store's next round.
  @usableFromInline
  func addValueObserver<Value: Equatable & Sendable>(
    select: @escaping @Sendable (State) -> Value, last: Value, ending: StreamEnding,
    continuation: AsyncStream<Value>.Continuation
  ) {
    var last = last
    var id: UInt64 = 0
    // Called only on the store, which is alive while its table holds the observer.
    id = addObserverID { [unowned(unsafe) self] state in
      if ending.hasEnded {
        self.removeObserver(id: id)
        return
      }
      let value = lend(state, to: select)
      guard value != last else { return }
      last = value
      continuation.yield(value)
    }
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
    withUnsafePointer(to: &ownedState) { state in observers._withUnsafeGuaranteedRef { $0.notify(state) } }
  }

  // MARK: - The effects' way back in (`EffectHost`)

  @usableFromInline
  func removeObserver(id: UInt64) {
    observers?._withUnsafeGuaranteedRef { $0.remove(id: id) }
  }

  @usableFromInline
  func enqueue(_ action: Action) {
    queueAction(action)
  }

  @inlinable
  func receive(_ action: Action, group: EffectGroup?) {
    // Never nested into a reduce under way: queued behind it, like any send.
    if isDraining {
      queueAction(action)
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

/// Whether the consumer of a sequence of a store's values has stopped: set from the stream's
/// termination, on any thread, and read by its observer on the store.
@usableFromInline
final class StreamEnding: Sendable {
  private let ended = Atomic<Bool>(false)
  init() {}
  var hasEnded: Bool { ended.load(ordering: .relaxed) }
  func end() { ended.store(true, ordering: .relaxed) }
}
