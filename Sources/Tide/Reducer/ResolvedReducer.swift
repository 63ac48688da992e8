/// A child reducer as the reducers that hold one (``Scope``, `ifLet`, `forEach`, a
/// ``StoreActor``) call it: its body read once, when it has one, and otherwise the reducer
/// itself, called directly.
@usableFromInline
struct ResolvedReducer<Base: Reducer> {
  @usableFromInline let base: Base
  @usableFromInline let body: ((inout Base.State, Base.Action) -> Effect<Base.Action>)?

  @inlinable
  init(_ base: Base) {
    self.base = base
    self.body = base._bodyFunction()
  }

  @inlinable
  @inline(__always)
  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    if let body { return body(&state, action) }
    return base.reduce(into: &state, action: action)
  }
}
