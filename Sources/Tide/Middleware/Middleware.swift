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
/// The hooks made with ``init(_:)`` and ``init(before:)`` run on the main actor, where a
/// ``Store`` runs, so a `Middleware` is `Sendable` and can be a global or static `let`. An
/// ``IsolatedStore`` on another actor takes hooks that run on any actor:
/// ``onAnyActor(_:)`` and ``onAnyActor(before:)``.
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

  let after: MiddlewareHook<Action, State, Effect<Action>>?
  let before: MiddlewareHook<Action, State, Decision>?

  /// Creates a middleware called after each action is reduced, with the new state; the effect
  /// it returns runs like a reducer's.
  public init(_ body: @escaping @MainActor (_ action: Action, _ state: State) -> Effect<Action>) {
    self.after = .mainActor(body)
    self.before = nil
  }

  /// Creates a middleware called before the reducer with each action and the state it will be
  /// reduced into; it decides whether the reducer sees the action, another one, or the action
  /// later. Hooks run in the order of the store's middleware list.
  public init(before body: @escaping @MainActor (_ action: Action, _ state: State) -> Decision) {
    self.after = nil
    self.before = .mainActor(body)
  }

  private init(
    after: MiddlewareHook<Action, State, Effect<Action>>?, before: MiddlewareHook<Action, State, Decision>?
  ) {
    self.after = after
    self.before = before
  }

  /// A middleware called after each action is reduced, on whichever actor the store runs: for
  /// an ``IsolatedStore`` (it works in a ``Store`` too). It shares nothing unsendable, so what
  /// it keeps — a log, a count — sits behind a lock or in an actor of its own.
  public static func onAnyActor(
    _ body: @escaping @Sendable (_ action: Action, _ state: State) -> Effect<Action>
  ) -> Self {
    Self(after: .anyActor(body), before: nil)
  }

  /// A middleware called before the reducer, on whichever actor the store runs; see
  /// ``init(before:)`` and ``onAnyActor(_:)``.
  public static func onAnyActor(
    before body: @escaping @Sendable (_ action: Action, _ state: State) -> Decision
  ) -> Self {
    Self(after: nil, before: .anyActor(body))
  }
}

/// One hook of a middleware, with the actor it needs.
enum MiddlewareHook<Action: Sendable, State, Result: Sendable>: Sendable {
  case mainActor(@MainActor (Action, State) -> Result)
  case anyActor(@Sendable (Action, State) -> Result)

  /// The hook as a plain function for a store on the main actor (`onMainActor`) or another.
  func callable(onMainActor: Bool) -> (Action, State) -> Result {
    switch self {
    case .anyActor(let body):
      return body
    case .mainActor(let body):
      precondition(
        onMainActor,
        "A middleware made with Middleware(_:) or Middleware(before:) runs on the main actor; a store on another actor takes Middleware.onAnyActor(_:) or Middleware.onAnyActor(before:).")
      // The store calls its hooks only on its own actor, which here is the main actor (checked
      // at each call but under -Ounchecked): the hook runs where it is isolated to, and is lent
      // the state on the actor the state lives on. Calling it as a plain function, as
      // `MainActor.assumeIsolated` calls its closure, is what lets the state be lent rather than
      // copied into a closure that the check could send elsewhere: a synchronous function's
      // isolation is not part of its ABI.
      let call = unsafeBitCast(body, to: ((Action, State) -> Result).self)
      return { action, state in
        MainActor.preconditionIsolated()
        return call(action, state)
      }
    }
  }
}
