import Foundation
import Testing

let tmuxPath = executableOnPath("tmux")

/// The real binary in a real terminal: tmux runs it in a detached 80x24 pane, keys go in with
/// `send-keys`, the screen comes back with `capture-pane`. Waiting here is for a real terminal
/// and a real process, so it polls with a bounded number of retries.
@Suite(
  "End to end in tmux", .serialized,
  // tmux is installed by `make deps` and present in CI; without it there is no terminal to drive.
  .enabled(if: tmuxPath != nil, "tmux is not installed; run `make deps`"))
struct EndToEndTests {
  /// A private tmux server (its own socket, in its own temporary folder) running one session,
  /// killed when done.
  final class Session {
    let tmux: String
    var socket: String { folder.file("tmux.sock") }
    let name = "tide"
    let folder = TemporaryDirectory("tide-demo-e2e")
    private var launcher: Process?

    init(tmux: String) {
      self.tmux = tmux
    }

    deinit {
      // Synchronous on purpose: the server must not outlive the test. A server (or app) that
      // inherited blocked signals may ignore kill-server's hang-up, so both are then killed
      // outright with SIGKILL, which no mask blocks.
      let pids = runSynchronously(["display-message", "-p", "-t", name, "#{pid} #{pane_pid}"])
        .split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      for arguments in [["kill-session", "-t", name], ["kill-server"]] {
        _ = runSynchronously(arguments)
      }
      if pids.count == 2 {
        kill(-pids[1], SIGKILL)
        kill(pids[1], SIGKILL)
        kill(pids[0], SIGKILL)
      }
    }

