#if CasePaths
import Tide

extension Reducer {
  /// Runs `element` on the element of an identified collection that an action names by id;
  /// the action is the enum case at `toElementAction`, a case with an `id` and an `action`.
  ///
  /// ```swift
  /// @CasePathable
  /// enum Action { case rows(id: Row.State.ID, action: Row.Action), add }
  ///
  /// var body: some Reducer<State, Action> {
  ///   Reduce { state, action in … }
  ///     .forEach(\.rows, action: \.rows) { Row() }
  /// }
  /// ```
  ///
  /// It calls `forEach(_:action:element:)` with `ActionPath(action)`, so element effects are
  /// scoped to their element and cancelled with it exactly as there.
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, (id: ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> ForEachReducer<Self, ID, Element> where ElementState == Element.State, ElementAction == Element.Action {
    forEach(toElements, action: ActionPath(toElementAction), element: element)
  }
}
#endif
