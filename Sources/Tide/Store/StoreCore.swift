/// What a ``Store`` is a handle on: the root, which owns the state, the queue, the effects and
/// the observers, or a scoped view that forwards to a root. A store holds exactly one, and this
/// is the one place that tells them apart.
///
/// An enum rather than a protocol existential or a class hierarchy: both of those would call
/// the root's generic code unspecialised, while a `switch` here is inlined into the caller,
/// specialised for its state and action types, and costs one test of the tag.
@MainActor
@usableFromInline
enum StoreCore<State, Action: Sendable> {
  case root(RootCore<State, Action>)
  case scoped(ScopedCore<State, Action>)

  /// The current state.
  @inlinable
  var state: State {
    switch self {
    case .root(let root): root.state
    case .scoped(let scoped): scoped.state()
    }
  }

  /// Calls `body` with the current state (see ``Store/withState(_:)``).
  @inlinable
  func withState<Result>(_ body: (State) -> Result) -> Result {
    switch self {
    case .root(let root): root.lendState(body)
    case .scoped(let scoped): body(scoped.state())
    }
  }

  /// Sends `action` (see ``Store/send(_:)``).
  @inlinable
  @inline(__always)
  func send(_ action: Action) -> StoreTask {
    switch self {
    case .root(let root): root.sendAction(action)
    case .scoped(let scoped): scoped.send(action)
    }
  }

  /// Sends `actions` as one batch (see ``Store/send(contentsOf:)``).
  @inlinable
  func send(contentsOf actions: some Sequence<Action>) -> StoreTask {
    switch self {
    case .root(let root): root.sendActions(contentsOf: actions)
    case .scoped(let scoped): scoped.sendBatch(Array(actions))
    }
  }

  /// Adds an observer that reads each round's state through a pointer; its token does not keep
  /// the store alive.
  @inlinable
  func addObserver(reading callback: @escaping (UnsafePointer<State>) -> Void) -> ObservationToken {
    switch self {
    case .root(let root): root.addObserver(reading: callback)
    case .scoped(let scoped): scoped.addObserver(callback)
    }
  }

  /// Whether the store's effects are idle: a root store that never started one has no engine
  /// and is.
  var effectsAreIdle: Bool {
    switch self {
    case .root(let root): root.startedEffects?.isIdle ?? true
    case .scoped(let scoped): scoped.registry.isIdle
    }
  }

  /// The root's effect registry.
  @inlinable
  var registry: EffectEngine {
    switch self {
    case .root(let root): root.registry
    case .scoped(let scoped): scoped.registry
    }
  }

  /// The root's clock.
  @inlinable
  var clock: StoreClock {
    switch self {
    case .root(let root): root.clock
    case .scoped(let scoped): scoped.clock
    }
  }
}
