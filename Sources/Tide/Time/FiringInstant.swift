import CTideThreadSlot

/// The instant a timer entry fires at, on a clock Tide does not drive in real time (a test or
/// virtual clock): while the entry fires, its store's time reads the entry's deadline, not the
/// clock's reading.
///
/// Such a clock can be moved past several deadlines before the store's actor gets to them — an
/// awaited `TestClock.advance(by:)` on a busy machine, a `VirtualClock` moved from another actor.
/// The entries still fire one by one in deadline order, and each must see the time it was due
/// at: a reducer's ``StoreTime/now``, a delay or throttle it starts, the next tick it arms. So
/// the time is the same on every run, however late the actor was.
///
/// Why a thread's slot: an entry fires synchronously on its store's actor, and everything that
/// reads the store's time because of it (the reducer, the effects it starts, nested sends to
/// stores on that actor) runs inside that call, on that thread; code anywhere else — the test
/// moving the clock, a store's wait for idle — reads the clock itself. A task started by the
/// firing does not inherit it, as it would a task-local value: once it suspends, it reads the
/// clock. The slot names the clock's queue too, so a store on another clock never sees it.
enum FiringInstant {
  /// What the slot points at: the firing's queue and deadline, on the firing's stack.
  private struct Record {
    let queue: ObjectIdentifier
    let deadline: Duration
  }

  /// Runs `body` with `deadline` (on the scale of `queue`, a clock's ``TimerScheduling``) as
  /// the time of `queue` on this thread; restores the firing it interrupted, if any, after.
  static func during(_ deadline: Duration, on queue: AnyObject, _ body: () -> Void) {
    var record = Record(queue: ObjectIdentifier(queue), deadline: deadline)
    withUnsafeMutablePointer(to: &record) { pointer in
      let outer = ctide_firing_thread_slot_get()
      ctide_firing_thread_slot_set(UInt(bitPattern: pointer))
      defer { ctide_firing_thread_slot_set(outer) }
      body()
    }
  }

  /// The deadline of the entry of `queue` firing on this thread, if one is.
  static func deadline(on queue: AnyObject) -> Duration? {
    let bits = ctide_firing_thread_slot_get()
    guard bits != 0, let record = UnsafePointer<Record>(bitPattern: bits) else { return nil }
    return record.pointee.queue == ObjectIdentifier(queue) ? record.pointee.deadline : nil
  }
}
