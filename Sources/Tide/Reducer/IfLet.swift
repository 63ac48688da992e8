
extension Reducer {
  /// Runs `child` on optional child state while it is present, before this reducer, so the
  /// parent can dismiss the child (set it to `nil`) in response to the child's own actions.
  ///
  /// When the child state becomes `nil`, the child's running effects are cancelled, so a late
  /// response from a dismissed screen never arrives. A child action that arrives while the
  /// child state is `nil` is a mistake — nothing can handle it — and is reported.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: ActionPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    IfLetReducer(parent: self, toChildState: toChildState, toChildAction: toChildAction, child: child())
  }
}

/// A reducer that runs a child on optional state; made by ``Reducer/ifLet(_:action:then:)``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  @usableFromInline let parent: ResolvedReducer<Parent>
  @usableFromInline let toChildState: WritableKeyPath<Parent.State, Child.State?>
  @usableFromInline let toChildAction: ActionPath<Parent.Action, Child.Action>
  @usableFromInline let child: ResolvedReducer<Child>

  @inlinable
  init(
    parent: Parent, toChildState: WritableKeyPath<Parent.State, Child.State?>,
    toChildAction: ActionPath<Parent.Action, Child.Action>, child: Child
  ) {
    self.parent = ResolvedReducer(parent)
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = ResolvedReducer(child)
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var childEffect = Effect<Parent.Action>.none
    if let childAction = toChildAction.extract(action) {
      if state[keyPath: toChildState] != nil {
        childEffect = child.reduce(into: &state[keyPath: toChildState]!, action: childAction)
          .scoped(to: ChildEffectsID(path: toChildState, child: 0))
          .map(toChildAction.embed)
      } else {
        reportIssue(
          """
          An ifLet received a child action while its child state is nil: \(action). Nothing \
          handled it. The child's effects are cancelled when it goes away, so this action was \
          sent from outside (a view or a parent).
          """)
      }
    }
    let wasPresent = state[keyPath: toChildState] != nil
    let effect = childEffect.merge(with: parent.reduce(into: &state, action: action))
    guard wasPresent, state[keyPath: toChildState] == nil else { return effect }
    return effect.merge(with: .cancel(id: ChildEffectsID(path: toChildState, child: 0)))
  }
}
