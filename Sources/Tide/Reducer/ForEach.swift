import OrderedCollections

extension Reducer {
  /// Runs `element` on the element of an identified collection that an action names by id,
  /// before this reducer.
  ///
  /// Each element's effects belong to it: the cancellation ids they use are private to the
  /// element (stopping row 1's timer never stops row 0's), and when an element leaves the
  /// collection its running effects are cancelled. An action for an id that is not in the
  /// collection is a mistake — nothing can handle it — and is reported.
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
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID == ID {
  @usableFromInline let parent: ResolvedReducer<Parent>
  @usableFromInline let toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let toElementAction: ActionPath<Parent.Action, (id: ID, action: Element.Action)>
  @usableFromInline let element: ResolvedReducer<Element>

  @inlinable
  init(
    parent: Parent,
    toElements: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: ActionPath<Parent.Action, (id: ID, action: Element.Action)>,
    element: Element
  ) {
    self.parent = ResolvedReducer(parent)
    self.toElements = toElements
    self.toElementAction = toElementAction
    self.element = ResolvedReducer(element)
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action> {
    var elementEffect = Effect<Parent.Action>.none
    if let (id, elementAction) = toElementAction.extract(action) {
      if state[keyPath: toElements][id: id] != nil {
        let embed = toElementAction.embed
        elementEffect = element.reduce(into: &state[keyPath: toElements][id: id]!, action: elementAction)
          .scoped(to: ChildEffectsID(path: toElements, child: id))
          .map { embed((id: id, action: $0)) }
      } else {
        reportIssue(
          """
          A forEach received an action for the element with id \(id), which is not in the \
          collection: \(action). Nothing handled it. An element's effects are cancelled when it \
          is removed, so this action was sent from outside (a view or a parent).
          """)
      }
    }
    let idsBefore = state[keyPath: toElements].ids
    let parentEffect = parent.reduce(into: &state, action: action)
    let effect = elementEffect.merge(with: parentEffect)
    // Equal arrays sharing storage compare in constant time: the usual, unchanged case is cheap.
    guard state[keyPath: toElements].ids != idsBefore else { return effect }
    let idsAfter = state[keyPath: toElements].ids
    let cancellations = idsBefore.filter { !idsAfter.contains($0) }.map {
      Effect<Parent.Action>.cancel(id: ChildEffectsID(path: toElements, child: $0))
    }
    return effect.merge(with: .merge(cancellations))
  }
}
