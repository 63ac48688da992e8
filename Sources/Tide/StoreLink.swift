/// A non-owning, sendable reference from effect tasks and observation tokens back to their
/// store, and the one way back onto the store's actor: a running effect must never keep its
/// store alive, so releasing the store (and every store scoped from it) ends its effects.
///
/// The store lives on one actor, its home: the main actor for a ``Store``, the actor that
/// created it for an ``IsolatedStore``. Every action, throttle and delayed middleware step an
/// effect task hands back goes through ``withHost(_:)``, which hops to that actor and calls
/// the core there — the one place an effect re-enters its store, whichever actor owns it.
final class StoreLink<Action: Sendable>: Sendable {
  /// The actor every call into the store runs on.
  let home: any Actor
  /// Whether ``home`` is the main actor (a real clock's timers then run on the main queue).
  let homeIsMainActor: Bool
  // The store's handle (an IsolatedStore's stand-in), weakly (its core's reference count then stays on the fast path: a
  // weakly referenced object's every retain goes through a side table), and its core,
  // unretained: the handle owns the core, so the core is alive whenever the handle is.
  //
  // Safe without isolation: both are written once, by `attach`, while the handle is created
  // on its home actor and before any effect task or token of the store exists; from then on
  // they are only read, and the core is only used inside `withHost`, which runs on `home` —
  // where the store's own methods run, never at the same time.
  nonisolated(unsafe) private weak var handle: AnyObject?
  nonisolated(unsafe) private unowned(unsafe) var core: (any EffectHost<Action>)?

  init(home: any Actor) {
    self.home = home
    self.homeIsMainActor = home === MainActor.shared
  }

  /// Points the link at the store's handle and the core it owns.
  func attach(handle: AnyObject, core: some EffectHost<Action>) {
    self.handle = handle
    self.core = core
  }

  /// The store's core, if the store is still alive; only on the store's home actor.
  var host: (any EffectHost<Action>)? {
    handle != nil ? core : nil
  }

  /// Calls `body` on the store's actor with the store's core, or `nil` if the store is gone.
  func withHost(_ body: @Sendable ((any EffectHost<Action>)?) -> Void) async {
    await Self.run(on: home, link: self, body)
  }

  private static func run(
    on home: isolated any Actor, link: StoreLink, _ body: @Sendable ((any EffectHost<Action>)?) -> Void
  ) {
    // The handle is held for the call, so the core it owns cannot go away during it.
    let handle = link.handle
    withExtendedLifetime(handle) { body(link.host) }
  }
}
