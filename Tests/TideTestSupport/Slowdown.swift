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

  /// The load per core when the process started (at least 1): on a machine running ten times
  /// more work than it has cores, a debug build takes that much longer.
  package static let load: Double = {
    guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8),
      let load = text.split(separator: " ").first.flatMap({ Double($0) })
    else { return 1 }
    let cores = Double(max(1, ProcessInfo.processInfo.activeProcessorCount))
    return max(1, load / cores)
  }()

  /// `duration` stretched by ``sanitizer`` (not by the load: a caller that polls counts polls,
  /// which a loaded machine already makes slower).
  package static func sanitized(_ duration: Duration) -> Duration {
    duration * sanitizer
  }
}

extension Trait where Self == TimeLimitTrait {
  /// `.timeLimit(.minutes(minutes))`, stretched by ``Slowdown/sanitizer``.
  package static func timeLimit(minutes: Int) -> Self {
    .timeLimit(.minutes(minutes * Int(Slowdown.sanitizer)))
  }
}
