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
  /// A bridge from the same root to a part of this store's state: scoping a scoped store
  /// composes the two projections, so every scoped store is one hop from its root.
  func scoped<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    path: KeyPath<State, ChildState>?,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> any ParentStore<ChildState, ChildAction>
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
  /// The key path from the root's state, when every projection on the way was one: a later
  /// scope by key path then appends to it and reads the whole way through one byte offset.
  @usableFromInline let path: KeyPath<ParentState, State>?
  @usableFromInline let fromChildAction: (Action) -> ParentAction

  @inlinable
  init(
    parent: Store<ParentState, ParentAction>,
    toChildState: @escaping (ParentState) -> State,
    path: KeyPath<ParentState, State>?,
    fromChildAction: @escaping (Action) -> ParentAction
  ) {
    self.parent = parent
    self.toChildState = toChildState
    self.path = path
    self.fromChildAction = fromChildAction
  }

  @usableFromInline
  func scoped<ChildState, ChildAction: Sendable>(
    state toGrandchildState: @escaping (State) -> ChildState,
    path childPath: KeyPath<State, ChildState>?,
    action fromGrandchildAction: @escaping (ChildAction) -> Action
  ) -> any ParentStore<ChildState, ChildAction> {
    let fromChildAction = self.fromChildAction
    let embed: (ChildAction) -> ParentAction = { fromChildAction(fromGrandchildAction($0)) }
    if let path, let childPath {
      let composed = path.appending(path: childPath)
      return ScopeBridge<ParentState, ParentAction, ChildState, ChildAction>(
        parent: parent, toChildState: Store<ParentState, ParentAction>.reader(composed), path: composed,
        fromChildAction: embed)
    }
    let toChildState = self.toChildState
    return ScopeBridge<ParentState, ParentAction, ChildState, ChildAction>(
      parent: parent, toChildState: { toGrandchildState(toChildState($0)) }, path: nil,
      fromChildAction: embed)
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
    scope(state: toChildState, path: nil, action: fromChildAction)
  }

  @usableFromInline
  func scope<ChildState, ChildAction: Sendable>(
    state toChildState: @escaping (State) -> ChildState,
    path: KeyPath<State, ChildState>?,
    action fromChildAction: @escaping (ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let bridge: any ParentStore<ChildState, ChildAction> =
      if let parent {
        parent.scoped(state: toChildState, path: path, action: fromChildAction)
      } else {
        ScopeBridge(parent: self, toChildState: toChildState, path: path, fromChildAction: fromChildAction)
      }
    return Store<ChildState, ChildAction>(
      state: toChildState(state),
      reduce: { _, _ in .none },
      clock: ContinuousClock(),
      middleware: [],
      parent: bridge)
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
    scope(state: Self.reader(toChildState), path: toChildState, action: fromChildAction)
  }
}
