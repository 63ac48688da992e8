/// A hook around the reducer: for logging, persistence or analytics after it, or to rewrite,
/// delay or drop actions before it, as ReSwift's middleware can.
///
/// ```swift
/// let save = Middleware<AppState, AppAction> { action, state in
///   let todos = state.todos
///   return .run { _ in try await storage.save(todos) }
/// }
///
/// let onlyWhileOnline = Middleware<AppState, AppAction>(before: { action, state in
///   state.isOnline ? .proceed(action) : .drop
/// })
/// ```
///
/// The hooks run on the main actor, where the store runs, so a `Middleware` is `Sendable` and
/// can be a global or static `let`.
public struct Middleware<State, Action: Sendable>: Sendable {
  /// What a before-reducer hook does with an action.
  public enum Decision: Sendable {
    /// Hands `action` — the one received or another — on to the next hook, then the reducer.
    case proceed(Action)
    /// Drops the action: the reducer never sees it.
    case drop
    /// Hands `action` on after `delay` on the store's clock. The delay is an effect of the send
    /// that brought the action: ``StoreTask/finish()`` awaits it and cancelling cancels it.
    case delay(Action, by: Duration)
  }

  @usableFromInline
  let after: (@MainActor (Action, State) -> Effect<Action>)?
  @usableFromInline
  let before: (@MainActor (Action, State) -> Decision)?

  /// Creates a middleware called after each action is reduced, with the new state; the effect
  /// it returns runs like a reducer's.
  public init(_ body: @escaping @MainActor (_ action: Action, _ state: State) -> Effect<Action>) {
    self.after = body
    self.before = nil
  }

  /// Creates a middleware called before the reducer with each action and the state it will be
  /// reduced into; it decides whether the reducer sees the action, another one, or the action
  /// later. Hooks run in the order of the store's middleware list.
  public init(before body: @escaping @MainActor (_ action: Action, _ state: State) -> Decision) {
    self.after = nil
    self.before = body
  }
}
