#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A program run on a pseudo-terminal the test plays the terminal of: it reads what the program
/// writes and answers as a terminal would — the replies tmux cannot give (the kitty keyboard
/// protocol's, say).
package final class PseudoTerminal {
  package let pid: pid_t
  private let master: Int32
  /// Whether the program's exit was collected: its pid may then be another process's.
  private var isReaped = false
  /// Everything the program wrote so far.
  package private(set) var output: [UInt8] = []

  /// Starts `executable` with `arguments` and `environment` on a new pseudo-terminal of
  /// `columns` × `rows`, as the leader of a new session whose controlling terminal it is.
  package init(_ executable: String, _ arguments: [String] = [], environment: [String], columns: Int = 80, rows: Int = 24) throws {
    // posix_openpt, unlockpt and ptsname by hand: Glibc's module imports none of them. Linux's
    // ioctls on the multiplexer, as glibc makes them: TIOCSPTLCK (_IOW('T', 0x31, int)) unlocks
    // the other side, TIOCGPTN (_IOR('T', 0x30, unsigned int)) gives its number.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard master >= 0, ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      throw PseudoTerminalError(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    let slavePath = "/dev/pts/\(number)"
    var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // Opened after setsid, without O_NOCTTY: the terminal becomes the session's.
    posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
    posix_spawn_file_actions_adddup2(&actions, 0, 1)
    posix_spawn_file_actions_adddup2(&actions, 0, 2)
    posix_spawn_file_actions_addclose(&actions, master)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    // POSIX_SPAWN_SETSID (0x80, a GNU extension the module leaves out): a session of its own.
    posix_spawnattr_setflags(&attributes, 0x80)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let error = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard error == 0 else {
      close(master)
      throw PseudoTerminalError(description: "\(executable) did not start: \(String(cString: strerror(error)))")
    }
    self.pid = pid
    self.master = master
  }

  deinit {
    if !isReaped {
      kill(pid, SIGKILL)
      var status: Int32 = 0
      waitpid(pid, &status, 0)
    }
    close(master)
  }

  /// Reads what the program writes until `output` holds `bytes`, or until the program's side
  /// closes, or ``Slowdown/waitLimit`` passes (a wait for something that must happen); whether
  /// it came.
  @discardableResult
  package func read(until bytes: String) -> Bool {
    let wanted = Array(bytes.utf8)
    _ = pollBlocking(every: .zero) { contains(wanted) || readAvailable() == .closed }
    return contains(wanted)
  }

  private enum ReadResult { case read, nothingYet, closed }

  /// Reads what the program writes within 50 ms.
  private func readAvailable() -> ReadResult {
    var pollee = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard Glibc.poll(&pollee, 1, 50) >= 0 else { return .nothingYet }
    if pollee.revents & Int16(POLLIN) != 0 {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = Glibc.read(master, &buffer, buffer.count)
      // Linux answers EIO (-1) once the other side closed and all it wrote was read.
      guard count > 0 else { return .closed }
      output += buffer[..<count]
      return .read
    }
    return pollee.revents & Int16(POLLHUP) != 0 ? .closed : .nothingYet
  }

  /// Whether `output` holds `bytes`.
  package func contains(_ bytes: [UInt8]) -> Bool {
    guard !bytes.isEmpty, output.count >= bytes.count else { return bytes.isEmpty }
    return (0...(output.count - bytes.count)).contains { output[$0..<$0 + bytes.count].elementsEqual(bytes) }
  }

  /// Where `bytes` first occur in `output`.
  package func firstIndex(of bytes: String) -> Int? {
    let wanted = Array(bytes.utf8)
    guard output.count >= wanted.count else { return nil }
    return (0...(output.count - wanted.count)).first { output[$0..<$0 + wanted.count].elementsEqual(wanted) }
  }

  /// Types `text` on the terminal (the program reads it as keys or as answers).
  package func write(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
  }

  /// The program's exit status (128 + N for signal N), once it exited and everything it wrote
  /// before was read (what it writes at its exit, say); `nil` if it runs on past
  /// ``Slowdown/waitLimit``.
  package func waitForExit() -> Int32? {
    var status: Int32 = 0
    // Reads on while waiting, or the program blocks on a full pseudo-terminal.
    let exited = pollBlocking(every: .zero) {
      _ = readAvailable()
      return waitpid(pid, &status, WNOHANG) == pid
    }
    guard exited else { return nil }
    isReaped = true
    // Its last writes may reach this side after its exit was collected: read them all (a
    // process it left behind may hold its side open, so no more within 50 ms ends it too).
    while readAvailable() == .read {}
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}

package struct PseudoTerminalError: Error, CustomStringConvertible {
  package let description: String
}
