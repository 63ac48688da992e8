
/// A stream transformer run by a store: it sees every action after the reducer handled it and
/// every new state, and produces actions of its own — the redux-observable model, for logic
/// that is easier to say about streams than about single actions.
///
/// ```swift
/// let autosave = Epic<AppState, AppAction> { actions, states in
///   actions.filter { $0 == .edited }.map { _ in AppAction.save }
/// }
/// let store = Store(initialState: AppState(), reducer: App(), epics: [autosave])
/// ```
public struct Epic<State: Sendable, Action: Sendable>: Sendable {
  typealias Part = @Sendable (AsyncStream<Action>, AsyncStream<State>, Send<Action>) async throws -> Void

  let parts: [Part]

  /// Creates an epic from a function of the action and state streams to an action stream.
  public init<Output: AsyncSequence & SendableMetatype>(
    _ body: @escaping @Sendable (_ actions: AsyncStream<Action>, _ states: AsyncStream<State>) -> Output
  ) where Output.Element == Action, Output.AsyncIterator: SendableMetatype {
    parts = [{ actions, states, send in
      for try await action in body(actions, states) {
        await send(action)
      }
    }]
  }

  private init(parts: [Part]) {
    self.parts = parts
  }

  /// Runs several epics side by side; each sees every action and state.
  public static func combine(_ epics: [Epic]) -> Epic {
    Epic(parts: epics.flatMap(\.parts))
  }

  /// Runs several epics side by side; each sees every action and state.
  public static func combine(_ epics: Epic...) -> Epic {
    combine(epics)
  }
}

extension Store where State: Sendable {
  /// Creates a store that also runs `epics` for as long as it lives.
  ///
  /// Epics run outside the store's effect accounting: they live as long as the store, so a
  /// test or replay waiting for idle effects does not wait for them.
  public convenience init<R: Reducer>(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = ContinuousClock(),
    middleware: [Middleware<State, Action>] = [],
    epics: [Epic<State, Action>]
  ) where R.State == State, R.Action == Action {
    self.init(initialState: initialState, reducer: reducer, clock: clock, middleware: middleware)
    // The store was just made from a reducer: its core is a root.
    guard case .root(let root) = core else { return }
    var inputs: [(AsyncStream<Action>.Continuation, AsyncStream<State>.Continuation)] = []
    let link = root.link
    let send = Send<Action>(mainActorLink: link)
    for part in Epic.combine(epics).parts {
      let (actions, actionInput) = AsyncStream.makeStream(of: Action.self)
      let (states, stateInput) = AsyncStream.makeStream(of: State.self)
      stateInput.yield(root.state)
      inputs.append((actionInput, stateInput))
      root.registry.adopt(Task {
        do {
          try await part(actions, states, send)
        } catch is CancellationError {
        } catch {
          reportIssue(error, "An epic threw an error and stopped.")
        }
      })
    }
    guard !inputs.isEmpty else { return }
    root.fields.actionTap = { action, state in
      for (actionInput, stateInput) in inputs {
        actionInput.yield(action)
        stateInput.yield(state)
      }
    }
  }
}
