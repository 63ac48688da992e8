#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A file an app writes besides its data — a session recording, a trace, a cast, an SVG — checked
/// before anything runs and written by one policy, whichever option named it.
///
/// What the path names decides how it is written:
/// - a regular file is replaced atomically (a temporary file beside it, flushed and renamed over
///   it), keeping its permission bits; a missing one is created, in a folder that must exist;
/// - a symbolic link is followed, and its target written by these same rules;
/// - a FIFO or a character device (`/dev/null`, a terminal) is written in place as a stream —
///   never renamed over, removed or replaced; a FIFO that no process is reading is an error, not
///   a hang;
/// - a directory, a socket or a block device, and an empty path, are refused.
///
/// ``check(_:data:)`` applies the rules to every output of a run at once, before it starts, and
/// also refuses an output that is the app's data file or that two options name: a typo then costs
/// nothing and touches nothing.
///
/// ```swift
/// let outputs = try OutputFile.check([("--svg", svgPath), ("--cast", castPath)], data: dataPath)
/// // … run …
/// try outputs[0].write(svgText)
/// ```
package struct OutputFile: Sendable, Hashable {
  /// The path as the user gave it, for messages.
  package let path: String
  /// What is written: the path with its symbolic links followed.
  let target: String
  /// Whether the target is written as a stream (a FIFO or a character device).
  let isStream: Bool

  /// Checks `path` alone; see ``check(_:data:)`` for a run's outputs together.
  package init(checking path: String) throws(OutputFileError) {
    guard !path.isEmpty else { throw OutputFileError(path: path, reason: "the path is empty") }
    // A pipe the shell set up (`--svg /dev/stdout | …`, `--svg >(…)`: /dev/fd/N) is reached
    // only through the path as given: its last link leads to no path ("pipe:[N]"). Whatever
    // the path opens as a stream is written there, in place.
    var direct = stat()
    if stat(path, &direct) == 0, direct.st_mode & S_IFMT == S_IFIFO || direct.st_mode & S_IFMT == S_IFCHR {
      self.path = path
      self.target = path
      self.isStream = true
      return
    }
    let target = try Self.followingLinks(path)
    var info = stat()
    if lstat(target, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        isStream = false
      case S_IFIFO, S_IFCHR:
        isStream = true
      case S_IFDIR:
        throw OutputFileError(path: path, reason: "is a folder, not a file to write")
      case S_IFSOCK:
        throw OutputFileError(path: path, reason: "is a socket, not a file to write")
      case S_IFBLK:
        throw OutputFileError(path: path, reason: "is a block device, not a file to write")
      default:
        throw OutputFileError(path: path, reason: "is not a file that can be written")
      }
    } else if errno == ENOENT {
      let folder = PathName.folder(of: target)
      var folderInfo = stat()
      guard stat(folder.isEmpty ? "." : folder, &folderInfo) == 0, folderInfo.st_mode & S_IFMT == S_IFDIR else {
        throw OutputFileError(path: path, reason: "the folder \(folder) does not exist")
      }
      isStream = false
    } else {
      throw OutputFileError(path: path, reason: systemReason())
    }
    self.path = path
    self.target = target
  }

  /// Checks every output of a run before it starts: each path by the rules above, none of them the
  /// data file `data`, and no file named twice. `outputs` pairs each path with the option that
  /// named it, for messages; returns the files in the same order.
  package static func check(
    _ outputs: [(option: String, path: String)], data: String? = nil
  ) throws(OutputFileError) -> [OutputFile] {
    var files: [OutputFile] = []
    var seen: [FileIdentity: String] = [:]
    if let data, !data.isEmpty, let identity = try? FileIdentity(Self.followingLinks(data)) {
      seen[identity] = "the data file"
    }
    for (option, path) in outputs {
      let file: OutputFile
      do {
        file = try OutputFile(checking: path)
      } catch {
        throw OutputFileError(path: path, reason: "\(option): \(error.reason)")
      }
      if let identity = try? FileIdentity(file.target) {
        if let owner = seen[identity] {
          throw OutputFileError(path: path, reason: "\(option) names \(owner); give it a path of its own")
        }
        seen[identity] = "the file of \(option)"
      }
      files.append(file)
    }
    return files
  }

  /// Writes `text` by the policy: atomically for a regular file, as a stream for a FIFO or a
  /// character device. The error says, in plain words, what failed and why.
  package func write(_ text: String) throws(OutputFileError) {
    try write(Array(text.utf8))
  }

  /// Writes `bytes` by the policy; see ``write(_:)-(String)``. `atMost`: permission bits a
  /// regular file may not exceed (``AtomicFile/write(_:to:atMost:)``).
  package func write(_ bytes: [UInt8], atMost limit: mode_t? = nil) throws(OutputFileError) {
    do {
      if isStream {
        try writeStream(bytes)
      } else {
        try AtomicFile.write(bytes, to: target, atMost: limit)
      }
    } catch {
      throw OutputFileError(path: path, reason: Self.reason(error))
    }
  }

  /// Opens the file to write as the app runs (a trace), and returns its descriptor, which the
  /// caller closes. A regular file is replaced at the start, atomically (an empty file with the
  /// old one's permission bits is renamed over it, as ``write(_:)-(String)`` replaces one), so a
  /// second run never adds its lines to the first's; the lines then go to the new file as they
  /// come, so a crash leaves every line written before it and a reader can follow the file
  /// live. A stream is written in place.
  package func openReplacing() throws(OutputFileError) -> Int32 {
    if !isStream {
      do {
        try AtomicFile.write([], to: target)
      } catch {
        throw OutputFileError(path: path, reason: Self.reason(error))
      }
    }
    let descriptor = isStream
      ? open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
      : open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw OutputFileError(path: path, reason: Self.reason(SystemError("open", target)))
    }
    if isStream {
      _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    }
    return descriptor
  }

  /// Plain words for a failed write: a FIFO nobody reads is named as such.
  private static func reason(_ error: SystemError) -> String {
    error.code == ENXIO
      ? "cannot write the file: no process is reading it (a FIFO needs a reader)"
      : "cannot write the file: \(systemReason(error.code))"
  }

  /// Checks that a stream can be opened without waiting — for a FIFO, that a process is reading
  /// it — then writes to it blocking, as a pipe expects.
  private func writeStream(_ bytes: [UInt8]) throws(SystemError) {
    let descriptor = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { throw SystemError("open", target) }
    defer { close(descriptor) }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    try AtomicFile.writeAll(bytes, to: descriptor, path: target)
  }

  /// `path` with every symbolic link followed (``AtomicFile/followingLinks(_:)``).
  static func followingLinks(_ path: String) throws(OutputFileError) -> String {
    do {
      return try AtomicFile.followingLinks(path)
    } catch {
      throw OutputFileError(path: path, reason: systemReason(error.code))
    }
  }
}

/// Why an output file cannot be written: `PATH: error: REASON`, in plain words.
package struct OutputFileError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The path as given.
  package var path: String
  /// What is wrong with it, or why writing it failed.
  package var reason: String

  package init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  /// `PATH: error: REASON` (`output: error: …` for an empty path).
  package var description: String {
    "\(path.isEmpty ? "output" : path): error: \(reason)"
  }
}

/// A file's device and inode, or — for a file not created yet — its folder's with its name: two
/// paths naming the same file compare equal however they spell it.
private struct FileIdentity: Hashable {
  var device: UInt64
  var inode: UInt64
  var name: String?

  init(_ path: String) throws {
    var info = stat()
    if stat(path, &info) == 0 {
      device = UInt64(info.st_dev)
      inode = UInt64(info.st_ino)
      name = nil
      return
    }
    let folder = PathName.folder(of: path)
    guard stat(folder.isEmpty ? "." : folder, &info) == 0 else { throw SystemError("find", folder) }
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    name = PathName.name(of: path)
  }
}
