#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads and writes an app's own files — its data file, a document it shows — with errors a
/// user can act on: the path and the system's reason in plain words, where Foundation says
/// `NSCocoaErrorDomain error 256` for a folder.
///
/// ```swift
/// do {
///   let questions = try JSONDecoder().decode([Question].self, from: Data(FileContents.read(atPath: path)))
/// } catch let error as SystemError {
///   print(error)  // could not read quiz.json: No such file or directory
/// }
/// ```
///
/// An app that saves after every change saves with a ``DataSaver``, which writes with
/// ``write(_:atPath:)`` one save at a time, the newest last.
public enum FileContents {

  /// The most `read(atPath:atMost:)` reads unless told otherwise: far beyond any document,
  /// data file or script a person keeps (a million-key script is 4.5 MB), short of what an
  /// endless input such as `/dev/zero` would fill memory with.
  public static let defaultLimit = 256 << 20

  /// The bytes of the file at `path`, read whole — whatever the user named: a regular file, a
  /// FIFO, `/dev/stdin`, a device.
  ///
  /// Every file an app reads goes through here, so no input can take the app down:
  /// - past `limit` bytes the read stops with a ``SystemError`` of code `EFBIG` that says the
  ///   limit (`could not read /dev/zero: it holds more than 256 MiB, the most read from one
  ///   file`), instead of filling memory from `/dev/zero` or an endless pipe;
  /// - a FIFO is opened without waiting for a writer, then waited on in a way a quit signal
  ///   ends (`timeout 5 app replay fifo …` ends after 5 s, where a blocking `open` would sit
  ///   through the signal): the wait then throws a ``SystemError`` of code `EINTR` naming the
  ///   signal;
  /// - a folder, a missing file or one the user may not read throws a ``SystemError`` naming
  ///   `path` and the system's reason (`could not read /tmp: Is a directory`).
  public static func read(atPath path: String, atMost limit: Int = defaultLimit) throws(SystemError) -> [UInt8] {
    try read(descriptor: open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), path: path, atMost: limit)
  }

  /// The bytes of the file at `path`, a path kept as the system's bytes (a name that is not
  /// UTF-8 opens by its real bytes, where a `String` would name another file), read whole as
  /// the `String` form reads; an error names the path with `�` for bytes that
  /// are not UTF-8.
  public static func read(atPath path: FilePicker.Path, atMost limit: Int = defaultLimit) throws(SystemError) -> [UInt8] {
    try read(
      descriptor: path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }, path: path.description, atMost: limit)
  }

  /// Reads `descriptor`, just opened for `path` (negative: the open failed), to its end, and
  /// closes it.
  private static func read(descriptor: Int32, path: String, atMost limit: Int) throws(SystemError) -> [UInt8] {
    guard descriptor >= 0 else { throw SystemError("read", path) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readChunk(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        guard errno == EAGAIN || errno == EWOULDBLOCK else { throw SystemError("read", path) }
        try waitForInput(descriptor, path: path)
        continue
      }
      if count == 0 {
        // A FIFO read without waiting reports its end as soon as no writer has it open — also
        // before the first writer came. Only a hang-up (a writer came and went) is its end.
        guard try isFIFOWithoutWriterYet(descriptor, path: path) else { return bytes }
        try waitForInput(descriptor, path: path)
        continue
      }
      guard count <= limit - bytes.count else {
        throw SystemError(
          "read", path, code: EFBIG,
          reason: "it holds more than \(Self.describe(bytes: limit)), the most read from one file")
      }
      bytes += chunk[..<count]
    }
  }

  /// Waits until `descriptor` has input or hangs up, in slices short enough that a quit
  /// signal recorded by the run (``InterruptSignals``) ends the wait within 100 ms — the
  /// signal's handler restarts system calls, so a plain blocking wait would not see it.
  private static func waitForInput(_ descriptor: Int32, path: String) throws(SystemError) {
    while true {
      if let signal = InterruptSignals.received {
        throw SystemError(
          "read", path, code: EINTR, reason: "stopped by \(InterruptSignals.name(of: signal)) while waiting for input")
      }
      var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&request, 1, 100)
      if ready < 0, errno != EINTR { throw SystemError("read", path) }
      if ready > 0 { return }
    }
  }

  /// Whether `descriptor` is a FIFO that reports an end only because no writer has opened it
  /// yet: Linux reports a hang-up (`POLLHUP`) once a writer has come and gone, never before.
  private static func isFIFOWithoutWriterYet(_ descriptor: Int32, path: String) throws(SystemError) -> Bool {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw SystemError("read", path) }
    guard info.st_mode & S_IFMT == S_IFIFO else { return false }
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) == 0
  }

  /// `256 MiB`, `64 KiB`, `100 bytes`: a limit in the unit it is a whole number of.
  package static func describe(bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }

  /// Replaces the file at `path` with `bytes` so that a crash at any moment leaves either the
  /// old contents or the new ones, never half of each.
  ///
  /// The bytes go to a hidden temporary file beside the file (`.NAME.tmp-PID`), which is flushed
  /// to disk, given the old file's permission bits, renamed over the old file, and the folder is
  /// flushed so the rename survives a power cut. A symbolic link is followed, its target
  /// replaced and the link kept; a new file gets the permissions the user's umask allows, and
  /// missing folders are created. The same writer writes the recordings, casts, SVGs and golden
  /// screens of the terminal layer.
  ///
  /// A failure throws a ``SystemError`` naming `path` (or the folder that could not be created)
  /// and the system's reason, `could not write notes.json: No space left on device`, and leaves
  /// the old file as it was.
  public static func write(_ bytes: some Collection<UInt8>, atPath path: String) throws(SystemError) {
    let target = try AtomicFile.followingLinks(path)
    var info = stat()
    if stat(target, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      throw SystemError("write", path, code: EISDIR)
    }
    do {
      try AtomicFile.write(bytes, to: target)
    } catch where error.path == target || error.path == AtomicFile.temporaryPath(for: target) {
      // The temporary file is an implementation detail; the user knows the file by its name.
      throw SystemError("write", path, code: error.code)
    }
  }
}

/// The system's `read`, which inside ``FileContents`` its own `read(atPath:)` would hide.
private func readChunk(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(descriptor, buffer, count)
}
