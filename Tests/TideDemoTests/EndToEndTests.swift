import Foundation
import Testing
import TideTestSupport

/// The real binary in a real terminal: tmux runs it in a detached 80x24 pane, keys go in with
/// `send-keys`, the screen comes back with `capture-pane`. Waiting here is for a real terminal
/// and a real process, so it polls with a bounded number of retries.
@Suite(
  "End to end in tmux", .serialized,
  // tmux is installed by `make deps` and present in CI; without it there is no terminal to drive.
  .enabled(if: TmuxSession.path != nil, "tmux is not installed; run `make deps`"))
struct EndToEndTests {
  /// The `MM:SS.CC` on the stopwatch screen.
  static func stopwatchTime(_ screen: String) -> String? {
    screen.firstMatch(of: /\d\d:\d\d\.\d\d/).map { String($0.output) }
  }

  @Test func typeTodosRunTheStopwatchQuitAndReload() async throws {
    let binary = try requireTideDemo()
    let dataFolder = TemporaryDirectory("tide-demo-e2e-data")
    defer { withExtendedLifetime(dataFolder) {} }
    let data = dataFolder.file("data/todos.json")
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }

    try await session.startDemo(binary, ["--data", data])
    try await session.waitForScreen(containing: "Count: 0")
    try await session.send("+", "+", "k")
    try await session.waitForScreen(containing: "Count: 3")

    // Todos: tab twice, add one with a, type, enter.
    try await session.send("Tab", "Tab")
    try await session.waitForScreen(containing: "No todos yet")
    try await session.send("a")
    try await session.waitForScreen(containing: "New todo:")
    try await session.type("buy milk, quickly")  // q while typing is text, not quit
    try await session.waitForScreen(containing: "New todo: buy milk, quickly")
    try await session.send("Enter")
    try await session.waitForScreen(containing: "> [ ] buy milk, quickly")
    try await session.waitForScreen(containing: "1 item left")

    // Stopwatch: shift-tab back one screen, start, and see the time move between captures.
    try await session.send("BTab")
    try await session.waitForScreen(containing: "Stopped")
    try await session.send("s")
    let running = try await session.waitForScreen(containing: "Running")
    let first = try #require(Self.stopwatchTime(running))
    let later = try await session.waitForScreen("the time to move on from \(first)") { screen in
      Self.stopwatchTime(screen).map { $0 > first } ?? false
    }
    #expect(later.contains("Running"))
    try await session.send("s")
    try await session.waitForScreen(containing: "Stopped")

    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
    let saved = try String(contentsOfFile: data, encoding: .utf8)
    #expect(saved.contains("\"buy milk, quickly\""), "\(saved)")

