import Synchronization

/// Where ``StoreTime/now`` finds the store whose drain is under way: that store's
/// ``RootStorage/timeSlotEntry``, the bits of an unretained reference (0: none).
///
/// A store sets it when a drain starts and restores the outer one when the drain ends, and is
/// alive throughout its own drain; drains of different stores nest only through calls made
/// inside one (an observer sending to another store), so the stack lives in the drains' locals.
/// Reducers are not isolated, so it is read without isolation: atomically, a plain load and
/// store on the machine, never a data race.
@usableFromInline
final class StoreTimeSlot: Sendable {
  @usableFromInline let bits = Atomic<UInt>(0)

  @usableFromInline init() {}

  /// Makes the clock of the store whose time-slot entry is `entry` (``RootStorage/timeSlotEntry``)
  /// the one ``StoreTime/now`` reads; returns the bits to restore.
  @inlinable
  @inline(__always)
  func enter(_ entry: UInt) -> UInt {
    let outer = bits.load(ordering: .relaxed)
    bits.store(entry, ordering: .relaxed)
    return outer
  }

  /// Restores what ``enter(_:)`` returned.
  @inlinable
  @inline(__always)
  func leave(restoring outer: UInt) {
    bits.store(outer, ordering: .relaxed)
  }
}
