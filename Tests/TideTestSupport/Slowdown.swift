import Foundation
import Testing

/// How much longer than on a quiet machine a test's wall-clock deadline allows: a deadline
/// exists to catch a hang or a freeze, never to fail a build that is merely slow. The one place
/// where deadlines are stretched; a test never scales its own.
package enum Slowdown {
  /// 10 in a process built with ThreadSanitizer (`make test-tsan`), which runs Swift code about
  /// 5–15 times slower; 1 otherwise. Read from the process itself — the TSan runtime's entry
  /// point is linked in and exported — so a sanitized build run by hand is stretched too.
  package static let sanitizer: Double = dlsym(nil, "__tsan_init") != nil ? 10 : 1

  /// `duration` stretched by ``sanitizer``.
  package static func sanitized(_ duration: Duration) -> Duration {
    duration * sanitizer
  }

  /// How long a test waits for something that must happen before it says it never came: ten
  /// minutes (stretched by ``sanitizer`` where the wait applies it). A wait's deadline only
  /// turns a hang into a failure, so it is far beyond what a slow machine takes — the whole
  /// suite, debug build, on two cores kept busy by other work, held single tests for up to
  /// 320 s — and a test never passes or fails by how fast the machine is. A check that
  /// something does *not* happen is no wait: it proves it another way (the effects are idle,
  /// say), never by waiting a while and looking.
  package static let waitLimit: Duration = .seconds(600)

  /// Longer than a test's ``Trait/hangLimit``: a test store's wall timeout this long makes a
  /// `send` or `receive` that waited for it fail the test's time limit, which is how a test
  /// shows that they return without waiting for it.
  package static var beyondTheTimeLimit: Duration { .seconds(1200) * sanitizer }

  /// ``waitLimit`` in whole seconds, for the waits that count seconds.
  package static var waitLimitSeconds: Double { Double(waitLimit.components.seconds) * sanitizer }
}

extension Trait where Self == TimeLimitTrait {
  /// The one time limit of a test that might hang: fifteen minutes, stretched by
  /// ``Slowdown/sanitizer``. Longer than ``Slowdown/waitLimit``, so that a wait that never
  /// ends fails first, saying what it waited for. Every test runs beside the rest of the suite
  /// on one main actor and a pool of a thread a core, so its time includes the others' turns:
  /// a limit of a minute failed tests that take a quarter of a second alone.
  package static var hangLimit: Self {
    .timeLimit(.minutes(15 * Int(Slowdown.sanitizer)))
  }
}
