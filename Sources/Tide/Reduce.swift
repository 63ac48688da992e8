/// A reducer made from a closure: the quickest way to write one.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { count, action in
///   count += action == .increment ? 1 : -1
///   return .none
/// }
/// ```
public struct Reduce<State, Action: Sendable>: Reducer {
  @usableFromInline
  let closure: (inout State, Action) -> Effect<Action>

  /// Creates a reducer from a closure that mutates the state and returns an effect.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.closure = reduce
  }

  /// Wraps any reducer of the same state and action, erasing its type.
  @inlinable
  public init<R: Reducer>(_ reducer: R) where R.State == State, R.Action == Action {
    self.closure = reducer.reduce(into:action:)
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    closure(&state, action)
  }
}
