/// The cancellation id of everything a child reducer's effects run under, so the child's
/// effects can be cancelled together when its state goes away.
@usableFromInline
struct ChildEffectsID<ChildID: Hashable & Sendable>: Hashable, Sendable {
  /// Tells apart the children of different `ifLet`s and `forEach`es of one store.
  let path: ObjectIdentifier
  let child: ChildID

  @usableFromInline
  init(path: AnyKeyPath, child: ChildID) {
    self.path = ObjectIdentifier(path)
    self.child = child
  }
}

/// A cancellation id a child used, made distinct per child.
struct ScopedEffectID: Hashable, Sendable {
  let scope: EffectID
  let id: EffectID
}

extension Effect {
  /// This effect with every cancellation id it uses made private to `scope`, and all of it
  /// cancellable by `scope`: two elements of a collection then never cancel each other's
  /// effects, and removing an element can cancel exactly its own.
  @usableFromInline
  func scoped(to scope: some Hashable & Sendable) -> Self {
    if case .none = operation { return self }
    let scope = EffectID(scope)
    return Self(.cancellable(id: scope, cancelInFlight: false, effect: scopingIDs(to: scope)))
  }

  private func scopingIDs(to scope: EffectID) -> Self {
    func scoped(_ id: EffectID) -> EffectID { EffectID(ScopedEffectID(scope: scope, id: id)) }
    switch operation {
    case .none, .send, .run, .timer:
      return self
    case .delay(let delay, let effect):
      return Self(.delay(delay, effect: effect.scopingIDs(to: scope)))
    case .merge(let effects):
      return Self(.merge(effects.map { $0.scopingIDs(to: scope) }))
    case .concatenate(let effects):
      return Self(.concatenate(effects.map { $0.scopingIDs(to: scope) }))
    case .cancellable(let id, let cancelInFlight, let effect):
      return Self(
        .cancellable(id: scoped(id), cancelInFlight: cancelInFlight, effect: effect.scopingIDs(to: scope)))
    case .cancel(let id):
      return Self(.cancel(id: scoped(id)))
    case .throttle(let id, let interval, let latest, let effect):
      return Self(
        .throttle(id: scoped(id), interval: interval, latest: latest, effect: effect.scopingIDs(to: scope)))
    }
  }
}
