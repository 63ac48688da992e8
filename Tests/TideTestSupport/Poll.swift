#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Polls `condition` every `interval` until it holds, for something that must happen: a pane
/// showing a screen, a file appearing, a process stopping. Whether it held. It gives up only at
/// ``Slowdown/waitLimit`` (stretched for a sanitized build): that deadline turns a hang into a
/// failure and is far beyond what a loaded machine takes, so no test passes or fails by how fast
/// the machine is. The caller says what it waited for when this returns `false`.
///
/// It runs on the caller's actor, so `condition` may touch what the caller holds.
///
/// The one poller of the test targets, for what no notification tells of (another process's
/// screen, files, states); what the tests' own code does, they wait on without polling.
package func poll(
  every interval: Duration = .milliseconds(50), isolation: isolated (any Actor)? = #isolation,
  until condition: () async throws -> Bool
) async throws -> Bool {
  let deadline = ContinuousClock.now + Slowdown.sanitized(Slowdown.waitLimit)
  while ContinuousClock.now < deadline {
    if try await condition() { return true }
    try await Task.sleep(for: interval)
  }
  return try await condition()
}

/// ``poll(every:until:)`` on a thread of its own that may block: the thread that waits for a
/// child process (``runProcess``), where the test's code watches the child from outside.
package func pollBlocking(every interval: Duration = .milliseconds(10), until condition: () -> Bool) -> Bool {
  let deadline = ContinuousClock.now + Slowdown.sanitized(Slowdown.waitLimit)
  let microseconds = UInt32(interval.components.seconds * 1_000_000 + interval.components.attoseconds / 1_000_000_000_000)
  while ContinuousClock.now < deadline {
    if condition() { return true }
    usleep(microseconds)
  }
  return condition()
}
