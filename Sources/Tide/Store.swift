import DequeModule

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
/// The store is `@MainActor`. An action sent while another is being reduced — by an observer,
/// a middleware or a `.send` effect — is queued and handled after it, first in first out,
/// never recursively. Observers are told once per drained batch: after the action sent and
/// every action it queued have been reduced, each observer is called once with the resulting
/// state. An action an observer sends starts another round, so no observer is ever given a
/// state older than one it has seen.
@MainActor
public final class Store<State, Action: Sendable> {
  // The hot properties opt out of dynamic exclusivity checks, which would otherwise cost more
  // than the store's own work per action. This is safe because every access happens on the
  // main actor, and the only access held across a call-out is the reducer's `inout` to
  // `storage`; reducers are pure functions of their arguments and never reach the store (the
  // store is not passed to them, and a `Send` re-entering it only queues).
  @exclusivity(unchecked) @usableFromInline var storage: State
  @exclusivity(unchecked) @usableFromInline var queue = Deque<Action>()
  @exclusivity(unchecked) @usableFromInline var isDraining = false
  @exclusivity(unchecked) @usableFromInline var drainGroup: EffectGroup?
  @exclusivity(unchecked) @usableFromInline var observers = ObserverList<State>()
  @exclusivity(unchecked) @usableFromInline var epicInput: ((Action, State) -> Void)?
  @usableFromInline let reducer: (inout State, Action) -> Effect<Action>
  @usableFromInline let afterReducer: [@MainActor (Action, State) -> Effect<Action>]
  @usableFromInline let beforeReducer: [@MainActor (Action, State) -> Middleware<State, Action>.Decision]
  @usableFromInline let parent: ParentLink<State, Action>?
  let runner: EffectRunner<Action>
  /// Room for the copy of the state lent to observers during a notification round.
  @usableFromInline let roundState = RoundState<State>()
  var throttles: [EffectID: ThrottleState<Action>] = [:]

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
    // Boxed, so each call borrows the reducer instead of copying it (and retaining every
    // closure inside it) out of the closure's context.
    let box = ReducerBox(reducer)
    self.init(
      state: initialState,
      reduce: { box.reducer.reduce(into: &$0, action: $1) },
      clock: clock,
      middleware: middleware,
      parent: nil)
  }

  @usableFromInline
  init(
    state: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    clock: any Clock<Duration>,
    middleware: [Middleware<State, Action>],
    parent: ParentLink<State, Action>?
  ) {
    self.storage = state
    self.reducer = reduce
    self.afterReducer = middleware.compactMap(\.after)
    self.beforeReducer = middleware.compactMap(\.before)
    self.parent = parent
    let link = StoreLink<Action>()
    self.runner = EffectRunner(
      registry: EffectRegistry(activity: EffectActivity()), clock: StoreClock(clock), link: link)
    link.attach(self)
  }

  deinit {
    runner.registry.close()
  }

  /// The current state.
  @inlinable
  public var state: State {
    if let parent { return parent.state() }
    return storage
  }

  /// Sends an action: the reducer runs at once (or, if the store is busy reducing, right after
  /// the actions queued before it) and observers are told when the queue has drained.
  ///
  /// - Returns: A task for the effects the action started; it can be ignored.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    if let parent { return parent.send(action) }
    return dispatch(action, joining: nil)
  }

  /// Sends the actions in order as one batch: each is reduced in turn and observers are told
  /// once, after the last.
  @discardableResult
  public func send(contentsOf actions: some Sequence<Action>) -> StoreTask {
    if let parent {
      return parent.sendBatch(Array(actions))
    }
    if isDraining {
      queue.append(contentsOf: actions)
      return StoreTask(group: currentGroup())
    }
    var iterator = actions.makeIterator()
    guard let first = iterator.next() else { return StoreTask(group: nil) }
    while let next = iterator.next() { queue.append(next) }
    return dispatch(first, joining: nil)
  }

  @inlinable
  func dispatch(_ action: Action, joining group: EffectGroup?) -> StoreTask {
    if isDraining {
      queue.append(action)
      return StoreTask(group: currentGroup())
    }
    isDraining = true
    drainGroup = group
    handle(action)
    drain()
    isDraining = false
    let started = drainGroup
    drainGroup = nil
    return StoreTask(group: started)
  }

  @inlinable
  func handle(_ action: Action) {
    if !beforeReducer.isEmpty {
      handle(action, fromHook: 0)
      return
    }
    reduce(action)
  }

  @inlinable
  func reduce(_ action: Action) {
    let effect = reducer(&storage, action)
    if !effect.isNone { start(effect) }
    if !afterReducer.isEmpty { runMiddleware(after: action) }
    if let epicInput { epicInput(action, storage) }
  }

  /// Passes `action` through the before-reducer hooks from `index` on, then to the reducer.
  @usableFromInline
  func handle(_ action: Action, fromHook index: Int) {
    var action = action
    for hook in index..<beforeReducer.count {
      switch beforeReducer[hook](action, storage) {
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
  }

  /// Hands `action` to the hooks after `index` once `delay` has passed on the store's clock,
  /// as an effect of the current send.
  func resume(_ action: Action, fromHook index: Int, after delay: Duration) {
    let group = currentGroup()
    runner.schedule(at: runner.clock.now + delay, ids: [], group: group) { store in
      store.resume(action, fromHook: index, group: group)
    }
  }

  @inlinable
  func drain() {
    repeat {
      while let next = queue.popFirst() { handle(next) }
      if !observers.isEmpty { notifyObservers() }
    } while !queue.isEmpty
  }

  @usableFromInline
  func runMiddleware(after action: Action) {
    for hook in afterReducer {
      let effect = hook(action, storage)
      if !effect.isNone { start(effect) }
    }
  }

  @usableFromInline
  func currentGroup() -> EffectGroup {
    if let drainGroup { return drainGroup }
    let group = EffectGroup()
    drainGroup = group
    return group
  }

  /// Starts an effect a reducer or middleware returned. A `.send` is queued here, inlined and
  /// specialised into the caller; everything else goes through the interpreter.
  @inlinable
  func start(_ effect: Effect<Action>) {
    if case .send(let action) = effect.operation {
      queue.append(action)
      return
    }
    startEffect(effect)
  }

  @usableFromInline
  func startEffect(_ effect: Effect<Action>) {
    start(effect, ids: [])
  }

  /// The synchronous half of the effect interpreter: queues `.send` actions and hands
  /// everything asynchronous to the runner as tasks.
  func start(_ effect: Effect<Action>, ids: [EffectID]) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      queue.append(action)
    case .merge(let effects):
      for child in effects { start(child, ids: ids) }
    case .concatenate(let effects):
      if effect.isSynchronous {
        for child in effects { start(child, ids: ids) }
      } else {
        runner.spawn(effect, ids: ids, group: currentGroup())
      }
    case .run, .sleep, .timer:
      runner.spawn(effect, ids: ids, group: currentGroup())
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { cancelEffects(id: id) }
      start(inner, ids: ids + [id])
    case .cancel(let id):
      cancelEffects(id: id)
    case .throttle(let id, let interval, let latest, let inner):
      startThrottle(
        id: id, interval: interval, latest: latest, effect: inner, ids: ids, group: currentGroup())
    }
  }

  /// Runs `body` as a drain of its own when the store is idle, so effects it starts and
  /// actions it queues are handled and observers told.
  func draining(joining group: EffectGroup?, _ body: () -> Void) {
    if isDraining {
      body()
      return
    }
    isDraining = true
    drainGroup = group
    body()
    drain()
    isDraining = false
    drainGroup = nil
  }

  /// Counters of this store's effect tasks, for tests and replays that wait until it is idle.
  @usableFromInline
  package var effectActivity: EffectActivity {
    parent?.activity() ?? runner.activity
  }

  /// The time on the store's clock since the store was created.
  package var clockOffset: Duration {
    runner.clock.now
  }

  /// Waits until no effect marked with `id` (see ``Effect/cancellable(id:cancelInFlight:)``)
  /// is running, including ones that start while it waits.
  ///
  /// A program uses it to let work that must not be dropped — a save started by the last
  /// action — finish before it exits; bound the wait yourself if it must not hang.
  public func finishEffects(id: some Hashable & Sendable) async {
    await finishEffects(id: EffectID(id))
  }

  @usableFromInline
  func finishEffects(id: EffectID) async {
    if let parent {
      await parent.finishEffects(id)
      return
    }
    while true {
      let tasks = runner.registry.tasks(id: id)
      if tasks.isEmpty { return }
      for task in tasks { await task.value }
    }
  }

  /// The registry keys of the effect tasks of this root store running now.
  package var runningEffectKeys: Set<UInt64> {
    runner.registry.runningKeys
  }

  /// Cancels every running effect of the store.
  package func cancelAllEffects() {
    runner.registry.cancelAll()
  }
}

extension Store: EffectHandler {
  func receive(_ action: Action, group: EffectGroup?) {
    _ = dispatch(action, joining: group)
  }

  func resume(_ action: Action, fromHook index: Int, group: EffectGroup?) {
    draining(joining: group) { handle(action, fromHook: index) }
  }

  func cancelEffects(id: EffectID) {
    runner.registry.cancel(id: id)
    throttles[id] = nil
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
