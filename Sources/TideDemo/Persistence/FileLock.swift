#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideTerminal

/// An advisory lock (`flock`) that makes one process the only writer of a todo file.
///
/// The lock is taken on a hidden companion file, `.NAME.lock`, beside the file's target: the
/// todo file itself cannot carry it, because every save replaces it with a new file. The
/// holder writes its pid into the lock file so that a second instance can say who has it. The
/// kernel drops the lock when the holder exits, however it exits.
final class FileLock: Sendable {
  /// The outcome of trying to take the lock.
  enum Outcome: Equatable {
    /// This process holds it.
    case acquired
    /// Another process holds it; its pid, if it wrote one.
    case heldByOther(pid: Int32?)
    /// The lock file could not be opened (a read-only folder): nobody can lock; saving will
    /// report its own error.
    case unavailable(String)
  }

  let path: String
  private let descriptor: Int32

  /// The lock file for `target`.
  static func path(for target: String) -> String {
    let folder = PathName.folder(of: target)
    return (folder.isEmpty ? "" : folder + "/") + "." + PathName.name(of: target) + ".lock"
  }

  private init(path: String, descriptor: Int32) {
    self.path = path
    self.descriptor = descriptor
  }

  deinit {
    // Unlocked explicitly, not only by closing: a child forked by another thread shares the
    // open file description (and so the lock) until it execs, and closing our descriptor alone
    // would leave the file locked for that moment.
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }

  /// Tries to lock `target` without waiting; on success the returned lock holds it until it
  /// is released.
  static func acquire(for target: String) -> (lock: FileLock?, outcome: Outcome) {
    let path = path(for: target)
    let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { return (nil, .unavailable(SystemError("open the lock file", path).description)) }
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      if errno == EINTR { continue }
      let code = errno
      let holder = readPID(descriptor)
      close(descriptor)
      if code == EWOULDBLOCK { return (nil, .heldByOther(pid: holder)) }
      return (nil, .unavailable(SystemError("lock", path, code: code).description))
    }
    let text = Array("\(getpid())\n".utf8)
    _ = ftruncate(descriptor, 0)
    _ = pwrite(descriptor, text, text.count, 0)
    return (FileLock(path: path, descriptor: descriptor), .acquired)
  }

  private static func readPID(_ descriptor: Int32) -> Int32? {
    var buffer = [UInt8](repeating: 0, count: 32)
    let count = pread(descriptor, &buffer, buffer.count, 0)
    guard count > 0 else { return nil }
    let text = String(decoding: buffer[..<count], as: UTF8.self)
    guard let first = text.firstIndex(where: { !$0.isWhitespace }), let last = text.lastIndex(where: { !$0.isWhitespace })
    else { return nil }
    return Int32(text[first...last])
  }
}
