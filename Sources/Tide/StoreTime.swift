import IssueReporting
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
    let onThread = UInt(bitPattern: pthread_getspecific(threadSlot))
    let bits = onThread != 0 ? onThread : current.load(ordering: .relaxed)
    guard bits != 0, let pointer = UnsafeRawPointer(bitPattern: bits) else {
      reportIssue("StoreTime.now was read outside a store's reducer, middleware or observers; it reads zero there.")
      return .zero
    }
    return Unmanaged<EffectScheduler>.fromOpaque(pointer).takeUnretainedValue().clock.now
  }

  /// The scheduler of the store whose drain is under way, as the bits of an unretained
  /// reference (0: none). A store sets it on the main actor when a drain starts and restores
  /// the outer one when the drain ends, and is alive throughout its own drain; drains of
  /// different stores nest only through calls made inside one (an observer sending to another
  /// store), so the stack lives in the drains' locals. Reducers are not isolated, so it is read
  /// without isolation: atomically, a plain load and store on the machine, never a data race.
  @usableFromInline static let current = Atomic<UInt>(0)

  /// Makes `scheduler`'s clock the one ``now`` reads; returns the bits to restore.
  @inlinable
  @inline(__always)
  static func enter(_ scheduler: Unmanaged<EffectScheduler>) -> UInt {
    let outer = current.load(ordering: .relaxed)
    current.store(UInt(bitPattern: scheduler.toOpaque()), ordering: .relaxed)
    return outer
  }

  /// Restores what ``enter(_:)`` returned.
  @inlinable
  @inline(__always)
  static func leave(restoring outer: UInt) {
    current.store(outer, ordering: .relaxed)
  }

  /// The slot of stores off the main actor (``IsolatedStore``s): the current thread's own,
  /// since their drains run at once on different threads. A drain never suspends, so it starts
  /// and ends on one thread; ``now`` reads this slot first.
  private static let threadSlot: pthread_key_t = {
    var key = pthread_key_t()
    precondition(pthread_key_create(&key, nil) == 0, "StoreTime: no thread-specific key left")
    return key
  }()

  /// ``enter(_:)`` for a store off the main actor.
  @usableFromInline
  static func enterOnThread(_ scheduler: Unmanaged<EffectScheduler>) -> UInt {
    let outer = UInt(bitPattern: pthread_getspecific(threadSlot))
    pthread_setspecific(threadSlot, scheduler.toOpaque())
    return outer
  }

  /// Restores what ``enterOnThread(_:)`` returned.
  @usableFromInline
  static func leaveOnThread(restoring outer: UInt) {
    pthread_setspecific(threadSlot, UnsafeRawPointer(bitPattern: outer))
  }
}
