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

  /// The bytes of the file at `path`, read whole. A folder, a missing file or one the user may
  /// not read throws a ``SystemError`` naming `path` and the reason.
  public static func read(atPath path: String) throws(SystemError) -> [UInt8] {
    try read(atPath: path, atMost: .max)
  }

  /// ``read(atPath:)`` of an input the user names (a key script, a file to start from), which
  /// may be anything: past `limit` bytes it stops with `EFBIG` ("File too large") instead of
  /// filling memory from `/dev/zero` or an endless pipe.
  package static func read(atPath path: String, atMost limit: Int) throws(SystemError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError("read", path) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { readChunk(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw SystemError("read", path)
      }
      if count == 0 { return bytes }
      guard count <= limit - bytes.count else { throw SystemError("read", path, code: EFBIG) }
      bytes += chunk[..<count]
    }
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
