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

  /// The store's state, queue, observers, effects and middleware, held inline.
  var fields: StoreFields<State, Action> { get set }
  /// `fields.startedEffects`, read in place: through ``fields``' getter, code not specialised
  /// for the store (a replay's idle test, once a timer tick) copied every field, state
  /// included, to read one reference.
  var startedEffects: EffectEngine? { get }
  /// The slot ``StoreTime/now`` reads this store's drains through (see ``RootCore/timeSlot``).
  var timeSlot: Unmanaged<StoreTimeSlot>? { get }
  /// What the time slot holds during this store's drain (see ``StoreTime/now``): a
  /// ``ClockedCore``'s address, or a ``StoreClockOwner``'s with its low bit set.
  var timeSlotEntry: UInt { get }
  /// Runs the store's reducer on its state in place.
  func runReducer(_ action: Action) -> Effect<Action>
  /// The store's clock: the time since the store was created, and its timers.
  var clock: StoreClock { get }
}

extension RootStorage {
  /// Called where the store is made, by the ``Store`` that owns this core (`handle`) or by an
  /// ``IsolatedStore`` (`nil`: a ``StoreLiveness`` stands in, made with the link): effect
  /// tasks and tokens will hold that handle weakly, not this core, whose reference count then
  /// stays on the fast path (a weakly referenced object's every retain goes through a side
  /// table, ~100 instructions a send). Inlined there, so ``receiver`` is specialised.
  @inlinable
  func attach(handle: AnyObject?) {
    fields.handle = handle
    fields.receiver = { core, action, group in
      unsafeDowncast(core, to: Self.self).receive(action, group: group)
    }
  }

  /// The way back to this store for its effect tasks and tokens, made at the first of them:
  /// a store that has none never makes the handle weakly referenced either. Only on the
  /// store's actor.
  @inlinable
  var link: StoreLink<Action> {
    if let madeLink = fields.madeLink { return madeLink }
    return makeLink()
  }

  /// Specialised where the store is made (like ``startEffects()``): generic, it looked up the
  /// link's metadata and the core's conformance to `EffectHost` at every store's first effect.
  @inlinable
  @inline(never)
  func makeLink() -> StoreLink<Action> {
    let link = StoreLink<Action>()
    if fields.handle == nil {
      let liveness = StoreLiveness()
      fields.liveness = liveness
      fields.handle = liveness
    }
    guard let handle = fields.handle, let receiver = fields.receiver else { preconditionFailure("A store's core was used before its store attached.") }
    link.attach(handle: handle, core: self, receiver: receiver)
    fields.madeLink = link
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
    fields.startedEffects = engine
    return engine
  }

  // MARK: - Sending

  // The path of a plain send is inlined and kept small; whatever is off it (a queue, hooks,
  // an effect to start) is specialised but called out of line.

