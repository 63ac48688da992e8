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
/// The first observer, the leader, refreshes the snapshot: its entry comes before every other
/// member's in the store's list, so each round it compares the state with the snapshot once,
/// passes the new state to the leader's callback and keeps it — one copy of the state serving
/// both. It goes on refreshing after the leader's own observation ended, as long as other
/// members remain. Every member has been passed a state equal to the snapshot, so a member is
/// called exactly when the refresh found a change — except in its first round, when a member
/// that joined with a different state (added while a drain was changing the state, or before
/// the refresh in a round) compares with the state it was passed itself.
@MainActor
@usableFromInline
final class ObservedStateSnapshot<State: Equatable> {
  @exclusivity(unchecked) @usableFromInline var state: State
  /// Whether the round under way has a state that differs from the one before it.
  @exclusivity(unchecked) @usableFromInline var changed = false
  /// The leader's callback, until its observation ends.
  @exclusivity(unchecked) @usableFromInline var leader: ((State) -> Void)?
  /// The observers sharing the snapshot, the leader included while its observation runs; at
  /// zero the snapshot is dropped.
  @usableFromInline var members = 1
  /// The leader's entry, which refreshes the snapshot each round; cancelled with the last member.
  @usableFromInline var refreshEntry: ObservationToken?

  @inlinable
  init(_ state: State, leader: @escaping (State) -> Void) {
    self.state = state
    self.leader = leader
  }

  /// Compares the round's state with the snapshot; if it differs, passes it to the leader and
  /// keeps it.
  @inlinable
  func refresh(with round: UnsafePointer<State>) {
    if lend(round, to: { $0 == state }) {
      changed = false
      return
    }
    changed = true
    let new = round.pointee
    // Passed before it is kept, so the one copy serves both: an observer that joins from this
    // callback finds the older snapshot and compares with the state it was passed itself.
    if let leader { leader(new) }
    state = new
  }
}

/// A whole-state observer sharing an ``ObservedStateSnapshot`` that it did not create: what it
/// was passed, until its first round, when that may differ from the snapshot.
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
    // The leader's refresh ran before this member in this round: from now on they agree.
    let joined = joinedWith
    joinedWith = nil
    isJoining = false
    return lend(round, to: { $0 != joined })
  }
}
