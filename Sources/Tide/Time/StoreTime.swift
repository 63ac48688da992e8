// Not `internal`: `IsolatedStore.send`, inlined into the caller's module, reads and writes the
// slot through its inline accessors. Not re-exported: a client of Tide does not see them.
import CTideThreadSlot
import Synchronization

/// The time on the store's clock, as a reducer reads it: the instant of the action being
/// reduced, at once, with no effect round trip.
///
/// A feature that measures time (a stopwatch's start, stop and lap) needs the instant of the
/// key press itself, which falls between two timer ticks. Reading it here puts the change in
/// the same frame as the key, instead of one effect hop later.
///
/// ```swift
/// case .start:
///   state.startedAt = StoreTime.now
///   return .timer(after: .zero, every: .milliseconds(50)) { .tick(at: $0) }
/// ```
///
/// The instant is the time since the store was created, on the clock the store was given —
/// the scale a timer's instants use — so it is deterministic wherever time is: on a
/// `VirtualClock` or swift-clocks' `TestClock` it is the clock's reading, in a replay the
/// replayed time.
public enum StoreTime {
  /// The instant on the clock of the store whose reducer, middleware or observer is running,
  /// as the time since that store was created.
  ///
  /// Read outside a store's reducer, middleware or observers there is no store to ask: that is
  /// reported as a mistake and reads zero.
  public static var now: Duration {
    let onThread = ctide_store_time_thread_slot_get()
    let bits = onThread != 0 ? onThread : mainActorSlot.bits.load(ordering: .relaxed)
    guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else {
      reportIssue("StoreTime.now was read outside a store's reducer, middleware or observers; it reads zero there.")
      return .zero
    }
    // A store actor's entry has its low bit set (see `RootStorage.timeSlotEntry`): its drain
    // hands over its own address, read by no send, and its clock is found here instead.
    if bits & 1 != 0, let owner = UnsafeRawPointer(bitPattern: bits & ~1) {
      let store = Unmanaged<AnyObject>.fromOpaque(owner).takeUnretainedValue()
      guard let owner = store as? any StoreClockOwner else {
        preconditionFailure("A store's time-slot entry named an object that keeps no clock.")
      }
      return owner.clock.now
    }
    return Unmanaged<ClockedCore>.fromOpaque(pointer).takeUnretainedValue().clock.now
  }

  /// The slot the main actor's stores share (an ``IsolatedStore`` on another actor uses the
  /// current thread's, below). A main-actor store holds it from its creation, so its drain
  /// reaches it with no lookup and no branch on which slot it is.
  @usableFromInline static let mainActorSlot = StoreTimeSlot()

  /// ``StoreTimeSlot/enter(_:)`` for a store off the main actor (an ``IsolatedStore``), whose
  /// slot is the current thread's own, since their drains run at once on different threads. A
  /// drain never suspends, so it starts and ends on one thread; ``now`` reads this slot first.
  /// A C thread-local (CTideThreadSlot), inlined: a load and a store beside the thread pointer.
  @inlinable
  @inline(__always)
  static func enterOnThread(_ entry: UInt) -> UInt {
    let outer = ctide_store_time_thread_slot_get()
    ctide_store_time_thread_slot_set(entry)
    return outer
  }

  /// Restores what ``enterOnThread(_:)`` returned.
  @inlinable
  @inline(__always)
  static func leaveOnThread(restoring outer: UInt) {
    ctide_store_time_thread_slot_set(outer)
  }
}
