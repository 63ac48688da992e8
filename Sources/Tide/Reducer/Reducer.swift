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
  @ReducerBuilder<State, Action>
  var body: Body { get }
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
}
