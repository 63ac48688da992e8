/// What an asynchronous effect is given by the store that runs it.
@usableFromInline
struct EffectContext<Action: Sendable>: Sendable {
  let send: Send<Action>
  let engine: EffectEngine
  /// When the effect's time starts, on the store's clock: when the reducer returned it, or
  /// when the effect before it in a concatenation finished. Delays count from here, not from
  /// when its task first ran.
  let start: Duration

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectContext<Child> {
    EffectContext<Child>(send: send.map(transform), engine: engine, start: start)
  }
}
