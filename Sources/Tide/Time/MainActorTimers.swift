import Synchronization

/// A run loop that sleeps until its next event anyway — a terminal's poll on the tty — and
/// can wake for the main actor's timers as well, instead of a sleeping task.
///
/// A sleeping task's tick passes through libdispatch's timer thread, a pool thread and the
/// main queue before the store sees it (about five thread wake-ups a tick); a loop that puts
/// the next deadline in its own poll's timeout wakes once and hands the tick to the main actor.
package protocol TimerWaker: AnyObject, Sendable {
  /// Wakes at `deadline`, then calls `fire` on the main actor; replaces the request before it.
  /// `nil`: no timer is pending, wake for none. `fire` may be called early or more than once —
  /// a call that finds nothing due puts the request back — so a waker that stops serving hands
  /// its pending request back by calling it.
  func wake(at deadline: ContinuousClock.Instant?, fire: @escaping @MainActor @Sendable () -> Void)
}

/// Who wakes the timers of stores on the main actor and the continuous clock: a sleeping task
/// (the default), or a ``TimerWaker`` a run loop installs while it runs.
package enum MainActorTimers {
  private static let installed = Mutex<(any TimerWaker)?>(nil)

  /// Hands the wake-ups of the main actor's continuous-clock timers to `waker` from the next one
  /// armed on; `nil` gives them back to sleeping tasks, once the old waker has called its
  /// pending request.
  package static func wake(with waker: (any TimerWaker)?) {
    installed.withLock { $0 = waker }
  }

  static var waker: (any TimerWaker)? { installed.withLock { $0 } }
}
