import Foundation
import Testing
import TideTestSupport

@testable import TideDemo

/// Quit signals and write signals against the real app and its todo file, in tmux (SPEC,
/// "Terminal restore"): keys typed before a quit are handled before it, and a save the system
/// refuses (beyond `ulimit -f`) is a warning, not a dead terminal. Every wait polls the pane or
/// a file with a deadline.
@Suite(
  "End to end: signals and the todo file", .serialized,
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct SignalEndToEndTests {
  /// How a run quits right after typing the toggle, without waiting for it to show.
  enum Quit: String, CaseIterable, CustomTestStringConvertible {
    /// `x` and ctrl-c in one write to the terminal: the tty raises SIGINT as it receives the
    /// ctrl-c, while the `x` may still wait in its input queue.
    case controlC = "ctrl-c"
    /// `x` typed while the app is stopped (SIGSTOP), then SIGTERM, then SIGCONT: the app wakes
    /// with the key unread in the tty and the signal pending, every run.
    case sigterm = "SIGTERM"
    var testDescription: String { rawValue }
  }

  func todos(at path: String) throws -> [Todo] {
    try EndToEndDataTests().todos(at: path)
  }

  /// Issue 20: keys typed before ctrl-c or a quit signal are the user's too — the app handles
  /// them, then quits. A toggle typed then ctrl-c is applied and saved, 20 runs of 20.
  @Test(arguments: Quit.allCases)
  func keysTypedBeforeAQuitAreHandledBeforeIt(quit: Quit) async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-quit")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("s.json")
    var lost: [Int] = []
    for run in 1...20 {
      try Data(EndToEndDataTests.oneTodo.utf8).write(to: URL(fileURLWithPath: data))
      try await session.startDemo(run: run, binary, ["--data", data, "--screen", "todos"])
      try await session.waitForScreen(containing: "> [ ] t")
      switch quit {
      case .controlC:
        try await session.send("x", "C-c")
      case .sigterm:
        let pid = try await session.appPID()
        #expect(kill(pid, SIGSTOP) == 0)
        // A stop takes effect asynchronously: a key sent before it has would be read at once.
        try await session.waitUntilStopped(pid)
        try await session.send("x")
        try await session.waitForUnreadInput()
        #expect(kill(pid, SIGTERM) == 0)
        #expect(kill(pid, SIGCONT) == 0)
      }
      let status = try await session.waitForExit()
      #expect(status == 128 + (quit == .controlC ? SIGINT : SIGTERM), "run \(run): exit \(status)")
      if try todos(at: data) != [Todo(id: 1, title: "t", isDone: true)] { lost.append(run) }
    }
    #expect(lost.isEmpty, "\(quit): the toggle typed before the quit was lost in runs \(lost) of 20")
    try await session.expectTerminalRestored()
  }

  /// Every signal whose default ends a process (SPEC, "Terminal restore"; issue 18 item 5) ends
  /// tide-demo as SIGTERM does: the key typed before it is handled and its save awaited, the
  /// status is 128 + the signal (issue 37: it was 0, where shells expect 128 + N), and the
  /// terminal is restored, keypad mode included. The key waits unread
  /// while the app is stopped, so the signal always comes with a save still to do.
  @Test(arguments: [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU])
  func everyQuitSignalAwaitsTheSaveAndRestoresTheTerminal(signal: Int32) async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-signal")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("s.json")
    try Data(EndToEndDataTests.oneTodo.utf8).write(to: URL(fileURLWithPath: data))
    try await session.startDemo(binary, ["--data", data, "--screen", "todos"])
    try await session.waitForScreen(containing: "> [ ] t")
    let pid = try await session.appPID()
    #expect(kill(pid, SIGSTOP) == 0)
    try await session.waitUntilStopped(pid)
    try await session.send("x")
    try await session.waitForUnreadInput()
    #expect(kill(pid, signal) == 0)
    #expect(kill(pid, SIGCONT) == 0)
    let status = try await session.waitForExit()
    #expect(status == 128 + signal, "signal \(signal): exit \(status)")
    #expect(try todos(at: data) == [Todo(id: 1, title: "t", isDone: true)], "the toggle was saved before the exit")
    try await session.expectTerminalRestored()
    let flags = try await session.display("#{keypad_flag} #{keypad_cursor_flag} #{mouse_any_flag}")
    #expect(flags == "0 0 0", "keypad and pointer modes off after signal \(signal)")
  }

  /// SIGXFSZ is ignored, so a save beyond `ulimit -f` fails with EFBIG: the app shows the save
  /// warning and goes on taking keys, and the file on disk stays whole (before the fix the
  /// signal killed the app, exit 153, the terminal left raw and the change lost).
  @Test func aSaveBeyondTheFileSizeLimitWarnsAndKeepsTheFileWhole() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-fsize")
    defer { withExtendedLifetime(session) {} }
    let data = session.folder.file("s.json")
    // Beyond the limit: the next save cannot be written, whatever the unit of the shell's
    // `ulimit -f` (512 or 1024 bytes).
    let title = " with a longer title" + String(repeating: " and more", count: 20)
    let list = (1...(FileSizeLimit.bytesBeyond / 200 + 1)).map { Todo(id: $0, title: "todo number \($0)" + title) }
    try TodoStorage(path: data).saveNow(list)
    let original = try Data(contentsOf: URL(fileURLWithPath: data))
    try await session.startApp(
      binary, ["--data", data, "--screen", "todos"],
      environment: FileSizeLimit.command + " && env LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=tmux-256color")
    try await session.waitForScreen("the list") { $0.contains("] todo number 1 ") }
    try await session.send("x")
    try await session.waitForScreen(containing: "Could not save todos to s.json")
    #expect((try? session.file("status")) == nil, "the app is still running")
    // It goes on: the next key is handled (a toggle back, which also cannot be saved).
    try await session.send("x")
    try await session.waitForScreen(containing: "> [ ] todo number 1 ")
    try await session.send("q")
    _ = try await session.waitForExit()
    #expect(try Data(contentsOf: URL(fileURLWithPath: data)) == original, "the file on disk is the one from before")
    #expect(try todos(at: data) == list)
    #expect(!session.folder.contents().contains { $0.contains(".tmp-") }, "\(session.folder.contents())")
    try await session.expectTerminalRestored()
  }
}