    private func runSynchronously(_ arguments: [String]) -> String {
      let process = Process()
      let output = Pipe()
      process.executableURL = URL(fileURLWithPath: tmux)
      process.arguments = ["-S", socket] + arguments
      process.standardOutput = arguments.first == "display-message" ? output : FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      guard (try? process.run()) != nil else { return "" }
      process.waitUntilExit()
      guard arguments.first == "display-message" else { return "" }
      return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    @discardableResult
    func tmux(_ arguments: [String]) async throws -> ProcessResult {
      try await runProcess(tmux, ["-S", socket, "-f", "/dev/null"] + arguments)
    }

    /// Starts `binary arguments` in an 80x24 pane, from a shell script that records `stty -g`
    /// before and after and the exit status, then keeps the pane open.
    func start(_ binary: String, _ arguments: [String], isRetry: Bool = false) async throws {
      let quoted = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
      let script = """
        #!/bin/sh
        cd '\(folder.path)' || exit 99
        # ctrl-c in the pane signals the whole foreground group: survive it, as a login shell
        # would, to record what the app left behind (the app gets the default disposition).
        trap ':' INT
        stty -g > stty-before
        \(quoted)
        echo $? > status.tmp
        stty -g > stty-after
        mv status.tmp status
        echo "app exited"
        exec sleep 600
        """
      let path = folder.file("run.sh")
      try script.write(toFile: path, atomically: true, encoding: .utf8)
      chmod(path, 0o755)
      // The first command starts the tmux server, which daemonizes and keeps an inherited
      // descriptor that Foundation watches for the client's exit, so that client is launched
      // but not awaited; `has-session` (a plain client) says when the session is up.
      let client = Process()
      client.executableURL = URL(fileURLWithPath: tmux)
      client.arguments = [
        "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s", name,
        "env LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=tmux-256color '\(path)'",
      ]
      client.standardInput = FileHandle.nullDevice
      client.standardOutput = FileHandle.nullDevice
      client.standardError = FileHandle.nullDevice
      // Swift concurrency runs this on a thread that blocks most signals, and a spawned process
      // inherits that mask: the tmux server, the pane's shell and the app would then never get
      // SIGHUP or SIGTERM. Spawn with no signal blocked, as from an interactive shell.
      // (No suspension point inside, so the mask is restored on the thread that changed it.)
      do {
        var unblocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&unblocked)
        pthread_sigmask(SIG_SETMASK, &unblocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try client.run()
      }
      launcher = client
      for _ in 0..<200 {
        if try await tmux(["has-session", "-t", name]).status == 0 { return }
        try await Task.sleep(for: .milliseconds(50))
      }
      // Seen once in a full parallel run right after a fresh build: the server never came up
      // from the first client. Say so, and try one more client before giving up.
      if !isRetry {
        print("EndToEndTests: the tmux session did not start within 10 s; launching it again")
        try await start(binary, arguments, isRetry: true)
        return
      }
      Issue.record("the tmux session did not start within 10 s, twice")
      throw CancellationError()
    }

    func capture() async throws -> String {
      try await tmux(["capture-pane", "-p", "-t", name]).stdout
    }

    func send(_ keys: String...) async throws {
      try await tmux(["send-keys", "-t", name] + keys)
    }

    func type(_ text: String) async throws {
      try await tmux(["send-keys", "-t", name, "-l", text])
    }

    func display(_ format: String) async throws -> String {
      try await tmux(["display-message", "-p", "-t", name, format]).stdout
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Polls the pane until `condition` holds, for at most `seconds`; returns the last capture.
    @discardableResult
    func waitForScreen(
      _ what: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation,
      _ condition: (String) -> Bool
    ) async throws -> String {
      var screen = ""
      for _ in 0..<Int(seconds * 20) {
        screen = try await capture()
        if condition(screen) { return screen }
        try await Task.sleep(for: .milliseconds(50))
      }
      Issue.record("timed out waiting for \(what); the pane shows:\n\(screen)", sourceLocation: sourceLocation)
      throw CancellationError()
    }

    @discardableResult
    func waitForScreen(
      containing text: String, seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> String {
      try await waitForScreen("\"\(text)\"", seconds: seconds, sourceLocation: sourceLocation) { $0.contains(text) }
    }

    /// Waits for the script's status file: the app has exited and `stty -g` was recorded again.
    func waitForExit(seconds: Double = 10) async throws -> Int32 {
      let path = folder.file("status")
      for _ in 0..<Int(seconds * 20) {
        if let text = try? String(contentsOfFile: path, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
          return status
        }
        try await Task.sleep(for: .milliseconds(50))
      }
      Issue.record("the app did not exit within \(seconds) s; the pane shows:\n\((try? await capture()) ?? "")")
      throw CancellationError()
    }

    /// After the app ended: the tty settings are those from before, the alternate screen is
    /// left and the cursor is visible.
    func expectTerminalRestored(sourceLocation: SourceLocation = #_sourceLocation) async throws {
      let before = try String(contentsOfFile: folder.file("stty-before"), encoding: .utf8)
      let after = try String(contentsOfFile: folder.file("stty-after"), encoding: .utf8)
      #expect(!before.isEmpty, sourceLocation: sourceLocation)
      #expect(before == after, "stty -g differs after exit", sourceLocation: sourceLocation)
      let screen = try await waitForScreen(containing: "app exited", sourceLocation: sourceLocation)
      #expect(!screen.contains("Tide demo"), "the app's screen is still shown:\n\(screen)", sourceLocation: sourceLocation)
      #expect(try await display("#{alternate_on}") == "0", "still on the alternate screen", sourceLocation: sourceLocation)
      #expect(try await display("#{cursor_flag}") == "1", "the cursor is hidden", sourceLocation: sourceLocation)
    }

    /// The pid of the app: the `tide-demo` process under the pane's process (tmux's
    /// `#{pane_pid}`, the shell running the wrapper script).
    func appPID() async throws -> Int32 {
      let listed = try await tmux(["list-panes", "-t", name, "-F", "#{pane_pid}"]).stdout
      let panePID = try #require(Int32(listed.trimmingCharacters(in: .whitespacesAndNewlines)))
      let table = try await runProcess(executableOnPath("ps") ?? "/bin/ps", ["-A", "-o", "pid=,ppid=,comm="])
      let processes = table.stdout.split(separator: "\n").compactMap { line -> (pid: Int32, ppid: Int32, name: String)? in
        let fields = line.split(separator: " ", maxSplits: 2)
        guard fields.count == 3, let pid = Int32(fields[0]), let ppid = Int32(fields[1]) else { return nil }
        return (pid, ppid, String(fields[2]))
      }
      var descendants: Set<Int32> = [panePID]
      var grew = true
      while grew {
        grew = false
        for process in processes where descendants.contains(process.ppid) && !descendants.contains(process.pid) {
          descendants.insert(process.pid)
          grew = true
        }
      }
      let app = processes.first { descendants.contains($0.pid) && $0.name == "tide-demo" }
      return try #require(app?.pid, "no tide-demo under the pane's process \(panePID):\n\(table.stdout)")
    }
  }

  /// The `MM:SS.CC` on the stopwatch screen.
  static func stopwatchTime(_ screen: String) -> String? {
    screen.firstMatch(of: /\d\d:\d\d\.\d\d/).map { String($0.output) }
  }

  @Test func typeTodosRunTheStopwatchQuitAndReload() async throws {
    let binary = try requireTideDemo()
    let dataFolder = TemporaryDirectory("tide-demo-e2e-data")
    defer { withExtendedLifetime(dataFolder) {} }
    let data = dataFolder.file("data/todos.json")
    let session = Session(tmux: tmuxPath!)
    defer { withExtendedLifetime(session) {} }

    try await session.start(binary, ["--data", data])
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
    let again = Session(tmux: tmuxPath!)
    defer { withExtendedLifetime(again) {} }
    try await again.start(binary, ["--data", data, "--screen", "todos"])
    try await again.waitForScreen(containing: "> [ ] buy milk, quickly")
    try await again.send("x")
    try await again.waitForScreen(containing: "> [x] buy milk, quickly")
    try await again.send("C-c")
    #expect(try await again.waitForExit() == 0)
    try await again.expectTerminalRestored()
    #expect(try String(contentsOfFile: data, encoding: .utf8).contains("\"isDone\" : true"))
  }

  @Test func sigtermRestoresTheTerminal() async throws {
    let binary = try requireTideDemo()
    let session = Session(tmux: tmuxPath!)
    defer { withExtendedLifetime(session) {} }
    try await session.start(binary, ["--data", session.folder.file("todos.json"), "--screen", "stopwatch"])
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
