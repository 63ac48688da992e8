import Foundation
import Testing
import TideTestSupport

/// A quit signal while a live app starts, in a real terminal. Second hostile pass: Tide handled
/// no signal until the app's screen was up, so SIGQUIT reached Swift's backtracer (a crash
/// report, "Press space to interact", then the app ran on) and SIGTERM killed the app where it
/// stood. The command records quit signals from its start now.
@Suite(.serialized, .enabled(if: TmuxSession.path != nil, "tmux is not on PATH; the terminal tests need it"))
struct StartingAppSignalTests {
  /// tide-pager waiting for its file, a FIFO no one writes: the wait ends with the signal, and
  /// a line typed meanwhile is not left for the shell to run (second hostile re-check: `touch
  /// PWN` typed while it waited ran after SIGTERM ended it).
  @Test func aQuitSignalWhileTheAppWaitsForItsFileEndsItWith128PlusN() async throws {
    let binary = try requireBuiltExecutable("tide-pager")
    let session = TmuxSession(label: "pager-fifo-quit", columns: 100, rows: 24)
    let fifo = session.folder.file("notes")
    #expect(mkfifo(fifo, 0o600) == 0)
    try await session.startApp(
      binary, [fifo], environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color", recordingStandardError: true,
      recordingInputLeftOver: true)
    let pid = try await waitForApp("tide-pager", in: session) { ProcessInspection.opens($0, fifo) }
    try await session.type("touch typed-for-the-app")
    try await session.send("Enter")
    // The terminal has the line (it echoes it) before the signal comes.
    try await session.waitForScreen(containing: "touch typed-for-the-app")
    kill(pid, SIGQUIT)
    #expect(try await session.waitForExit() == 128 + SIGQUIT)
    #expect(try session.file("stderr") == "tide-pager: could not read \(fifo): stopped by SIGQUIT while waiting for input")
    #expect(try await session.display("#{alternate_on}") == "0")
    #expect(try session.file("left-over") == "", "the typed line was discarded")
  }

  /// tide-list building 200 million items, one step that takes minutes: the quit watch ends it
  /// 2 s after the one SIGTERM, saying so, as the signal would (the shell sees 143).
  @Test func aSignalWhileTheAppBuildsItsStateEndsIt() async throws {
    let binary = try requireBuiltExecutable("tide-list")
    let session = TmuxSession(label: "list-build-term", columns: 100, rows: 24)
    try await session.startApp(
      binary, ["--items", "200000000"], environment: "env LC_ALL=C.UTF-8 TERM=tmux-256color", recordingStandardError: true,
      recordingInputLeftOver: true)
    // Recording quit signals and a second into its build.
    let pid = try await waitForApp("tide-list", in: session) { ProcessInspection.catches($0, SIGTERM) && ProcessInspection.cpuSeconds(of: $0) >= 1 }
    try await session.type("touch typed-for-the-app")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "touch typed-for-the-app")
    kill(pid, SIGTERM)
    #expect(try await session.waitForExit() == 128 + SIGTERM)
    // Then the wrapper's shell says "Terminated", as a shell does of a process a signal ended.
    let stderr = try session.file("stderr")
    #expect(
      stderr.hasPrefix(
        "tide-list: stopped by SIGTERM while busy: one step ran on for 2 s after the signal, so the app could not stop in order; files already written are whole, and what was not yet saved or written was not\n"),
      "\(stderr)")
    #expect(try session.file("stty-after") == session.file("stty-before"), "the terminal's modes are the shell's")
    #expect(try session.file("left-over") == "", "the line typed while it started was discarded")
  }

  /// The app's pid once `ready` holds for it.
  private func waitForApp(
    _ name: String, in session: TmuxSession, sourceLocation: SourceLocation = #_sourceLocation, ready: (pid_t) -> Bool
  ) async throws -> pid_t {
    var found: pid_t?
    _ = try await poll {
      found = try? await session.appPID(named: name)
      return found.map(ready) ?? false
    }
    if let found, ready(found) { return found }
    Issue.record("\(name) did not get ready; the pane shows:\n\(try await session.capture())", sourceLocation: sourceLocation)
    throw CancellationError()
  }
}