  @inlinable
  @inline(__always)
  func sendAction(_ action: Action) -> StoreTask {
    if fields.isDraining { return queueDuringDrain(action) }
    fields.isDraining = true
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
      return StoreTask(group: fields.isDraining ? currentGroup() : nil)
    }
    if fields.isDraining {
      queueAction(first)
      while let next = iterator.next() { queueAction(next) }
      return StoreTask(group: currentGroup())
    }
    while let next = iterator.next() { queueAction(next) }
    fields.isDraining = true
    let outer = beginDrain()
    handle(first)
    return finishDrain(restoring: outer)
  }

  /// Runs `body` (which reduces an action, or starts an effect) as part of a drain: at once
  /// inside a drain under way, else as a drain of its own whose effects join `group`.
  @inlinable
  func drain(joining group: EffectGroup?, _ body: () -> Void) {
    if fields.isDraining {
      body()
      return
    }
    fields.isDraining = true
    if let group {
      fields.drainGroup = group
      fields.hasFollowUps = true
    }
    let outer = beginDrain()
    body()
    _ = finishDrain(restoring: outer)
  }

  /// Replaces the state as a drain of its own would change it: observers are told after.
  @usableFromInline
  func replaceState(with state: State) {
    drain(joining: nil) {
      fields.ownedState = state
      fields.hasFollowUps = true
    }
  }

  /// The one drain sequence, after the first action of a drain was handled: handles every
  /// action queued meanwhile, first in first out, and tells the observers once the queue is
  /// empty — and again after any action they sent. Effects started join the drain's group
  /// (made when the first starts), which the returned task covers.
  @inlinable
  @inline(__always)
  func finishDrain(restoring outer: UInt) -> StoreTask {
    if !fields.hasFollowUps {
      fields.isDraining = false
      endDrain(restoring: outer)
      return StoreTask(group: nil)
    }
    repeat {
      if !fields.queue.isEmpty { handleQueued() }
      if let observers = fields.observers, observers._withUnsafeGuaranteedRef({ !$0.isEmpty }) { notifyObservers(observers) }
    } while !fields.queue.isEmpty
    // The queue is empty and the group is taken below: only observers remain to tell.
    fields.hasFollowUps = fields.observers != nil
    fields.isDraining = false
    endDrain(restoring: outer)
    if fields.drainGroup == nil { return StoreTask(group: nil) }
    return takeGroup()
  }

  @inlinable
  @inline(never)
  func takeGroup() -> StoreTask {
    let started = fields.drainGroup
    fields.drainGroup = nil
    return StoreTask(group: started)
  }

  /// Handles the queued actions, first in first out, until the queue is empty.
  @inlinable
  @inline(never)
  func handleQueued() {
    while let next = fields.queue.popFirst() { handle(next) }
  }

  @inlinable
  @inline(__always)
  func handle(_ action: Action) {
    if fields.hasHooks {
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
    for hook in index..<fields.beforeReducer.count {
      switch withStateInPlace({ fields.beforeReducer[hook](action, $0) }) {
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
    for hook in fields.afterReducer {
      let effect = withStateInPlace { hook(action, $0) }
      if !effect.isNone { start(effect) }
    }
    if let actionTap = fields.actionTap { withStateInPlace { actionTap(action, $0) } }
  }

  /// Lends `body` the state where it lies, for code outside the store that reads it (a
  /// terminal app's view and key closures): as a drain of its own, so an action `body` sends —
  /// a view or a key's closure should not, but may — is queued and handled once `body` is done,
  /// as an observer's is, and the state never changes under the borrow.
  @inlinable
  func lendState<Result>(_ body: (State) -> Result) -> Result {
    if fields.isDraining { return withStateInPlace(body) }
    fields.isDraining = true
    let result = withStateInPlace(body)
    if fields.queue.isEmpty {
      fields.isDraining = false
      return result
    }
    _ = finishDrain(restoring: beginDrain())
    return result
  }

  /// Calls `body` with the state read where it lies. Read from ``fields`` to be passed to a
  /// hook, the state came with a copy of every field beside it, at each action a middleware saw.
  @inlinable
  func withStateInPlace<Result>(_ body: (State) -> Result) -> Result {
    withUnsafePointer(to: &fields.ownedState) { body($0.pointee) }
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
    if let drainGroup = fields.drainGroup { return drainGroup }
    let group = EffectGroup()
    fields.drainGroup = group
    fields.hasFollowUps = true
    return group
  }

  /// Queues `action` behind the one being handled.
  @inlinable
  func queueAction(_ action: Action) {
    fields.queue.append(action)
    fields.hasFollowUps = true
  }

  // MARK: - Observing

  /// The observer table, made here with the first observer.
  @usableFromInline
  var observerTable: ObserverTable<State> {
    if let observers = fields.observers { return observers.takeUnretainedValue() }
    let table = ObserverTable<State>()
    fields.observers = Unmanaged.passRetained(table)
    fields.hasFollowUps = true
    return table
  }

  /// Adds an observer that reads each round's state through a pointer; returns the id that
  /// ``removeObserver(id:)`` takes.
  @usableFromInline
  func addObserverID(reading callback: @escaping (UnsafePointer<State>) -> Void) -> UInt64 {
    observerTable.add(callback)
  }

  /// The observation behind ``IsolatedStore/observe(_:onChange:isolation:)`` and
  /// ``StoreActor/observe(_:onChange:)``: `onChange` gets the selected value now and each
  /// new one after a round, on the store's actor; the token keeps the store alive.
  @usableFromInline
  func observation<Value: Equatable>(
    _ select: @escaping (State) -> Value, onChange: @escaping (Value) -> Void
  ) -> IsolatedObservationToken {
    var last = select(fields.ownedState)
    onChange(last)
    let id = addObserverID { state in
      let value = lend(state, to: select)
      guard value != last else { return }
      last = value
      onChange(value)
    }
    return IsolatedObservationToken { [self] in removeObserver(id: id) }
  }

  /// The sequence behind ``IsolatedStore/values(_:isolation:)`` and ``StoreActor/values(_:)``:
  /// it does not keep the store alive, buffers only the newest value, and ends when its
  /// consumer stops or the store's effects close (the store is freed).
  @usableFromInline
  func valueStream<Value: Equatable & Sendable>(_ select: @escaping (State) -> Value) -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self, bufferingPolicy: .bufferingNewest(1))
    let last = select(fields.ownedState)
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

  /// Adds the observer behind a sequence of values (``valueStream(_:)``): it yields each
  /// new selected value after `last`, and once the sequence's consumer has stopped (`ending`)
  /// it removes itself at the store's next round.
  @usableFromInline
  func addValueObserver<Value: Equatable & Sendable>(
    select: @escaping (State) -> Value, last: Value, ending: StreamEnding,
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
    withUnsafePointer(to: &fields.ownedState) { state in observers._withUnsafeGuaranteedRef { $0.notify(state) } }
  }

  // MARK: - The effects' way back in (`EffectHost`)

  @usableFromInline
  func removeObserver(id: UInt64) {
    fields.observers?._withUnsafeGuaranteedRef { $0.remove(id: id) }
  }

  @usableFromInline
  func enqueue(_ action: Action) {
    queueAction(action)
  }

  @inlinable
  func receive(_ action: Action, group: EffectGroup?) {
    // Never nested into a reduce under way: queued behind it, like any send.
    if fields.isDraining {
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
