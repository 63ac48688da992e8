import Tide

/// Where ``TerminalLaunch`` reports the actions of a traced run (`--trace`): implemented by
/// TideTerminalCommand over TideTrace's recorder, which TideTerminal does not know.
///
/// Its methods are generic rather than taking `Any`, so a state is handed over without being
/// boxed; the trace takes the values whose types are the app's (`State` and `Action` of the
/// command) and ignores any other store's.
package protocol ActionTrace: AnyObject, Sendable {
  /// Whether the trace still needs the state before the first action: the reducer hands it
  /// over once, before it reduces that action.
  var needsInitialState: Bool { get }
  /// The store's reducer is `reducer` (its Swift name goes into the trace, for the test an
  /// export writes).
  func attach<R: Reducer>(_ reducer: R.Type)
  /// The state before the first action.
  func start<State>(from state: State)
  /// `action` was reduced, leaving `state`.
  func reduced<State, Action>(_ action: Action, state: State)
}

/// A reducer whose actions and states go to the launch's trace (``TerminalLaunch/traced(_:)``);
/// without a trace it is its base alone, at the cost of one check an action.
public struct LaunchTracedReducer<Base: Reducer>: WrappingReducer {
  /// The reducer traced.
  public let base: Base
  let trace: (any ActionTrace)?

  /// Reduces `action` into `state` with the base, reporting both to the trace if there is one.
  public func run(
    _ state: inout Base.State, _ action: Base.Action, base: (inout Base.State, Base.Action) -> Effect<Base.Action>
  ) -> Effect<Base.Action> {
    guard let trace else { return base(&state, action) }
    if trace.needsInitialState { trace.start(from: state) }
    let effect = base(&state, action)
    trace.reduced(action, state: state)
    return effect
  }
}

/// A traced `Sendable` reducer is `Sendable`, as the store needs of one run off the main actor.
extension LaunchTracedReducer: Sendable where Base: Sendable {}
