import Foundation
import Testing

/// The one tmux driver of the tests: a private tmux server (its own `-L` socket, no user
/// config) running one session of a given size, killed with every process under it when the
/// value goes away.
///
/// A real terminal and a real process are not on a virtual clock, so every wait here polls
/// (every 50 ms) with a deadline and, when the deadline passes, records what it waited for and
/// what the pane showed.
package final class TmuxSession {
  /// tmux on `PATH`; tests that need it are disabled without it.
  package static let path: String? = executableOnPath("tmux")

  /// The folder of the wrapper script and the files it writes; the test's own files may go here.
  package let folder: TemporaryDirectory
  /// The session's name, for `-t`.
  package let name = "main"
  let socket: String
  let columns: Int
  let rows: Int
  private var paneCommand: String?

  /// A session of `columns`×`rows`; nothing runs until ``start(_:environment:)``.
  package init(label: String = "tide-tmux", columns: Int = 80, rows: Int = 24) {
    folder = TemporaryDirectory(label)
    socket = "\(label)-\(getpid())-\(UUID().uuidString.prefix(8))"
    self.columns = columns
    self.rows = rows
  }

  deinit {
    shutDown()
  }

  /// Synchronous on purpose: the server must not outlive the test. A server (or app) that
  /// inherited blocked signals may ignore kill-server's hang-up, so whatever is left is then
  /// killed outright with SIGKILL, which no mask blocks.
  private func shutDown() {
    guard let tmux = Self.path, paneCommand != nil else { return }
    let pids = (try? runProcessAndWait(tmux, arguments(["display-message", "-p", "-t", name, "#{pid} #{pane_pid}"]), environment: Self.clientEnvironment))?
      .stdout.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? []
    let descendants = pids.count == 2 ? Self.descendants(of: pids[1]).map(\.pid) : []
    _ = try? runProcessAndWait(tmux, arguments(["kill-server"]), environment: Self.clientEnvironment)
    guard pids.count == 2 else { return }
    kill(-pids[1], SIGKILL)
    for pid in descendants { kill(pid, SIGKILL) }
    kill(pids[1], SIGKILL)
    kill(pids[0], SIGKILL)
  }

  /// The environment of tmux clients (and so of the server the first one starts): this
  /// process's, outside any tmux the tests may run in.
  static var clientEnvironment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TERM"] = environment["TERM"] ?? "xterm"
    return environment
  }

  private func arguments(_ tmuxArguments: [String]) -> [String] {
    ["-L", socket, "-f", "/dev/null"] + tmuxArguments
  }

  /// Runs one tmux command against this server.
  @discardableResult
  package func tmux(_ arguments: [String], environment: [String: String]? = nil) async throws -> ProcessResult {
    let tmux = try #require(Self.path, "tmux is not on PATH; run `make deps`")
    return try await runProcess(tmux, self.arguments(arguments), environment: environment ?? Self.clientEnvironment)
  }

  /// Starts the server and the session, its pane running `command` (a shell command line).
  /// `environment` adds to the client's environment, which the server and pane inherit.
  package func start(_ command: String, environment: [String: String] = [:]) async throws {
    paneCommand = command
    var client = Self.clientEnvironment
    client.merge(environment) { $1 }
    let started = try await tmux(
      ["new-session", "-d", "-x", "\(columns)", "-y", "\(rows)", "-s", name, command], environment: client)
    guard started.status == 0 else {
      Issue.record("tmux new-session failed: \(started)")
      throw SubprocessFailure("tmux new-session failed")
    }
  }

  /// Starts `binary arguments` in the pane from a wrapper script that, in ``folder``, records
  /// `stty -g` before and after (`stty-before`, `stty-after`), the exit status (`status`, written
  /// last) and, if asked, standard error (`stderr`), then keeps the pane open. The shell traps
  /// SIGINT and SIGQUIT, as a login shell would, so that it outlives a ctrl-c or ctrl-\ in the
  /// pane and records what the app left behind (the app gets the default disposition on exec).
  ///
  /// `environment` is put before the pane's shell, e.g. `env LC_ALL=C.UTF-8 TERM=tmux-256color`.
  ///
  /// With `recordingInputLeftOver`, the wrapper then reads for a second what was typed and left
  /// unread on the terminal, as the shell would run it, into `left-over`.
  package func startApp(
    _ binary: String, _ arguments: [String] = [], environment: String = "",
    recordingStandardError: Bool = false, recordingInputLeftOver: Bool = false
  ) async throws {
    let quoted = ([binary] + arguments).map { "'\($0)'" }.joined(separator: " ")
    let script = """
      trap : INT QUIT
      cd '\(folder.path)' || exit 99
      echo started
      stty -g > stty-before
      \(quoted)\(recordingStandardError ? " 2> stderr" : "")
      echo $? > status.tmp
      stty -g > stty-after
      \(recordingInputLeftOver ? "left=$(timeout --foreground 1 head -n 1); printf '%s' \"$left\" > left-over" : "")
      mv status.tmp status
      echo "app exited"
      exec sleep 600
      """
    try script.write(toFile: folder.file("run.sh"), atomically: true, encoding: .utf8)
    try await start("\(environment) sh '\(folder.file("run.sh"))'")
  }

  /// Runs the pane's command again in the same pane (`respawn-pane -k`), after removing the
  /// status file of the last run.
  package func restartApp() async throws {
    let command = try #require(paneCommand, "restartApp() before start")
    unlink(folder.file("status"))
    try await tmux(["respawn-pane", "-k", "-t", name, command])
  }

  package func capture() async throws -> String {
    try await tmux(["capture-pane", "-p", "-t", name]).stdout
  }

  /// Sends tmux key names (`Enter`, `C-c`, `x`) in one `send-keys`, so they arrive as one burst.
  package func send(_ keys: String...) async throws {
    try await send(contentsOf: keys)
  }

  package func send(contentsOf keys: [String]) async throws {
    try await tmux(["send-keys", "-t", name] + keys)
  }

  /// Types `text` literally.
  package func type(_ text: String) async throws {
    try await tmux(["send-keys", "-t", name, "-l", text])
  }

  /// Pastes `text` with `paste-buffer -p`: wrapped in the bracketed-paste markers when the app
  /// turned bracketed paste on.
  package func paste(_ text: String) async throws {
    try await tmux(["set-buffer", "-b", "paste", "--", text])
    try await tmux(["paste-buffer", "-p", "-b", "paste", "-t", name])
  }

  package func display(_ format: String) async throws -> String {
    try await tmux(["display-message", "-p", "-t", name, format]).stdout
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the pane until `condition` holds (``poll(every:until:)``: a wait for something that
  /// must happen, which gives up only at ``Slowdown/waitLimit``); returns the last capture.
  @discardableResult
  package func waitForScreen(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: (String) -> Bool
  ) async throws -> String {
    var screen = ""
    if try await poll(until: { screen = try await capture(); return condition(screen) }) { return screen }
    Issue.record("timed out waiting for \(what); the pane shows:\n\(screen)", sourceLocation: sourceLocation)
    throw CancellationError()
  }

  @discardableResult
  package func waitForScreen(
    containing text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws -> String {
    try await waitForScreen("\"\(text)\"", sourceLocation: sourceLocation) { $0.contains(text) }
  }

  /// Polls the pane's title (`#{pane_title}`, what the app's OSC 2 set) until it is `title`.
  package func waitForTitle(_ title: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    try await waitForDisplay("#{pane_title}", toBe: title, what: "the pane's title", sourceLocation: sourceLocation)
  }

  /// Polls what tmux says of the pane in `format` (`#{cursor_x}`, `#{pane_title}`) until it is
  /// `expected`.
  package func waitForDisplay(
    _ format: String, toBe expected: String, what: String, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    var shown = ""
    if try await poll(until: { shown = try await display(format); return shown == expected }) { return }
    Issue.record("timed out waiting for \(what) (\(format)) to be \"\(expected)\"; it is \"\(shown)\"", sourceLocation: sourceLocation)
    throw CancellationError()
  }

  /// Polls until the file `name` in ``folder`` exists; returns its text without surrounding white
  /// space.
  package func waitForFile(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> String {
    var text: String?
    if try await poll(until: { text = try? file(name); return text != nil }), let text { return text }
    Issue.record(
      "timed out waiting for the file \(name); the pane shows:\n\((try? await capture()) ?? "")",
      sourceLocation: sourceLocation)
    throw CancellationError()
  }

  /// Waits for the wrapper's status file: the app has exited and `stty -g` was recorded again.
  package func waitForExit(sourceLocation: SourceLocation = #_sourceLocation) async throws -> Int32 {
    let text = try await waitForFile("status", sourceLocation: sourceLocation)
    return try #require(Int32(text), "the status file holds \(text)", sourceLocation: sourceLocation)
  }

  /// The text of the file `name` in ``folder``, without surrounding white space.
  package func file(_ name: String) throws -> String {
    try String(contentsOfFile: folder.file(name), encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pid of the process named `processName` under the pane's process (tmux's
  /// `#{pane_pid}`, the shell running the wrapper script).
  package func appPID(named processName: String, sourceLocation: SourceLocation = #_sourceLocation) async throws -> pid_t {
    let listed = try await display("#{pane_pid}")
    let panePID = try #require(pid_t(listed), "no pane pid: \(listed)", sourceLocation: sourceLocation)
    // `ps -o comm` shows the kernel's name of the process, cut at 15 bytes.
    let app = Self.descendants(of: panePID).first { $0.name == String(processName.utf8.prefix(15))! }
    return try #require(app?.pid, "no \(processName) under the pane's process \(panePID)", sourceLocation: sourceLocation)
  }

  /// The processes under `root`, from `ps`.
  static func descendants(of root: pid_t) -> [(pid: pid_t, name: String)] {
    let table = (try? runProcessAndWait(executableOnPath("ps") ?? "/bin/ps", ["-A", "-o", "pid=,ppid=,comm="]))?.stdout ?? ""
    let processes = table.split(separator: "\n").compactMap { line -> (pid: pid_t, ppid: pid_t, name: String)? in
      let fields = line.split(separator: " ", maxSplits: 2)
      guard fields.count == 3, let pid = pid_t(fields[0]), let ppid = pid_t(fields[1]) else { return nil }
      return (pid, ppid, String(fields[2]))
    }
    var found: [(pid: pid_t, name: String)] = []
    var parents: Set<pid_t> = [root]
    var grew = true
    while grew {
      grew = false
      for process in processes where parents.contains(process.ppid) && !parents.contains(process.pid) {
        parents.insert(process.pid)
        found.append((process.pid, process.name))
        grew = true
      }
    }
    return found
  }
}