extension TmuxSession {
  /// Run `run` of a loop in one pane: the first starts tide-demo with `arguments`, each later one
  /// starts it again in the same pane.
  func startDemo(run: Int, _ binary: String, _ arguments: [String]) async throws {
    if run == 1 {
      try await startDemo(binary, arguments)
    } else {
      try await restartApp()
    }
  }

  /// Polls `/proc` until process `pid` is stopped (by a job-control signal).
  func waitUntilStopped(_ pid: pid_t, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    var state = "unknown"
    let stopped = try await poll {
      state = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8))?
        .split(separator: "\n").first { $0.hasPrefix("State:") }.map(String.init) ?? "unknown"
      return state.contains("T (stopped)")
    }
    if stopped { return }
    Issue.record("timed out waiting for process \(pid) to stop; its \(state)", sourceLocation: sourceLocation)
    throw CancellationError()
  }

  /// Polls the pane's tty until input waits in it unread (`FIONREAD` on the terminal): a key
  /// sent while the app is stopped has arrived.
  func waitForUnreadInput(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let tty = try await display("#{pane_tty}")
    let descriptor = open(tty, O_RDONLY | O_NOCTTY | O_NONBLOCK)
    try #require(descriptor >= 0, "cannot open \(tty): \(String(cString: strerror(errno)))", sourceLocation: sourceLocation)
    defer { close(descriptor) }
    let unread = try await poll {
      var count: Int32 = 0
      return ioctl(descriptor, UInt(FIONREAD), &count) == 0 && count > 0
    }
    if unread { return }
    let state = (try? String(contentsOfFile: "/proc/\(try await appPID())/status", encoding: .utf8))?
      .split(separator: "\n").first { $0.hasPrefix("State:") } ?? "unknown"
    Issue.record("timed out waiting for unread input in \(tty); the app's \(state)", sourceLocation: sourceLocation)
    throw CancellationError()
  }
}
