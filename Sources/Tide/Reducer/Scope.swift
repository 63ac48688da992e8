/// Runs a child reducer on a part of the parent's state, for the parent actions that carry a
/// child action. The child's effects are lifted back into parent actions.
///
/// ```swift
/// Scope(state: \.counter, action: .counter) { Counter() }
/// ```
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  /// Held by reference: a scope nests its child scopes, and a value copy of the whole tree on
  /// every action (which passing it into a closure would make) costs more than the reduce.
  @usableFromInline let storage: ScopeStorage<ParentState, ParentAction, Child>

  /// Scopes `child` to the state at `state` and the actions `action` extracts.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: ActionPath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.storage = ScopeStorage(toChildState: toChildState, toChildAction: toChildAction, child: child())
  }

  /// Scopes `child` with an embedding function (an enum case) and its inverse.
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    embed: @escaping @Sendable (ChildAction) -> ParentAction,
    extract: @escaping @Sendable (ParentAction) -> ChildAction?,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(
      state: toChildState, action: ActionPath(embed: embed, extract: extract), child: child)
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  ///
  /// Always inlined, so nested scopes become one function: a level costs the extraction of
  /// the child action and two tests, not a call.
  @inlinable
  @inline(__always)
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = storage.toChildAction.extract(action) else { return .none }
    let effect: Effect<Child.Action>
    if let childOffset = storage.childOffset {
      // `offset(of:)` guarantees the child lives at this offset inside the parent's storage.
      effect = withUnsafeMutablePointer(to: &state) { parent in
        let child = UnsafeMutableRawPointer(parent).advanced(by: childOffset)
          .assumingMemoryBound(to: Child.State.self)
        return storage.child.reduce(into: &child.pointee, action: childAction)
      }
    } else {
      effect = storage.reduceThroughKeyPath(&state, childAction)
    }
    if effect.isNone { return .none }
    return effect.map(storage.toChildAction.embed)
  }
}

/// What a ``Scope`` holds.
@usableFromInline
final class ScopeStorage<ParentState, ParentAction: Sendable, Child: Reducer> {
  @usableFromInline let toChildState: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let toChildAction: ActionPath<ParentAction, Child.Action>
  @usableFromInline let child: ResolvedReducer<Child>
  /// The child's byte offset inside the parent when the key path names stored, inline
  /// storage (the common case of a struct property): then the child is reduced in place
  /// through a pointer, which costs nothing, instead of through the key path machinery.
  @usableFromInline let childOffset: Int?

  @inlinable
  init(
    toChildState: WritableKeyPath<ParentState, Child.State>,
    toChildAction: ActionPath<ParentAction, Child.Action>,
    child: Child
  ) {
    self.toChildState = toChildState
    self.toChildAction = toChildAction
    self.child = ResolvedReducer(child)
    self.childOffset = MemoryLayout<ParentState>.offset(of: toChildState)
  }

  /// The child reduced through the key path, for state that is not stored inline (a computed
  /// property); kept out of line, so the inline path stays small.
  @inlinable
  @inline(never)
  func reduceThroughKeyPath(_ state: inout ParentState, _ action: Child.Action) -> Effect<Child.Action> {
    child.reduce(into: &state[keyPath: toChildState], action: action)
  }
}
