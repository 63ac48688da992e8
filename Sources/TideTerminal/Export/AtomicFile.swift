#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file so that a crash at any moment leaves either the old contents or the new ones.
///
/// The bytes go to a hidden temporary file in the same folder (`.NAME.tmp-PID`), which is
/// flushed to disk, given the old file's permission bits (and owner, when allowed), renamed over
/// the old file, and then the folder itself is flushed so the rename survives a power cut. A new
/// file gets the permissions the user's umask allows.
///
/// The one atomic writer of the code base: an app's data (through ``FileContents/write(_:atPath:)``
/// and ``DataSaver``), the golden screens replay tests record, and its recordings, casts and SVGs
/// (through ``OutputFile``) all go through it.
package enum AtomicFile {
  /// The temporary file a process with `pid` uses for `target`.
  package static func temporaryPath(for target: String, pid: Int32 = getpid()) -> String {
    let folder = PathName.folder(of: target)
    let name = PathName.name(of: target)
    return (folder.isEmpty ? "" : folder + "/") + "." + name + ".tmp-\(pid)"
  }

  /// Replaces `target` with `bytes`. `atMost`, when given, are permission bits the file may not
  /// exceed — a copy of private data stays private: a new file gets them, an existing one keeps
  /// its own bits less any `atMost` lacks.
  package static func write(
    _ bytes: some Collection<UInt8>, to target: String, atMost limit: mode_t? = nil
  ) throws(SystemError) {
    try QuitWatch.holdingEnd { () throws(SystemError) in try replace(target, with: bytes, atMost: limit) }
  }

  private static func replace(
    _ target: String, with bytes: some Collection<UInt8>, atMost limit: mode_t?
  ) throws(SystemError) {
    let folder = PathName.folder(of: target)
    try createFolder(folder.isEmpty ? "." : folder)
    let temporary = temporaryPath(for: target)
    var existing = stat()
    let hasExisting = stat(target, &existing) == 0
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else { throw SystemError("create", temporary) }
    do throws(SystemError) {
      defer { close(descriptor) }
      try writeAll(bytes, to: descriptor, path: temporary)
      if hasExisting {
        // Keep what the user set up; an owner change is allowed only to root and may fail.
        _ = fchown(descriptor, existing.st_uid, existing.st_gid)
        let bits = existing.st_mode & 0o7777 & (limit ?? 0o7777)
        guard fchmod(descriptor, bits) == 0 else { throw SystemError("set the permissions of", temporary) }
      } else if let limit {
        // Before the rename: the file is never readable more widely than allowed.
        guard fchmod(descriptor, limit & 0o7777) == 0 else { throw SystemError("set the permissions of", temporary) }
      }
      guard fsync(descriptor) == 0 else { throw SystemError("flush", temporary) }
    } catch {
      unlink(temporary)
      throw error
    }
    guard rename(temporary, target) == 0 else {
      let failure = SystemError("replace", target)
      unlink(temporary)
      throw failure
    }
    syncFolder(folder.isEmpty ? "." : folder)
  }

  /// `path` with every symbolic link followed, also when the last one points at a file that
  /// does not exist yet (it is created there): what a write replaces, so that a link stays a link.
  package static func followingLinks(_ path: String) throws(SystemError) -> String {
    var current = path
    for _ in 0..<40 {
      var info = stat()
      guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      guard count >= 0 else { throw SystemError("follow the link", current) }
      let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      if destination.hasPrefix("/") {
        current = destination
      } else {
        let folder = PathName.folder(of: current)
        current = (folder.isEmpty ? "" : folder == "/" ? "/" : folder + "/") + destination
      }
    }
    throw SystemError("follow the links of", path, code: ELOOP)
  }

  /// Creates `bytes` as a new file at `path`, failing if something is there already.
  package static func create(_ bytes: some Collection<UInt8>, at path: String) throws(SystemError) {
    try QuitWatch.holdingEnd { () throws(SystemError) in try createNew(path, with: bytes) }
  }

  private static func createNew(_ path: String, with bytes: some Collection<UInt8>) throws(SystemError) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw SystemError("create", path) }
    defer { close(descriptor) }
    do throws(SystemError) {
      try writeAll(bytes, to: descriptor, path: path)
      guard fsync(descriptor) == 0 else { throw SystemError("flush", path) }
    } catch {
      unlink(path)
      throw error
    }
  }

  /// `mkdir -p`.
  package static func createFolder(_ folder: String) throws(SystemError) {
    var info = stat()
    if stat(folder, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFDIR else { throw SystemError("use the folder", folder, code: ENOTDIR) }
      return
    }
    let parent = PathName.folder(of: folder)
    if !parent.isEmpty, parent != folder { try createFolder(parent) }
    guard mkdir(folder, 0o777) == 0 || errno == EEXIST else { throw SystemError("create the folder", folder) }
  }

  /// Flushes a folder's entries (a rename in it) to disk; best effort, as some file systems
  /// refuse to sync a folder.
  package static func syncFolder(_ folder: String) {
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    _ = fsync(descriptor)
    close(descriptor)
  }

  /// Writes all of `bytes` to `descriptor`, going on after a signal interrupts a write.
  package static func writeAll(_ bytes: some Collection<UInt8>, to descriptor: Int32, path: String) throws(SystemError) {
    let failure: Int32? = bytes.withContiguousStorageIfAvailable { writeAll($0, to: descriptor) }
      ?? Array(bytes).withUnsafeBufferPointer { writeAll($0, to: descriptor) }
    if let failure { throw SystemError("write", path, code: failure) }
  }

  /// The `errno` of the write that failed, or `nil`.
  private static func writeAll(_ buffer: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
    guard let base = buffer.baseAddress else { return nil }
    var offset = 0
    while offset < buffer.count {
      let count = systemWrite(descriptor, base + offset, buffer.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += count
    }
    return nil
  }
}

/// `write(2)`, under a name that ``AtomicFile/write(_:to:)`` does not hide.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
