#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension ContinuousClock.Instant {
  /// The instant as the time since the clock's epoch, a `Duration`.
  ///
  /// `ContinuousClock.Instant` is a resilient type: each copy, comparison or `Optional` of one
  /// goes through the runtime (a type lookup and a value witness call), which a loop that reads
  /// and compares deadlines at every frame paid dozens of times a frame. Its layout is fixed all
  /// the same: it is a `Duration` since the clock's epoch, which the standard library's own
  /// `ContinuousClock.systemEpoch`, inlined into every caller, states with the same bit cast.
  /// So a deadline is turned into this frozen value once, where it enters such a loop.
  package var sinceEpoch: Duration { unsafeBitCast(self, to: Duration.self) }

  /// The instant `sinceEpoch` after the clock's epoch (see ``sinceEpoch``).
  package init(sinceEpoch: Duration) {
    self = unsafeBitCast(sinceEpoch, to: ContinuousClock.Instant.self)
  }
}

extension ContinuousClock {
  /// `now.sinceEpoch`: on Linux read straight from `CLOCK_BOOTTIME`, the system clock the Swift
  /// runtime reads for the continuous clock, without the runtime's call and the resilient
  /// instant it returns (a loop that reads the time at every frame runs cold, and each of those
  /// is code and a type's metadata to bring back into the cache).
  package static var nowSinceEpoch: Duration {
    #if os(Linux)
    var time = timespec()
    clock_gettime(CLOCK_BOOTTIME, &time)
    return Duration(secondsComponent: Int64(time.tv_sec), attosecondsComponent: Int64(time.tv_nsec) * 1_000_000_000)
    #else
    return now.sinceEpoch
    #endif
  }
}
