import IdentifiedCollections

extension Reducer {
  /// Runs `element` on the element of an identified collection that an action names by id,
  /// before this reducer. Effects of an element are tagged with its id.
  ///
  /// An action for an id that is no longer in the collection is ignored (the element was
  /// removed while its effect was in flight).
  @inlinable
  public func forEach<ID: Hashable & Sendable, ElementState, ElementAction, Element: Reducer>(
    _ toElements: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: ActionPath<Action, (id: ID, action: ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element
  ) -> ForEachReducer<Self, ID, Element> where ElementState == Element.State, ElementAction == Element.Action {
    ForEachReducer(
      parent: self, toElements: toElements, toElementAction: toElementAction, element: element())
  }
}

/// A reducer that runs an element reducer inside an identified collection; made by
/// ``Reducer/forEach(_:action:element:)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: ActionPath<Parent.Action, (id: ID, action: Element.Action)>
  @usableFromInline let element: Element

  @inlinable
  init(
    parent: Parent,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: ActionPath<Parent.Action, (id: ID, action: Element.Action)>,
    element: Element
  ) {
    self.parent = parent
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.element = element
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var elementEffect = Effect<Parent.Action>.none
    if let (id, elementAction) = toElementAction.extract(action),
      state[keyPath: toElements][id: id] != nil
    {
      let embed = toElementAction.embed
      elementEffect = element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
        .map { embed((id: id, action: $0)) }
    }
    return elementEffect.merge(with: parent.reduce(into: &state, action: action))
  }
}
