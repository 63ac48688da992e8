/// A reducer made from a closure: the quickest way to write one.
///
/// ```swift
/// let counter = Reduce<Int, CounterAction> { count, action in
///   count += action == .increment ? 1 : -1
///   return .none
/// }
/// ```
///
/// `Reduce` is `Sendable` — its closure is `@Sendable` — so it can be a global or static `let`
/// in Swift 6, and a store can be built from it anywhere. The closure may capture only
/// `Sendable` values: dependencies a reducer uses (a clock, a client of closures) are `Sendable`
/// anyway, since its effects take them into other tasks.
public struct Reduce<State, Action: Sendable>: Reducer, Sendable {
  @usableFromInline
  let closure: @Sendable (inout State, Action) -> Effect<Action>
  /// For a wrapped reducer: reads its body (`nil` when it has none) for each store or scope
  /// that runs this one. Each reads its own, so no body is shared between stores, whatever
  /// their isolation.
  @usableFromInline
  let readBody: (@Sendable () -> ((inout State, Action) -> Effect<Action>)?)?

  /// Creates a reducer from a closure that mutates the state and returns an effect.
  @inlinable
  public init(_ reduce: @escaping @Sendable (inout State, Action) -> Effect<Action>) {
    self.closure = reduce
    self.readBody = nil
  }

  /// Wraps any `Sendable` reducer of the same state and action, erasing its type — to pick one
  /// of several reducers at run time, say, or to hide a long composed type.
  ///
  /// A feature struct whose stored properties are `Sendable` is `Sendable` (a public one
  /// says so: `public struct Feature: Reducer, Sendable`).
  @inlinable
  public init<R: Reducer & Sendable>(_ reducer: R) where R.State == State, R.Action == Action {
    self.closure = { reducer.reduce(into: &$0, action: $1) }
    self.readBody = { reducer._bodyFunction() }
  }

  @inlinable
  public func _bodyFunction() -> ((inout State, Action) -> Effect<Action>)? {
    readBody?()
  }

  @inlinable
  public static var _hasBodyFunction: Bool { true }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    closure(&state, action)
  }
}
