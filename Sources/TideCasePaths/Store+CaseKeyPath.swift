#if CasePaths
import Tide

extension Store {
  /// A store for the part of this store's state at `toChildState`, sending its actions
  /// embedded in the enum case at `toChildAction`.
  ///
  /// ```swift
  /// let counterStore = appStore.scope(state: \.counter, action: \.counter)
  /// ```
  ///
  /// The same as `scope(state:action:)` with the case's embedding function.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state toChildState: KeyPath<State, ChildState>,
    action toChildAction: CaseKeyPath<Action, ChildAction>
  ) -> Store<ChildState, ChildAction> {
    let casePath = AnyCasePath(toChildAction)
    return scope(state: toChildState, action: { casePath.embed($0) })
  }
}
#endif
