/// A description of how a feature's state changes in response to an action, and of the work
/// (effects) that follows.
///
/// Conform a type and implement ``reduce(into:action:)``, or compose other reducers in
/// ``body`` with ``ReducerBuilder``:
///
/// ```swift
/// struct Counter: Reducer {
///   func reduce(into state: inout Int, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .increment: state += 1
///     case .decrement: state -= 1
///     }
///     return .none
///   }
/// }
/// ```
public protocol Reducer<State, Action> {
  /// The state the reducer mutates.
  associatedtype State
  /// The actions the reducer handles. Actions cross into effect tasks, so they are `Sendable`.
  associatedtype Action: Sendable
  /// The composed reducer returned by ``body``; `Never` for reducers that implement
  /// ``reduce(into:action:)`` directly.
  associatedtype Body

  /// Mutates `state` in place for `action` and returns the effect to run afterwards.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order.
  ///
  /// A store reads `body` once, when it is made, and runs what it returned for every action;
  /// so do ``Scope``, `ifLet`, `forEach`, a ``ReducerBuilder``'s reducers and a
  /// ``WrappingReducer`` for the reducers they hold. Build it from the reducer's own
  /// properties, as a description, not from anything that changes: state reaches a reducer
  /// only through ``reduce(into:action:)``'s arguments. Implement `body` or
  /// `reduce(into:action:)`, not both: a reducer with both runs its body.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The reducer's ``body``, read now, as the function stores and scopes call for each action;
  /// `nil` for a reducer without a body.
  ///
  /// Tide implements it for every reducer; a reducer of yours never does.
  func _bodyFunction() -> ((inout State, Action) -> Effect<Action>)?

  /// Whether ``_bodyFunction()`` may return a function: known from the type, so a scope whose
  /// child has no body calls the child directly, with no test. Tide implements it; a reducer
  /// of yours never does.
  static var _hasBodyFunction: Bool { get }
}

extension Reducer {
  @inlinable
  public func _bodyFunction() -> ((inout State, Action) -> Effect<Action>)? { nil }

  @inlinable
  public static var _hasBodyFunction: Bool { false }
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body; calling it is a
  /// programming error.
  public var body: Never {
    fatalError("\(Self.self) implements reduce(into:action:) and has no body.")
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  // A body is a tree of reducers built anew each time it is read (a scope's storage, its key
  // paths' offsets): read once, it costs a store nothing per action.
  @inlinable
  public func _bodyFunction() -> ((inout State, Action) -> Effect<Action>)? {
    body.coreFunction()
  }

  @inlinable
  public static var _hasBodyFunction: Bool { true }
}
