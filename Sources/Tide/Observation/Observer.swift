/// One observer of a store: its callback, and whether it was removed during the round under way.
@usableFromInline
final class Observer<State> {
  @usableFromInline let id: UInt64
  /// Called with a pointer to the state, so an observer reading one field reads just that
  /// field instead of receiving a copy of the whole state.
  @usableFromInline let callback: (UnsafePointer<State>) -> Void
  @exclusivity(unchecked) @usableFromInline var isRemoved = false

  init(id: UInt64, callback: @escaping (UnsafePointer<State>) -> Void) {
    self.id = id
    self.callback = callback
  }
}

/// The observers of a store, called with the state after each drained batch.
///
/// The table holds each observer with one reference of its own, taken when it is added and
/// given back when it is removed, and lists them unretained: a round reads the list in place
/// and calls each observer through a borrowed reference, so it costs no reference counting at
/// all. For that the list does not change during a round — an observer added then is first
/// called in the next round; one removed is marked, not called later in the round, and
/// released when the round ends (it may be the one running).
@usableFromInline
final class ObserverTable<State> {
  @exclusivity(unchecked) @usableFromInline var entries = ContiguousArray<Unmanaged<Observer<State>>>()
  @exclusivity(unchecked) @usableFromInline var isNotifying = false
  /// Added or removed during the round under way: applied when it ends.
  @exclusivity(unchecked) @usableFromInline var hasChangesOfRound = false
  private var addedDuringRound: [Unmanaged<Observer<State>>] = []
  private var nextID: UInt64 = 0

  @usableFromInline
  init() {}

  deinit {
    for entry in entries { entry.release() }
    for entry in addedDuringRound { entry.release() }
  }

  @inlinable
  var isEmpty: Bool { entries.isEmpty }

  /// Adds an observer; one added during a round is first called in the next.
  func add(_ callback: @escaping (UnsafePointer<State>) -> Void) -> UInt64 {
    nextID += 1
    let entry = Unmanaged.passRetained(Observer(id: nextID, callback: callback))
    if isNotifying {
      addedDuringRound.append(entry)
      hasChangesOfRound = true
    } else {
      entries.append(entry)
    }
    return nextID
  }

  /// Removes an observer; one removed during a round is not called later in it.
  func remove(id: UInt64) {
    if let index = addedDuringRound.firstIndex(where: { $0.takeUnretainedValue().id == id }) {
      addedDuringRound.remove(at: index).release()
      return
    }
    guard let index = entries.firstIndex(where: { $0.takeUnretainedValue().id == id }) else { return }
    if isNotifying {
      entries[index].takeUnretainedValue().isRemoved = true
      hasChangesOfRound = true
    } else {
      entries.remove(at: index).release()
    }
  }

  /// Calls every observer with `state`, in the order they were added.
  @inlinable
  func notify(_ state: UnsafePointer<State>) {
    isNotifying = true
    // The count is read once: observers added meanwhile wait for the next round, and the
    // list is not changed before the round ends.
    let count = entries.count
    var index = 0
    while index < count {
      Self.call(entries[index], with: state)
      index += 1
    }
    isNotifying = false
    if hasChangesOfRound { applyChangesOfRound() }
  }

  /// Calls one observer through a reference it does not retain: the table holds it, and
  /// releases nothing during a round. Not isolated, so the closure is not checked for its actor.
  @inlinable
  nonisolated static func call(_ observer: Unmanaged<Observer<State>>, with state: UnsafePointer<State>) {
    observer._withUnsafeGuaranteedRef { observer in
      if !observer.isRemoved { observer.callback(state) }
    }
  }

  @usableFromInline
  func applyChangesOfRound() {
    hasChangesOfRound = false
    entries.removeAll { entry in
      guard entry.takeUnretainedValue().isRemoved else { return false }
      entry.release()
      return true
    }
    entries.append(contentsOf: addedDuringRound)
    addedDuringRound.removeAll()
  }
}

/// Keeps an observation alive until ``cancel()`` is called, the token is released, or its
/// store goes away.
///
/// Keep the token for as long as you want to be told: releasing it cancels the observation,
/// so an observation nobody holds cannot leak. Cancelling from inside an observer callback is
/// safe: an observer cancelled during a round of notifications is not called again, not even
/// later in the same round. A token keeps its store alive until it is cancelled or released,
/// as a subscription owns its publisher: an observation never ends silently because nobody
/// else held the store.
@MainActor
public final class ObservationToken: Sendable {
  private var onCancel: (() -> Void)?
  /// The store observed, kept alive while the observation runs.
  private var store: AnyObject?

  @usableFromInline
  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    onCancel?()
  }

  /// Keeps `store` alive until the observation ends.
  @usableFromInline
  func retain(_ store: AnyObject) {
    if onCancel != nil { self.store = store }
  }

  /// Stops keeping the store alive: for an observation that must end with its store (an
  /// asynchronous sequence of values).
  func releaseStore() {
    store = nil
  }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
    store = nil
  }

  /// Whether the observation has been cancelled.
  public var isCancelled: Bool { onCancel == nil }
}

/// Calls `body` with the value at `pointer`, lent where it lies instead of copied.
///
/// Passing `pointer.pointee` to a function copies the value — a retain and a release of every
/// reference in it (five for a state holding an `IdentifiedArray`) — because the compiler
/// cannot prove that the memory stays unchanged during the call. Lent through an `inout`
/// access it is not copied: the access is exclusive for the call, so the value is borrowed in
/// place. Nothing is written through that access (`body` takes the value, not `inout`), so it
/// is sound for memory nothing else changes during the call — a store's state during a round of
/// notifications: only the reducer writes it, never during a round (an action sent from an
/// observer is queued), and a scoped store's child state is a value of the round's own.
@inlinable
@inline(__always)
func lend<Value, Result>(_ pointer: UnsafePointer<Value>, to body: (Value) throws -> Result) rethrows -> Result {
  try lendInPlace(&UnsafeMutablePointer(mutating: pointer).pointee, to: body)
}

@inlinable
@inline(__always)
func lendInPlace<Value, Result>(_ value: inout Value, to body: (Value) throws -> Result) rethrows -> Result {
  try body(value)
}
