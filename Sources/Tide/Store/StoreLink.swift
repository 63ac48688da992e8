/// A non-owning, sendable reference from effect tasks and observation tokens back to their
/// store: a running effect must never keep its store alive, so releasing the store (and every
/// store scoped from it) ends its effects.
///
/// The store lives on one actor, its home: the main actor for a ``Store``, the actor that
/// created it for an ``IsolatedStore``. Every action, throttle and delayed middleware step an
/// effect task hands back goes through ``withHost(on:_:)``, which hops to that actor and calls
/// the core there — the one place an effect re-enters its store, whichever actor owns it. The
/// link does not hold the actor: the caller passes it, held by the store's running effects
/// (``EffectEngine/home``), so a store never keeps the actor that keeps it alive.
@usableFromInline
final class StoreLink<Action: Sendable>: Sendable {
  // The store's handle (a Store, or an IsolatedStore's StoreLiveness), weakly (its core's
  // reference count then stays on the fast path: a weakly referenced object's every retain
  // goes through a side table), and its core, unretained: the handle is alive exactly while
  // the core is (a Store owns its core; a core owns its StoreLiveness), and each use retains
  // the core for its duration.
  //
  // Safe without isolation: both are written once, by `attach`, on the store's home actor
  // when its core makes the link, before any effect task or token of the store has it; from then on
  // they are only read, and the core is only used inside `withHost`, which runs on `home` —
  // where the store's own methods run, never at the same time.
  nonisolated(unsafe) private weak var handle: AnyObject?
  nonisolated(unsafe) private unowned(unsafe) var core: (any EffectHost<Action>)?
  // The same core as a plain object, for `receive`: holding the existential for a call made a
  // timer tick look up its type's metadata, and a tuple's. Written with `core`.
  nonisolated(unsafe) private unowned(unsafe) var coreObject: AnyObject?
  // The core's `receive`, specialised for its state where the store was made (a call through
  // `core` runs the core's generic code unspecialised: a timer tick's drain cost a tenth more
  // in metadata lookups). Captures nothing; written with `core`, under the same rule.
  nonisolated(unsafe) private var receiver: ((AnyObject, Action, EffectGroup?) -> Void)?

  @usableFromInline
  init() {}

  /// Points the link at the store's handle, the root core it owns and the core's `receive`.
  @usableFromInline
  func attach(
    handle: AnyObject, core: some EffectHost<Action>,
    receiver: @escaping (AnyObject, Action, EffectGroup?) -> Void
  ) {
    self.handle = handle
    self.core = core
    self.coreObject = core
    self.receiver = receiver
  }

  /// Hands `action`, which an effect sent as part of `group`, to the store; only on the
  /// store's home actor. Returns `false` if the store is gone.
  func receive(_ action: Action, group: EffectGroup?) -> Bool {
    // The handle and the core are held for the call, so a store released during it (by an
    // observer) stays until the call returns.
    guard let handle, let coreObject, let receiver else { return false }
    withExtendedLifetime(handle) {
      withExtendedLifetime(coreObject) { receiver(coreObject, action, group) }
    }
    return true
  }

  /// The store's core, if the store is still alive; only on the store's home actor.
  var host: (any EffectHost<Action>)? {
    handle != nil ? core : nil
  }

  /// Calls `body` on `home`, the store's actor, with the store's core, or `nil` if the store
  /// is gone. The caller holds `home`: the store's running effects do (``EffectEngine/home``).
  func withHost(on home: any Actor, _ body: @Sendable ((any EffectHost<Action>)?) -> Void) async {
    await Self.run(on: home, link: self, body)
  }

  private static func run(
    on home: isolated any Actor, link: StoreLink, _ body: @Sendable ((any EffectHost<Action>)?) -> Void
  ) {
    // The handle and the core are held for the call, so a store released during it stays
    // until the call returns.
    let handle = link.handle
    let host = link.host
    withExtendedLifetime((handle, host)) { body(host) }
  }
}
