import Foundation
import Testing

/// What a finished process left behind.
package struct ProcessResult: CustomStringConvertible, Sendable {
  /// The exit status, or the number of the signal that ended the process.
  package var status: Int32
  /// Whether a signal ended the process (then `status` is the signal's number).
  package var wasSignalled: Bool
  package var stdout: String
  package var stderr: String

  package var description: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// A process that could not be started, or a tmux command that failed.
package struct SubprocessFailure: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}

/// Runs `executable` with `arguments` and waits for it to end, without blocking a thread of the
/// concurrency pool (the wait happens on a thread of its own).
///
/// `environment` replaces the whole environment (nil: this process's). `input` is written to the
/// child's standard input (nil: /dev/null).
package func runProcess(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
  input: String? = nil, whileRunning: @escaping @Sendable (pid_t) -> Void = { _ in }
) async throws -> ProcessResult {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result {
        try runProcessAndWait(executable, arguments, environment: environment, input: input, whileRunning: whileRunning)
      })
    }
    thread.start()
  }
}

/// ``runProcess(_:_:environment:input:)`` on the calling thread: for clean-ups that must finish
/// before a `deinit` returns.
///
/// Not Foundation's `Process`: its children inherit the signal mask of the spawning thread, and
/// the threads that run tests block nearly every signal, so a tmux server or app started that way
/// ignores SIGTERM and SIGHUP and can outlive the test. Here the child gets an empty mask and
/// default handlers. Output goes to files, not pipes, because a tmux server keeps the descriptors
/// it was started with, and a pipe would never reach its end.
/// `whileRunning` is called with the child's pid once it started, on the waiting thread, before
/// the wait: to signal the child, say.
package func runProcessAndWait(
  _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
  input: String? = nil, whileRunning: (pid_t) -> Void = { _ in }
) throws -> ProcessResult {
  let folder = TemporaryDirectory("tide-process")
  let outputPath = folder.file("stdout")
  let errorPath = folder.file("stderr")
  let inputPath = input == nil ? "/dev/null" : folder.file("stdin")
  if let input { try input.write(toFile: inputPath, atomically: false, encoding: .utf8) }

  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var noSignals = sigset_t()
  sigemptyset(&noSignals)
  posix_spawnattr_setsigmask(&attributes, &noSignals)
  var defaults = sigset_t()
  sigemptyset(&defaults)
  for signal in [SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
  posix_spawnattr_setsigdefault(&attributes, &defaults)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

  let argv = ([executable] + arguments).map { strdup($0) } + [nil]
  // A child built with ThreadSanitizer (`make test-tsan`) reads its suppressions and exit code
  // from the environment: an environment the caller wrote keeps the run's, or the child reports
  // the known false races the suppressions name and exits 66.
  var childEnvironment = environment ?? ProcessInfo.processInfo.environment
  if childEnvironment["TSAN_OPTIONS"] == nil {
    childEnvironment["TSAN_OPTIONS"] = ProcessInfo.processInfo.environment["TSAN_OPTIONS"]
  }
  let envp = childEnvironment.map { strdup("\($0.key)=\($0.value)") } + [nil]
  defer {
    argv.forEach { free($0) }
    envp.forEach { free($0) }
  }
  var pid: pid_t = 0
  let spawned = posix_spawnp(&pid, executable, &actions, &attributes, argv, envp)
  guard spawned == 0 else {
    throw SubprocessFailure("cannot run \(executable): \(String(cString: strerror(spawned)))")
  }
  whileRunning(pid)
  var status: Int32 = 0
  while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
  let signal = status & 0x7f
  return ProcessResult(
    status: signal == 0 ? (status >> 8) & 0xff : signal,
    wasSignalled: signal != 0,
    stdout: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
    stderr: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
}

/// The first executable named `name` on `PATH`.
package func executableOnPath(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// The package root, found from this file's path.
package let packageRoot: URL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent()  // TideTestSupport
  .deletingLastPathComponent()  // Tests
  .deletingLastPathComponent()

/// The built executable `name`: in the products folder of the test bundle (found from the
/// running binary, up to four folders up, which covers macOS's bundle layout), else in the
/// package's default `.build/debug`.
package func builtExecutable(_ name: String) -> String? {
  var folders: [URL] = []
  for start in [CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }, Bundle.main.executableURL].compactMap({ $0 }) {
    var folder = start.deletingLastPathComponent()
    for _ in 0..<4 {
      folders.append(folder)
      folder = folder.deletingLastPathComponent()
    }
  }
  folders.append(packageRoot.appendingPathComponent(".build/debug"))
  return folders.map { $0.appendingPathComponent(name).path }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// ``builtExecutable(_:)``, or a recorded failure saying where it was looked for.
package func requireBuiltExecutable(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
  try #require(
    builtExecutable(name),
    "\(name) was not found next to the test bundle (\(CommandLine.arguments.first ?? "?")) or in .build/debug; build with --build-tests",
    sourceLocation: sourceLocation)
}
