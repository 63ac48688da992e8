/// How a scoped store reaches the store it was scoped from: its state, its send, its
/// observers and its effects, as closures made where `scope` was called.
///
/// Closures rather than a protocol existential: `scope` is inlined into its caller, so each
/// closure is specialised for the concrete state and action types there, and a send through a
/// store scoped five times costs five direct closure calls — no generic, unspecialised code and
/// no run-time metadata lookups on the way.
@MainActor
@usableFromInline
final class ParentLink<State, Action: Sendable> {
  @usableFromInline let state: () -> State
  @usableFromInline let send: (Action) -> StoreTask
  @usableFromInline let sendBatch: ([Action]) -> StoreTask
  @usableFromInline let addObserver: (@escaping (State) -> Void) -> ObservationToken
  @usableFromInline let activity: () -> EffectActivity
  @usableFromInline let finishEffects: (EffectID) async -> Void
  @usableFromInline let whenReleased: (@escaping @Sendable () -> Void) -> Void

  @inlinable
  init(
    state: @escaping () -> State,
    send: @escaping (Action) -> StoreTask,
    sendBatch: @escaping ([Action]) -> StoreTask,
    addObserver: @escaping (@escaping (State) -> Void) -> ObservationToken,
    activity: @escaping () -> EffectActivity,
    finishEffects: @escaping (EffectID) async -> Void,
    whenReleased: @escaping (@escaping @Sendable () -> Void) -> Void
  ) {
    self.state = state
    self.send = send
    self.sendBatch = sendBatch
    self.addObserver = addObserver
    self.activity = activity
    self.finishEffects = finishEffects
    self.whenReleased = whenReleased
  }
}

extension Store {
  /// A store for a part of this store's state and a subset of its actions.
  ///
  /// The child holds no state of its own: it reads the parent's state through `state`, and its
  /// actions are embedded and sent to the parent, whose reducer (usually with a ``Scope``)
  /// handles them. So the two are always in sync, both ways; the child's observers are told in
  /// the same round as the parent's.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: AppAction.counter)
  /// ```
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    // The child keeps its parent alive, as a view keeps the model it shows.
    let link = ParentLink<ChildState, ChildAction>(
      state: { toChildState(self.state) },
      send: { self.send(fromChildAction($0)) },
      sendBatch: { self.send(contentsOf: $0.map(fromChildAction)) },
      addObserver: { callback in self.addObserver { callback(toChildState($0)) } },
      activity: { self.effectActivity },
      finishEffects: { await self.finishEffects(id: $0) },
      whenReleased: { self.whenReleased($0) })
    return Store<ChildState, ChildAction>(
      state: toChildState(state),
      reduce: { _, _ in .none },
      clock: ContinuousClock(),
      middleware: [],
      parent: link)
  }

  /// A store for the part of this store's state at `toChildState`; see
  /// ``scope(state:action:)-(_,(ChildAction)->Action)``.
  ///
  /// A key path to stored, inline state (a struct property) is read through its byte offset,
  /// so a deeply scoped store costs little more than its root.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    scope(state: Self.reader(toChildState), action: fromChildAction)
  }
}
