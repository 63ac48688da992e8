/// The last state the whole-state observers of one store were passed, kept once for all of
/// them and compared once a round, however many there are.
///
/// Skipping an equal state exactly needs the last state passed: the reducer changes the state
/// in place, so nothing else can tell afterwards whether it changed. The snapshot shares the
/// state's storage until the reducer next writes it, which is when a copy-on-write collection
/// in the state gets copied; the comparison then walks it up to the first difference. That is
/// the inherent cost of skipping repeats of a value, and a store pays it only while it has a
/// whole-state observer of an `Equatable` state: the snapshot exists from the first such
/// observer to the last one's end.
///
/// The snapshot refreshes itself through an observer entry of its own, added before its first
/// member and so called first in every round: it compares the round's state with the snapshot
/// once, and keeps the new one if they differ. Every member has been passed a state equal to
/// the snapshot, so a member is called exactly when the refresh found a change — except in its
/// first round, when a member that joined with a different state (added while a drain was
/// changing the state, or before the snapshot's refresh in a round) compares with the state it
/// was passed itself.
@MainActor
@usableFromInline
final class ObservedStateSnapshot<State: Equatable> {
  @exclusivity(unchecked) @usableFromInline var state: State
  /// Whether the round under way has a state that differs from the one before it.
  @exclusivity(unchecked) @usableFromInline var changed = false
  /// The observers sharing the snapshot; at zero it is dropped.
  @usableFromInline var members = 0
  /// The snapshot's own entry, which refreshes it at the start of each round.
  @usableFromInline var refreshEntry: ObservationToken?

  @inlinable
  init(_ state: State) {
    self.state = state
  }

  /// Compares the round's state with the snapshot, and keeps it if it differs.
  @inlinable
  func refresh(with round: UnsafePointer<State>) {
    if round.pointee == state {
      changed = false
    } else {
      changed = true
      state = round.pointee
    }
  }
}

/// One whole-state observer sharing an ``ObservedStateSnapshot``: what it was passed, until its
/// first round, when that may differ from the snapshot.
@MainActor
@usableFromInline
final class SnapshotMember<State: Equatable> {
  /// The state this observer was passed when it joined, if it differs from the snapshot then;
  /// `nil` once it is in step with the snapshot.
  @exclusivity(unchecked) @usableFromInline var joinedWith: State?
  /// Whether ``joinedWith`` holds a state: one test on the path of every round.
  @exclusivity(unchecked) @usableFromInline var isJoining: Bool

  @inlinable
  init(joinedWith: State?) {
    self.joinedWith = joinedWith
    self.isJoining = joinedWith != nil
  }

  /// Whether this observer is to be passed the round's state.
  @inlinable
  @inline(__always)
  func isCalled(with round: UnsafePointer<State>, snapshot: ObservedStateSnapshot<State>) -> Bool {
    if !isJoining { return snapshot.changed }
    return firstRound(with: round)
  }

  @inlinable
  @inline(never)
  func firstRound(with round: UnsafePointer<State>) -> Bool {
    // The snapshot's refresh ran before this member in this round: from now on they agree.
    let joined = joinedWith
    joinedWith = nil
    isJoining = false
    return joined != round.pointee
  }
}
