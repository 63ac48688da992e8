import Synchronization

/// A run loop that sleeps until its next event anyway — a terminal's poll on its input, a
/// server's event loop — and can wake for the main actor's timers as well, instead of a
/// sleeping task.
///
/// A sleeping task's tick passes through libdispatch's timer thread, a pool thread and the
/// main queue before the store sees it (about five thread wake-ups a tick); a loop that puts
/// the next deadline in its own wait's timeout wakes once and hands the tick to the main actor.
/// Install one with ``MainActorTimers/wake(with:)``; see <doc:EffectsAndTime>.
public protocol TimerWaker: AnyObject, Sendable {
  /// Wakes at `deadline`, then calls `fire` on the main actor; replaces the request before it.
  /// `nil`: no timer is pending, wake for none.
  ///
  /// Called from any thread, often while the caller holds a lock of its own: record the request
  /// and wake your loop, never call `fire` from inside this method. `fire` may be called early
  /// or more than once — a call that finds nothing due puts the request back — so a waker that
  /// stops serving hands its pending request back by calling it.
  func wake(at deadline: ContinuousClock.Instant?, fire: @escaping @MainActor @Sendable () -> Void)
}

/// Who wakes the timers of stores on the main actor and the continuous clock: a sleeping task
/// (the default), or the ``TimerWaker`` of a run loop, installed while the loop runs.
///
/// The hook through which a runtime that owns the main thread's wait (TideTerminal's screen
/// thread is one) takes over the wake-ups of ``Store``'s timers, intervals and delays: a tick
/// then costs the loop one wake-up, with no task asleep on the clock. The timers fire exactly
/// as without it — each at its deadline, in deadline order, on the main actor.
///
/// ```swift
/// MainActorTimers.wake(with: loop)   // the loop puts each deadline in its wait's timeout
/// defer { MainActorTimers.wake(with: nil) }
/// ```
public enum MainActorTimers {
  private static let installed = Mutex<(any TimerWaker)?>(nil)
  /// Moved on by every install, after it: a queue that read the waker at this count needs not
  /// read it again until the count moves.
  static let installs = Atomic<UInt64>(0)

  /// Hands the wake-ups of the main actor's continuous-clock timers to `waker` from the next one
  /// armed on; `nil` gives them back to sleeping tasks, once the old waker has called its
  /// pending request.
  public static func wake(with waker: (any TimerWaker)?) {
    installed.withLock { installed in
      installed = waker
      installs.add(1, ordering: .releasing)
    }
  }

  static var waker: (any TimerWaker)? {
    EngineLockSections.count()
    return installed.withLock { $0 }
  }
}
