import CTideThreadSlot

/// The lock sections the effect engine, the timer queues and the timer-waker hook take, counted
/// on each thread in debug builds: how a test holds a timer's tick to its budget of locks, which
/// no profiler counts a tick at a time. A release build counts nothing and pays nothing.
///
/// A thread's own count, not the process's: a tick fires synchronously on its store's actor, so
/// the sections it takes are the difference of the firing thread's count across the firing,
/// whatever other threads lock meanwhile.
package enum EngineLockSections {
  /// Counts one lock section on this thread (debug builds).
  @inline(__always)
  static func count() {
    #if DEBUG
    ctide_lock_sections_count()
    #endif
  }

  /// The lock sections counted on this thread so far; always 0 in a release build.
  package static var onThisThread: Int {
    Int(ctide_lock_sections_get())
  }
}
