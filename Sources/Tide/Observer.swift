/// The observers of a store, called with the state after each drained batch.
///
/// Entries are values in a contiguous array, so a notification round costs no reference
/// counting per observer beyond its closure. A round goes through a copy of the entries, so
/// observers may be added and removed meanwhile; one removed is remembered until the round
/// ends, so it is not called later in that round.
@usableFromInline
struct ObserverList<State> {
  @usableFromInline
  struct Entry {
    @usableFromInline let id: UInt64
    /// Called with a pointer to the round's state, so an observer reading one field reads
    /// just that field instead of receiving a copy of the whole state.
    @usableFromInline let callback: (UnsafePointer<State>) -> Void
  }

  @usableFromInline var entries = ContiguousArray<Entry>()
  @usableFromInline var removedDuringRound: Set<UInt64> = []
  @usableFromInline var nextID: UInt64 = 0

  @usableFromInline
  init() {}

  @inlinable
  var isEmpty: Bool { entries.isEmpty }

  /// Adds an observer; during a round it is first called in the next (the round goes through
  /// a copy of the entries).
  @usableFromInline
  mutating func add(_ callback: @escaping (UnsafePointer<State>) -> Void) -> UInt64 {
    nextID += 1
    entries.append(Entry(id: nextID, callback: callback))
    return nextID
  }

  /// Removes an observer; one removed during a round is not called later in it. The ids
  /// remembered are forgotten at the end of the next round (ids are never reused, so one kept
  /// a while longer, when the list went empty, matches nothing).
  mutating func remove(id: UInt64, duringRound: Bool) {
    entries.removeAll { $0.id == id }
    if duringRound { removedDuringRound.insert(id) }
  }
}

/// Keeps an observation alive until ``cancel()`` is called, the token is released, or its
/// store goes away.
///
/// Keep the token for as long as you want to be told: releasing it cancels the observation,
/// so an observation nobody holds cannot leak. Cancelling from inside an observer callback is
/// safe: an observer cancelled during a round of notifications is not called again, not even
/// later in the same round. A token does not keep its store alive.
@MainActor
public final class ObservationToken: Sendable {
  private var onCancel: (() -> Void)?

  init(onCancel: @escaping () -> Void) {
    self.onCancel = onCancel
  }

  isolated deinit {
    onCancel?()
  }

  /// Stops the observation. Calling it again does nothing.
  public func cancel() {
    onCancel?()
    onCancel = nil
  }

  /// Whether the observation has been cancelled.
  public var isCancelled: Bool { onCancel == nil }
}
