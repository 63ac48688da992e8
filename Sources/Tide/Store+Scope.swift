/// The store a scoped store reads its state from and sends its actions to.
@MainActor
@usableFromInline
protocol ParentStore<State, Action>: AnyObject {
  associatedtype State
  associatedtype Action: Sendable
  var state: State { get }
  func send(_ action: Action) -> StoreTask
  func send(batch actions: [Action]) -> StoreTask
  func addObserver(_ callback: @escaping (State) -> Void) -> ObservationToken
  var activity: EffectActivity { get }
  func finishEffects(id: EffectID) async
  func whenReleased(_ handler: @escaping @Sendable () -> Void)
}

/// Connects a scoped store to its parent through a state projection and an action embedding.
///
/// A class with methods rather than a bundle of closures: calls stay direct, specialized and
/// free of the closure contexts a chain of nested scopes would otherwise retain and release.
@MainActor
@usableFromInline
final class ScopeBridge<ParentState, ParentAction: Sendable, State, Action: Sendable>: ParentStore {
  @usableFromInline let parent: Store<ParentState, ParentAction>
  @usableFromInline let toChildState: (ParentState) -> State
  @usableFromInline let fromChildAction: (Action) -> ParentAction

  @inlinable
  init(
    parent: Store<ParentState, ParentAction>,
    toChildState: @escaping (ParentState) -> State,
    fromChildAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toChildState = toChildState
    self.fromChildAction = fromChildAction
  }

  @inlinable
  var state: State { toChildState(parent.state) }

  @inlinable
  func send(_ action: Action) -> StoreTask { parent.send(fromChildAction(action)) }

  @inlinable
  func send(batch actions: [Action]) -> StoreTask {
    parent.send(contentsOf: actions.map(fromChildAction))
  }

  @inlinable
  func addObserver(_ callback: @escaping (State) -> Void) -> ObservationToken {
    let toChildState = self.toChildState
    return parent.addObserver { callback(toChildState($0)) }
  }

  @inlinable
  var activity: EffectActivity { parent.effectActivity }

  @usableFromInline func finishEffects(id: EffectID) async {
    await parent.finishEffects(id: id)
  }

  @usableFromInline func whenReleased(_ handler: @escaping @Sendable () -> Void) {
    parent.whenReleased(handler)
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
    Store<ChildState, ChildAction>(
      state: toChildState(state),
      reduce: { _, _ in .none },
      clock: ContinuousClock(),
      middleware: [],
      parent: ScopeBridge(parent: self, toChildState: toChildState, fromChildAction: fromChildAction))
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
