/// A hook that sees every action after the reducer handled it, together with the new state,
/// and may return an effect: for logging, persistence or analytics.
///
/// ```swift
/// let save = Middleware<AppState, AppAction> { action, state in
///   let todos = state.todos
///   return .run { _ in try await storage.save(todos) }
/// }
/// ```
public struct Middleware<State, Action: Sendable> {
  @usableFromInline
  let body: (Action, State) -> Effect<Action>

  /// Creates a middleware from a closure called after each action is reduced.
  public init(_ body: @escaping (_ action: Action, _ state: State) -> Effect<Action>) {
    self.body = body
  }
}
