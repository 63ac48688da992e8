extension Effect {
  /// Turns the actions this effect sends into other actions — how a child feature's effects
  /// reach its parent through ``Scope``.
  @inlinable
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    if case .none = operation { return .none }
    return mapSlow(transform)
  }

  @usableFromInline
  func mapSlow<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none:
      return .none
    case .send(let action):
      return .send(transform(action))
    case .merge(let effects):
      return Effect<NewAction>(.merge(effects.map { $0.map(transform) }))
    case .concatenate(let effects):
      return Effect<NewAction>(.concatenate(effects.map { $0.map(transform) }))
    case .run(let priority, let body):
      return Effect<NewAction>(.run(priority: priority) { context in
        await body(context.map(transform))
      })
    case .cancellable(let id, let cancelInFlight, let effect):
      return Effect<NewAction>(
        .cancellable(id: id, cancelInFlight: cancelInFlight, effect: effect.map(transform)))
    case .cancel(let id):
      return Effect<NewAction>(.cancel(id: id))
    case .throttle(let id, let interval, let latest, let effect):
      return Effect<NewAction>(
        .throttle(id: id, interval: interval, latest: latest, effect: effect.map(transform)))
    case .delay(let delay, let effect):
      return Effect<NewAction>(.delay(delay, effect: effect.map(transform)))
    case .timer(let after, let every, let action):
      return Effect<NewAction>(.timer(after: after, every: every) { transform(action($0)) })
    }
  }
}
