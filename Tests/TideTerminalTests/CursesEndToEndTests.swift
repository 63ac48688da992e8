import Foundation
import Testing

/// Runs the real `tide-hello` binary (``Program`` over ncurses) in a tmux pane and checks that
/// it draws, reacts to keys, and on every way out — `q`, SIGTERM, ctrl-c, SIGHUP — exits with
/// status 0 and leaves the terminal as it found it: the same `stty` settings, the cursor
/// visible, the alternate screen left.
///
/// This is a real terminal, not an effect on a virtual clock, so the test polls the pane with a
/// bounded number of short retries.
@Suite(.serialized, .enabled(if: Tmux.path != nil, "tmux is not on PATH; the ncurses end-to-end tests need it"))
struct CursesEndToEndTests {
  enum Exit: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case quitKey, sigterm, ctrlC, sighup, sigquit, ctrlBackslash
    var testDescription: String { rawValue }
  }

  /// Crash signals: the terminal is restored by the crash handler, and the process ends by the
  /// signal at once — Swift's interactive backtracer, which would wait 30 s for a key over the
  /// app's screen, never runs.
  @Test(arguments: [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGTRAP, SIGFPE])
  func aCrashSignalRestoresTheTerminalAndEndsAtOnce(signal: Int32) async throws {
    let binary = try #require(HelloBinary.url, "tide-hello was not found next to the test bundle; build with --build-tests")
    let tmux = try Tmux.start(running: binary)
    defer { tmux.shutDown() }
    _ = try await tmux.waitForScreen { $0.contains("count: 0") }
    let before = try tmux.file("before.txt")
    try tmux.sendKeys("+")
    _ = try await tmux.waitForScreen { $0.contains("count: 1") }
    let started = ContinuousClock.now
    #expect(kill(try tmux.appPID(), signal) == 0)
    let status = try await tmux.waitForFile("status.txt")
    #expect(ContinuousClock.now - started < .seconds(10), "ended without waiting for input")
    #expect(status == "\(128 + signal)", "killed by the signal itself")
    #expect(try tmux.file("after.txt") == before, "stty settings restored by the crash handler")
    #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "0 1", "normal screen, visible cursor")
    let after = try tmux.capture()
    #expect(!after.contains("count: 1"), "the app's screen is gone:\n\(after)")
    #expect(!after.contains("Press space"), "no interactive backtracer prompt:\n\(after)")
  }

  /// A terminal type that cannot run a full-screen program: status 2, a message naming it, and
  /// the terminal left exactly as it was.
  @Test(arguments: [
    ("TERM=dumb", "the terminal type TERM='dumb' cannot move the cursor"),
    ("TERM=no-such-terminal", "the terminal type TERM='no-such-terminal' is unknown"),
    ("TERM=", "TERM is not set"), ("env -u TERM", "TERM is not set"),
  ])
  func anUnusableTerminalTypeExitsTwoTouchingNothing(environment: String, message: String) async throws {
    let binary = try #require(HelloBinary.url, "tide-hello was not found next to the test bundle; build with --build-tests")
    let tmux = try Tmux.start(running: binary, environment: environment)
    defer { tmux.shutDown() }
    let status = try await tmux.waitForFile("status.txt")
    #expect(status == "2")
    #expect(try tmux.file("stderr.txt") == "tide-hello: needs an interactive terminal, but \(message)")
    #expect(try tmux.file("after.txt") == tmux.file("before.txt"))
    #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "0 1")
  }

  @Test(arguments: Exit.allCases)
  func quitsCleanlyAndRestoresTheTerminal(way: Exit) async throws {
    let binary = try #require(HelloBinary.url, "tide-hello was not found next to the test bundle; build with --build-tests")
    let tmux = try Tmux.start(running: binary)
    defer { tmux.shutDown() }

    let first = try await tmux.waitForScreen { $0.contains("count: 0") && $0.contains("Tide hello") }
    #expect(first.contains(" + add  - subtract  t ticker  q quit"), "footer help from the key map")
    #expect(first.contains("(ticking)"))
    #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "1 0", "alternate screen, hidden cursor while running")
    let before = try tmux.file("before.txt")
    let running = try tmux.run("stty", "-F", tmux.display("#{pane_tty}"), "-g")
    #expect(running != before, "the app puts the tty in a different mode while it runs")

    // The one-second interval redraws the screen with no key pressed.
    _ = try await tmux.waitForScreen { $0.range(of: "ticks: [1-9]", options: .regularExpression) != nil }
    try tmux.sendKeys("+")
    _ = try await tmux.waitForScreen { $0.contains("count: 1") }
    try tmux.sendKeys("+")
    _ = try await tmux.waitForScreen { $0.contains("count: 2") }

    switch way {
    case .quitKey: try tmux.sendKeys("q")
    case .ctrlC: try tmux.sendKeys("C-c")
    case .sigterm:
      let pid = try tmux.appPID()
      #expect(kill(pid, SIGTERM) == 0)
    case .sighup:
      let pid = try tmux.appPID()
      #expect(kill(pid, SIGHUP) == 0)
    case .sigquit:
      let pid = try tmux.appPID()
      #expect(kill(pid, SIGQUIT) == 0)
    case .ctrlBackslash: try tmux.sendKeys("C-\\")
    }

    let status = try await tmux.waitForFile("status.txt")
    #expect(status == "0")
    #expect(try tmux.file("after.txt") == before, "stty settings restored")
    #expect(tmux.display("#{alternate_on} #{cursor_flag}") == "0 1", "normal screen, visible cursor")
    let after = try tmux.capture()
    #expect(!after.contains("count:"), "the app's screen is gone:\n\(after)")
    #expect(!after.contains("Tide hello"))
    #expect(after.contains("started"), "the shell's screen is back:\n\(after)")
  }
}

