#if CasePaths
import Tide

extension Scope {
  /// Scopes `child` to the state at `state` and the actions of the enum case at `action`, a
  /// case key path of a `@CasePathable` action enum.
  ///
  /// ```swift
  /// @CasePathable
  /// enum Action { case counter(Counter.Action), quit }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Scope(state: \.counter, action: \.counter) { Counter() }
  /// }
  /// ```
  ///
  /// The same as `Scope(state:action:child:)` with `ActionPath(action)`.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: CaseKeyPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: ActionPath(toChildAction), child: child)
  }
}
#endif
