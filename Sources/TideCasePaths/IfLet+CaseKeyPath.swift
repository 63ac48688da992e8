#if CasePaths
import Tide

extension Reducer {
  /// Runs `child` on optional child state while it is present, for the actions of the enum
  /// case at `toChildAction`, a case key path of a `@CasePathable` action enum.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .ifLet(\.detail, action: \.detail) { Detail() }
  /// ```
  ///
  /// It calls `ifLet(_:action:then:)` with `ActionPath(action)`, so the child's effects are
  /// cancelled when its state goes away exactly as there.
  @inlinable
  public func ifLet<ChildState, ChildAction, Child: Reducer>(
    _ toChildState: WritableKeyPath<State, ChildState?>,
    action toChildAction: CaseKeyPath<Action, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> then child: () -> Child
  ) -> IfLetReducer<Self, Child> where ChildState == Child.State, ChildAction == Child.Action {
    ifLet(toChildState, action: ActionPath(toChildAction), then: child)
  }
}
#endif