/// `tide-hello` outside a terminal: a clear error and status 2, the terminal never touched.
@Suite struct HelloWithoutATerminalTests {
  @Test func refusesToRunWhenStdoutIsNotATerminal() throws {
    let binary = try #require(HelloBinary.url, "tide-hello was not found next to the test bundle; build with --build-tests")
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tide-hello-notty-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }

    // Standard input, output and error are /dev/null and files: no terminal at all.
    let result = try Command.run([binary.path], scratch: scratch)
    #expect(result.exitStatus == 2)
    #expect(result.output == "", "nothing, not even terminal set-up sequences, on stdout")
    #expect(result.errorOutput == "tide-hello: needs an interactive terminal\n")
  }
}

/// The `tide-hello` executable built into the same products directory as this test bundle.
enum HelloBinary {
  static let url: URL? = {
    var candidates: [URL] = []
    for start in [CommandLine.arguments.first.map { URL(fileURLWithPath: $0) }, Bundle.main.executableURL]
    .compactMap({ $0 }) {
      var directory = start.deletingLastPathComponent()
      for _ in 0..<4 {
        candidates.append(directory.appendingPathComponent("tide-hello"))
        directory = directory.deletingLastPathComponent()
      }
    }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
  }()
}

/// A private tmux server (its own socket, no user config) running one 80×24 pane.
final class Tmux {
  static let path: String? = {
    let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
    return directories.map { "\($0)/tmux" }.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  let socket: String
  let directory: URL
  private let session = "hello"

  private init(socket: String, directory: URL) {
    self.socket = socket
    self.directory = directory
  }

  /// Starts a server whose pane runs `binary` from a shell script that records `stty -g`
  /// before and after and the exit status. The shell traps SIGINT (the app gets the default
  /// disposition back on exec) so that it outlives a ctrl-c and can record the status.
  static func start(running binary: URL, environment: String = "") throws -> Tmux {
    let name = "tide-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let script = """
      trap : INT QUIT
      cd '\(directory.path)' || exit 99
      echo started
      stty -g > before.txt
      \(environment) '\(binary.path)' 2> stderr.txt
      echo $? > status.tmp
      stty -g > after.txt
      mv status.tmp status.txt
      exec sleep 120
      """
    try script.write(to: directory.appendingPathComponent("run.sh"), atomically: true, encoding: .utf8)
    let tmux = Tmux(socket: name, directory: directory)
    _ = try tmux.tmux(
      "new-session", "-d", "-x", "80", "-y", "24", "-s", tmux.session,
      "sh '\(directory.appendingPathComponent("run.sh").path)'")
    return tmux
  }

  /// Kills the server, which hangs up the pane's processes, and removes the scratch directory.
  /// Should the server not go, it and the app are killed outright.
  func shutDown() {
    let server = pid_t(display("#{pid}"))
    let pane = pid_t(display("#{pane_pid}"))
    let app = try? appPID()
    _ = try? tmux("kill-server")
    // Whatever ignored the hang-up (a blocked signal mask is inherited), SIGKILL cannot ignore.
    if let app { kill(app, SIGKILL) }
    if let pane { kill(pane, SIGKILL) }
    if let server { kill(server, SIGKILL) }
    try? FileManager.default.removeItem(at: directory)
  }

  func sendKeys(_ keys: String...) throws {
    _ = try tmux(["send-keys", "-t", session] + keys)
  }

  func capture() throws -> String {
    try tmux("capture-pane", "-p", "-t", session)
  }

  func display(_ format: String) -> String {
    ((try? tmux("display-message", "-p", "-t", session, format)) ?? "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// The pid of the app: the child of the pane's shell named `tide-hello`.
  func appPID() throws -> pid_t {
    let shell = display("#{pane_pid}")
    let output = try run("pgrep", "-P", shell, "-x", "tide-hello")
    guard let pid = pid_t(output.split(separator: "\n").first ?? "") else {
      throw Failure(description: "no tide-hello under pane shell \(shell)")
    }
    return pid
  }

  func file(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Polls the pane (every 50 ms, for at most 15 s) until `isReady` holds for its text.
  func waitForScreen(_ isReady: (String) -> Bool) async throws -> String {
    var text = ""
    for _ in 0..<300 {
      text = try capture()
      if isReady(text) { return text }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw Failure(description: "the pane never showed the expected screen; last capture:\n\(text)")
  }

  /// Polls (every 50 ms, for at most 15 s) until the script has written `name`.
  func waitForFile(_ name: String) async throws -> String {
    for _ in 0..<300 {
      if let text = try? file(name) { return text }
      try await Task.sleep(for: .milliseconds(50))
    }
    throw Failure(description: "\(name) never appeared; the pane shows:\n\((try? capture()) ?? "?")")
  }

  private func tmux(_ arguments: String...) throws -> String {
    try tmux(arguments)
  }

  private func tmux(_ arguments: [String]) throws -> String {
    try run([Tmux.path ?? "tmux", "-L", socket, "-f", "/dev/null"] + arguments)
  }

  func run(_ arguments: String...) throws -> String {
    try run(arguments)
  }

  private func run(_ arguments: [String]) throws -> String {
    let result = try Command.run(arguments, scratch: directory)
    guard result.status == 0 else {
      throw Failure(description: "\(arguments.joined(separator: " ")) failed with wait status \(result.status)")
    }
    return result.output
  }
}

/// Runs a command to completion.
///
/// Not Foundation's `Process`: its children inherit the signal mask of the spawning thread,
/// and a dispatch worker thread blocks nearly every signal, so a tmux server started that way
/// ignores the SIGTERM of `kill-server` and outlives the test. Here the child gets an empty
/// mask and default handlers. Output goes to files, not pipes, because the tmux server daemon
/// keeps the descriptors it was started with, and a pipe would never reach its end.
enum Command {
  struct Result {
    /// The raw wait status: 0 for a normal exit with status 0.
    var status: Int32
    var output: String
    var errorOutput: String

    var exitStatus: Int32? { status & 0x7f == 0 ? (status >> 8) & 0xff : nil }
  }

  static func run(
    _ arguments: [String], scratch directory: URL, environment changes: [String: String?] = [:]
  ) throws -> Result {
    let id = UUID().uuidString
    let outputPath = directory.appendingPathComponent("out-\(id)").path
    let errorPath = directory.appendingPathComponent("err-\(id)").path
    defer {
      try? FileManager.default.removeItem(atPath: outputPath)
      try? FileManager.default.removeItem(atPath: errorPath)
    }

    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
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

    var environment = ProcessInfo.processInfo.environment
    environment["TMUX"] = nil
    environment["TERM"] = environment["TERM"] ?? "xterm"
    for (key, value) in changes { environment[key] = value }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      argv.forEach { free($0) }
      envp.forEach { free($0) }
    }

    var pid: pid_t = 0
    let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
    guard spawned == 0 else {
      throw Tmux.Failure(description: "cannot run \(arguments[0]): \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    return Result(
      status: status,
      output: (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "",
      errorOutput: (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "")
  }
}
