/// Work to do after a reducer ran: nothing, more actions, or asynchronous work whose results
/// come back as actions.
///
/// Effects are values: a reducer returns them and the ``Store`` runs them. Synchronous ones
/// (``none``, ``send(_:)`` and their `merge` or `concatenate`) are queued behind the current
/// action; asynchronous ones (``run(priority:operation:catch:fileID:filePath:line:column:)``,
/// timers) run as tasks and hop back to the store to send.
public struct Effect<Action: Sendable>: Sendable {
  /// The primitives every effect is built from; ``EffectInterpreter`` runs them. Timers,
  /// delays and debounce are `run` bodies on the store's clock (see `Effect+Time.swift`).
  ///
  /// Every payload but an action is `indirect` or an array, one pointer: a `.send`, the effect
  /// a reducer returns most often, is stored inline and costs no allocation, and the layout
  /// stays fixed (a task priority, say, is a resilient type whose size only the runtime knows,
  /// which would make every copy of an effect a call through value witnesses).
  @usableFromInline
  enum Operation: Sendable {
    case none
    case send(Action)
    case merge([Effect])
    case concatenate([Effect])
    /// Runs `body` as a task; the context sends back to the store.
    indirect case run(priority: TaskPriority?, body: @Sendable (EffectContext<Action>) async -> Void)
    indirect case cancellable(id: EffectID, cancelInFlight: Bool, effect: Effect)
    indirect case cancel(id: EffectID)
    /// Lets `effect` start at most once per `interval` for `id`; the gate's state lives in the
    /// effect registry beside the ids it guards.
    indirect case throttle(id: EffectID, interval: Duration, latest: Bool, effect: Effect)
    /// Starts `effect` once `delay` has passed on the store's clock (`.send(after:)`,
    /// debounce). Returned by a reducer, it is an entry in the clock's timer queue, not a task.
    indirect case delay(Duration, effect: Effect)
    /// Sends `action(instant)` at `after` from its start, then every `every`, until cancelled
    /// (`.timer`, `.interval`): one timer-queue entry, re-armed after each tick.
    indirect case timer(after: Duration, every: Duration, action: @Sendable (Duration) -> Action)
  }

  @usableFromInline
  let operation: Operation

  @inlinable
  init(_ operation: Operation) {
    self.operation = operation
  }

  /// No work. Returning it costs nothing.
  @inlinable
  public static var none: Self { Self(.none) }

  /// Sends `action` to the store right after the current action, before any other queued one
  /// that was sent later.
  @inlinable
  public static func send(_ action: Action) -> Self { Self(.send(action)) }

  /// Runs the effects at the same time.
  @inlinable
  public static func merge(_ effects: Self...) -> Self { merge(effects) }

  /// Runs the effects at the same time.
  @inlinable
  public static func merge(_ effects: [Self]) -> Self {
    combining(effects, Operation.merge)
  }

  /// Runs the effects one after the other: each starts when the one before has finished.
  @inlinable
  public static func concatenate(_ effects: Self...) -> Self { concatenate(effects) }

  /// Runs the effects one after the other: each starts when the one before has finished.
  @inlinable
  public static func concatenate(_ effects: [Self]) -> Self {
    combining(effects, Operation.concatenate)
  }

  /// `effects` without the ones that do nothing, combined by `combine` when more than one is left.
  @inlinable
  static func combining(_ effects: [Self], _ combine: ([Self]) -> Operation) -> Self {
    let work = effects.filter { !$0.isNone }
    switch work.count {
    case 0: return .none
    case 1: return work[0]
    default: return Self(combine(work))
    }
  }

  /// Runs this effect and `other` at the same time.
  @inlinable
  public func merge(with other: Self) -> Self {
    if case .none = operation { return other }
    if case .none = other.operation { return self }
    return Self(.merge([self, other]))
  }

  /// Runs this effect, then `other`.
  @inlinable
  public func concatenate(with other: Self) -> Self {
    .concatenate([self, other])
  }

  /// Whether this effect does nothing.
  @inlinable
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Whether running this effect needs no task: it is made only of ``none`` and ``send(_:)``.
  @usableFromInline
  var isSynchronous: Bool {
    switch operation {
    case .none, .send: return true
    case .merge(let effects), .concatenate(let effects): return effects.allSatisfy(\.isSynchronous)
    default: return false
    }
  }
}
