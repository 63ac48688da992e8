/// A reducer that runs another, its base, inside work of its own: a tracer, a logger, a test's
/// recorder.
///
/// Implement ``run(_:_:base:)``, calling `base` where the base reducer should run; the wrapper
/// then runs a base with a ``Reducer/body`` the way a store runs any reducer, its body read
/// once rather than at every action:
///
/// ```swift
/// struct Logged<Base: Reducer>: WrappingReducer {
///   let base: Base
///
///   func run(
///     _ state: inout Base.State, _ action: Base.Action,
///     base: (inout Base.State, Base.Action) -> Effect<Base.Action>
///   ) -> Effect<Base.Action> {
///     print("action:", action)
///     return base(&state, action)
///   }
/// }
/// ```
public protocol WrappingReducer<Base>: Reducer where State == Base.State, Action == Base.Action {
  /// The reducer this one runs.
  associatedtype Base: Reducer
  /// The reducer this one runs.
  var base: Base { get }
  /// Reduces `action` into `state`, calling `base` (the base reducer, or its body read once)
  /// where the base should run.
  func run(
    _ state: inout Base.State, _ action: Base.Action, base: (inout Base.State, Base.Action) -> Effect<Base.Action>
  ) -> Effect<Base.Action>
}

extension WrappingReducer {
  /// Runs ``run(_:_:base:)`` around the base reducer.
  @inlinable
  public func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    run(&state, action, base: base.reduce(into:action:))
  }

  @inlinable
  public static var _hasBodyFunction: Bool { Base._hasBodyFunction }

  @inlinable
  public func _bodyFunction() -> ((inout Base.State, Base.Action) -> Effect<Base.Action>)? {
    guard let body = base._bodyFunction() else { return nil }
    return { run(&$0, $1, base: body) }
  }
}
