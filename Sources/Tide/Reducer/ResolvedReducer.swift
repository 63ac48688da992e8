/// A child reducer as the reducers that hold one (``Scope``, `ifLet`, `forEach`, a
/// ``ReducerBuilder``'s combined, optional and either reducers, ``CombineReducers``, a ``StoreActor``)
/// call it: its body read once, when it has one, and otherwise the reducer itself, called
/// directly.
@usableFromInline
struct ResolvedReducer<Base: Reducer> {
  @usableFromInline let base: Base
  @usableFromInline let body: ((inout Base.State, Base.Action) -> Effect<Base.Action>)?

  @inlinable
  init(_ base: Base) {
    self.base = base
    self.body = Base._hasBodyFunction ? base._bodyFunction() : nil
  }

  @inlinable
  @inline(__always)
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    // `_hasBodyFunction` is known where the reducer's type is: a child without a body is
    // called with no test of `body`.
    if Base._hasBodyFunction, let body { return body(&state, action) }
    return base.reduce(into: &state, action: action)
  }
}
