/// The kind of store a ``TestStore`` runs the feature under test in.
///
/// A feature is the same reducer in every store; what differs is where it runs and how its
/// effects come back. A feature written for a server runs in a `StoreActor` (or in
/// `IsolatedStore`s an actor of the server holds): testing it in that shape exercises
/// the store it ships in — its actor hops, its timers, its middleware made with
/// `Middleware.onAnyActor` — with the same assertions as on a `Store`.
public enum StoreShape: Sendable, CaseIterable, CustomStringConvertible {
  /// A `Store`, on the main actor: an app's store.
  case store
  /// An `IsolatedStore` on the test's actor, the main actor: a store an actor of the
  /// program holds, called synchronously there.
  case isolatedStore
  /// A `StoreActor`: a store that is an actor of its own, reached with `await`; its
  /// reducer and effects run on it, off the main actor.
  case storeActor

  /// The store's kind, as a failure names it: "a StoreActor".
  public var description: String {
    switch self {
    case .store: "a Store"
    case .isolatedStore: "an IsolatedStore"
    case .storeActor: "a StoreActor"
    }
  }
}