    // A second run with the same --data shows the todo.
    let again = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(again) {} }
    try await again.startDemo(binary, ["--data", data, "--screen", "todos"])
    try await again.waitForScreen(containing: "> [ ] buy milk, quickly")
    try await again.send("x")
    try await again.waitForScreen(containing: "> [x] buy milk, quickly")
    try await again.send("C-c")
    #expect(try await again.waitForExit() == 128 + SIGINT, "ctrl-c is SIGINT: 130, as shells expect")
    try await again.expectTerminalRestored()
    #expect(try String(contentsOfFile: data, encoding: .utf8).contains("\"isDone\" : true"))
  }

  /// The main actor and the screen loop share the main thread (MainThreadLoop): a running
  /// animation's tick wakes one thread. Before, the screen had a thread of its own and the main
  /// actor ran on a thread of dispatch's pool (3 threads while the stopwatch ran).
  @Test func aRunningStopwatchRunsOnOneThread() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    try await session.startDemo(binary, ["--data", session.folder.file("todos.json"), "--screen", "stopwatch"])
    try await session.waitForScreen(containing: "Stopped")
    try await session.send("Space")
    try await session.waitForScreen(containing: "Running")
    // Ticks have run once the time shown is no longer the start's.
    try await session.waitForScreen("the stopwatch's time to move") { !$0.contains("00:00.00") }
    try await session.expectOneThread()
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }

  /// Keys typed faster than the frame rate share frames: the frames after the first wait for
  /// the frame pacer's slot. That wait is the screen loop's poll timeout too; it used to be a
  /// sleeping task, whose timer woke dispatch's timer thread and a pool thread (4 threads at
  /// 60 ticks a second, 2–3 after a burst of keys).
  @Test func framesHeldBackByTheFrameRateWakeNoOtherThread() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    try await session.startDemo(binary, ["--data", session.folder.file("todos.json"), "--screen", "counter"])
    try await session.waitForScreen(containing: "Count: 0")
    for _ in 0..<3 {
      // One burst of three: the second and third keys' frame waits for the slot after the first's.
      try await session.send("+", "+", "+")
      try await session.waitForScreen(containing: "Count: 3")
      try await session.send("-", "-", "-")
      try await session.waitForScreen(containing: "Count: 0")
    }
    try await session.expectOneThread()
    try await session.send("q")
    #expect(try await session.waitForExit() == 0)
    try await session.expectTerminalRestored()
  }

  @Test func sigtermRestoresTheTerminal() async throws {
    let binary = try requireTideDemo()
    let session = TmuxSession(label: "tide-demo-e2e")
    defer { withExtendedLifetime(session) {} }
    try await session.startDemo(binary, ["--data", session.folder.file("todos.json"), "--screen", "stopwatch"])
    try await session.waitForScreen(containing: "Stopped")
    try await session.send("Space")
    try await session.waitForScreen(containing: "Running")
    #expect(try await session.display("#{alternate_on}") == "1", "the app runs on the alternate screen")

    let pid = try await session.appPID()
    #if os(Linux)
      let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
      #expect(status.contains("SigBlk:\t0000000000000000"), "the app was started with signals blocked:\n\(status)")
    #endif
    #expect(kill(pid, SIGTERM) == 0)
    _ = try await session.waitForExit()
    try await session.expectTerminalRestored()
    // It really was the app that ended, not the pane.
    #expect(kill(pid, 0) != 0)
  }
}

extension TmuxSession {
  /// Starts `tide-demo arguments` in the pane, in a UTF-8 locale on tmux's own terminal type.
  func startDemo(_ binary: String, _ arguments: [String]) async throws {
    try await startApp(binary, arguments, environment: "env LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=tmux-256color")
  }

  /// The pid of the app: the `tide-demo` process under the pane's process.
  func appPID(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32 {
    try await appPID(named: "tide-demo", sourceLocation: sourceLocation)
  }

  /// The app runs on one thread: the main actor and the screen loop share the main thread, and
  /// nothing woke a thread of dispatch's (on Linux, where `/proc` tells).
  func expectOneThread(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #if os(Linux)
      let status = try String(contentsOfFile: "/proc/\(try await appPID())/status", encoding: .utf8)
      let threads = status.split(separator: "\n").first { $0.hasPrefix("Threads:") }
      #expect(threads == "Threads:\t1", "\(status)", sourceLocation: sourceLocation)
    #endif
  }

  /// After the app ended: the tty settings are those from before, the alternate screen is
  /// left and the cursor is visible.
  func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let before = try file("stty-before")
    let after = try file("stty-after")
    #expect(!before.isEmpty, sourceLocation: sourceLocation)
    #expect(before == after, "stty -g differs after exit", sourceLocation: sourceLocation)
    let screen = try await waitForScreen(containing: "app exited", sourceLocation: sourceLocation)
    #expect(!screen.contains("Tide demo"), "the app's screen is still shown:\n\(screen)", sourceLocation: sourceLocation)
    #expect(try await display("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
    #expect(try await display("#{cursor_flag}") == "1", "the cursor is hidden", sourceLocation: sourceLocation)
  }
}
