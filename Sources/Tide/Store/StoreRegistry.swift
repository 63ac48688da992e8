/// The name and type of a store kept in a ``StoreRegistry``.
public struct StoreKey<State, Action: Sendable>: Hashable, Sendable {
  /// The name the store is registered under.
  public let name: String

  /// Creates a key; stores of different types may share a name without clashing.
  public init(_ name: String) {
    self.name = name
  }
}

/// Named stores shared across an app, for state that many features read — the session, the
/// settings — without threading the store through every initializer.
///
/// ```swift
/// extension StoreKey<Session.State, Session.Action> {
///   static let session = StoreKey("session")
/// }
/// StoreRegistry.shared[.session] = Store(initialState: .init(), reducer: Session())
/// StoreRegistry.shared[.session]?.send(.signOut)
/// ```
@MainActor
public final class StoreRegistry {
  /// The registry of the process.
  public static let shared = StoreRegistry()

  private struct Entry: Hashable {
    let name: String
    let type: ObjectIdentifier
  }

  private var stores: [Entry: AnyObject] = [:]

  /// Creates an empty registry (tests use their own to stay independent).
  public init() {}

  /// The store registered under `key`; assigning `nil` removes it.
  public subscript<State, Action>(key: StoreKey<State, Action>) -> Store<State, Action>? {
    get { stores[Self.entry(key)] as? Store<State, Action> }
    set { stores[Self.entry(key)] = newValue }
  }

  /// The names of the registered stores, sorted, each once.
  public var names: [String] {
    Set(stores.keys.map(\.name)).sorted()
  }

  /// Removes every store.
  public func removeAll() {
    stores.removeAll()
  }

  private static func entry<State, Action>(_ key: StoreKey<State, Action>) -> Entry {
    Entry(name: key.name, type: ObjectIdentifier(Store<State, Action>.self))
  }
}
