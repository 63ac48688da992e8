import Clocks
import Tide

/// A clock a test moves by hand, as a test would: swift-clocks' `TestClock`, whose `advance` is
/// awaited, or Tide's `VirtualClock`, moved synchronously from the caller's actor.
package enum HandMovedClock: String, CaseIterable, Sendable {
  case testClock, virtualClock

  /// A new clock of this kind, reading zero.
  package func make() -> HandMoved {
    switch self {
    case .testClock: .test(TestClock())
    case .virtualClock: .virtual(VirtualClock())
    }
  }
}

/// A clock of a ``HandMovedClock`` kind.
package enum HandMoved: Sendable {
  case test(TestClock<Duration>)
  case virtual(VirtualClock)

  /// The clock, for a store.
  package var clock: any Clock<Duration> {
    switch self {
    case .test(let clock): clock
    case .virtual(let clock): clock
    }
  }

  /// Moves the clock by `duration`: `await TestClock.advance(by:)`, or `VirtualClock.advance(by:)`
  /// called from `isolation`, the caller's actor.
  package func advance(by duration: Duration, isolation: isolated (any Actor)? = #isolation) async {
    switch self {
    case .test(let clock): await clock.advance(by: duration)
    case .virtual(let clock): clock.advance(by: duration)
    }
  }
}
