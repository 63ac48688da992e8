/// What a scoped store forwards to: the part of the root's state it shows and the way its
/// actions reach the root, as closures made where `scope` was called.
///
/// Closures rather than a protocol existential or class overrides, both of which would run the
/// root's generic code unspecialised: `scope` is inlined into its caller, so each closure is
/// specialised for the concrete state and action types there. A send through a store scoped
/// five times costs five closure calls and the embeddings of the action; an observer of a
/// stored property path is registered on the root itself and reads its value in place, however
/// deep the scope.
@MainActor
@usableFromInline
final class ScopedCore<State, Action: Sendable> {
  @usableFromInline let state: () -> State
  @usableFromInline let send: (Action) -> StoreTask
  @usableFromInline let sendBatch: ([Action]) -> StoreTask
  /// Adds an observer of this state, lent by pointer each round.
  @usableFromInline let addObserver: (@escaping (UnsafePointer<State>) -> Void) -> ObservationToken
  /// Where this state lies inside the root's state, when it is stored inline at a fixed
  /// offset all the way down: then observers are registered on the root directly.
  @usableFromInline let location: RootLocation?
  /// The root store's handle, kept alive while any store scoped from it is: its effects and
  /// tokens reach the root through it.
  @usableFromInline let rootStore: AnyObject
  /// The root's effects.
  @usableFromInline let registry: EffectEngine
  @usableFromInline let clock: StoreClock

  @usableFromInline
  init(
    state: @escaping () -> State,
    send: @escaping (Action) -> StoreTask,
    sendBatch: @escaping ([Action]) -> StoreTask,
    addObserver: @escaping (@escaping (UnsafePointer<State>) -> Void) -> ObservationToken,
    location: RootLocation?,
    rootStore: AnyObject,
    registry: EffectEngine,
    clock: StoreClock
  ) {
    self.state = state
    self.send = send
    self.sendBatch = sendBatch
    self.addObserver = addObserver
    self.location = location
    self.rootStore = rootStore
    self.registry = registry
    self.clock = clock
  }
}

/// A state's byte offset inside the root state, and the root's way to add an observer that
/// reads the root state through a raw pointer.
@MainActor
@usableFromInline
struct RootLocation {
  @usableFromInline let offset: Int
  @usableFromInline let addRawObserver: (@escaping (UnsafeRawPointer) -> Void) -> ObservationToken

  @inlinable
  init(offset: Int, addRawObserver: @escaping (@escaping (UnsafeRawPointer) -> Void) -> ObservationToken) {
    self.offset = offset
    self.addRawObserver = addRawObserver
  }

  /// The location of the state at `childOffset` inside this one.
  @inlinable
  func appending(_ childOffset: Int) -> RootLocation {
    RootLocation(offset: offset + childOffset, addRawObserver: addRawObserver)
  }
}
