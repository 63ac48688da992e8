#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// A file an app writes besides its data — a session recording, a trace, a cast, an SVG — checked
/// before anything runs and written by one policy, whichever option named it.
///
/// What the path names decides how it is written:
/// - a regular file is replaced atomically (a temporary file beside it, flushed and renamed over
///   it), keeping its permission bits; a missing one is created, in a folder that must exist;
/// - a symbolic link is followed, and its target written by these same rules;
/// - a FIFO or a character device (`/dev/null`, a terminal) is written in place as a stream —
///   never renamed over, removed or replaced. It is opened when checked, without waiting, and
///   kept open until written: a FIFO that no process is reading is refused then, not found out
///   after the whole run (and never a hang), and a reader that is there sees no end of file
///   before the text comes;
/// - a directory, a socket or a block device, an empty path, and a file in a folder this process
///   may not write in (its permissions, a read-only file system), are refused.
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
  /// A stream's descriptor, opened by the check and taken by the first write.
  private let openStream: HeldDescriptor?

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
      self.openStream = HeldDescriptor(try Self.openWithoutWaiting(path, as: path))
      return
    }
    let target = try Self.followingLinks(path)
    var info = stat()
    if lstat(target, &info) == 0 {
      switch info.st_mode & S_IFMT {
      case S_IFREG:
        isStream = false
        try Self.checkFolderIsWritable(of: target, as: path)
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
      try Self.checkFolderIsWritable(of: target, as: path)
    } else {
      throw OutputFileError(path: path, reason: systemReason())
    }
    self.path = path
    self.target = target
    self.openStream = isStream ? HeldDescriptor(try Self.openWithoutWaiting(target, as: path)) : nil
  }

  package static func == (left: OutputFile, right: OutputFile) -> Bool {
    left.path == right.path && left.target == right.target && left.isStream == right.isStream
  }

  package func hash(into hasher: inout Hasher) {
    hasher.combine(path)
    hasher.combine(target)
    hasher.combine(isStream)
  }

  /// A regular file is replaced by renaming a temporary file over it, and a new one created: both
  /// need the right to write in its folder. Found out here, before anything runs, rather than
  /// after the whole run (the effective user's rights, as the writes will have them; root's
  /// too, and a read-only file system refuses even root).
  private static func checkFolderIsWritable(of target: String, as path: String) throws(OutputFileError) {
    let folder = PathName.folder(of: target)
    let directory = folder.isEmpty ? "." : folder
    guard faccessat(AT_FDCWD, directory, W_OK | X_OK, AT_EACCESS) == 0 else {
      throw OutputFileError(path: path, reason: "cannot write in the folder \(directory): \(systemReason())")
    }
  }

  /// Opens a stream to write without waiting for a reader: a FIFO that no process reads fails
  /// at once (ENXIO) instead of blocking. Its writes then block, as a pipe expects.
  private static func openWithoutWaiting(_ target: String, as path: String) throws(OutputFileError) -> Int32 {
    let descriptor = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw OutputFileError(path: path, reason: reason(SystemError("open", target)))
    }
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    return descriptor
  }

  /// Checks every output of a run before it starts: each path by the rules above, none of them the
  /// data file `data` or one of the regular files the run reads (`inputs`, each with how
  /// messages name it: `the script s.keys`), and no file named twice. `outputs` pairs each path
  /// with the option that named it, for messages; returns the files in the same order.
  package static func check(
    _ outputs: [(option: String, path: String)], data: String? = nil, inputs: [(name: String, path: String)] = []
  ) throws(OutputFileError) -> [OutputFile] {
    var files: [OutputFile] = []
    var seen: [FileIdentity: String] = [:]
    // What the run reads (a replay's scripts, its initial data) is never written over, however
    // the output spells it (`./s.keys`, a link to it, a hard link).
    for input in inputs {
      // A stream read (`/dev/stdin`) may be the terminal an output also names: not a file
      // that writing would destroy.
      var info = stat()
      guard stat(input.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
        let identity = try? FileIdentity(Self.followingLinks(input.path))
      else { continue }
      seen[identity] = input.name
    }
    var companions: DataCompanions?
    if let data, !data.isEmpty, let target = try? Self.followingLinks(data) {
      if let identity = try? FileIdentity(target) { seen[identity] = "the data file" }
      companions = DataCompanions(dataFile: target)
    }
    for (option, path) in outputs {
      let file: OutputFile
      do {
        file = try OutputFile(checking: path)
      } catch {
        throw OutputFileError(path: path, reason: "\(option): \(error.reason)")
      }
      if let companions, companions.contains(file.target) {
        throw OutputFileError(
          path: path,
          reason: "\(option) names a file kept beside the data file (its lock, or a temporary or moved-aside copy); give it a path of its own")
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
    if isStream {
      let descriptor = try streamDescriptor()
      defer { close(descriptor) }
      do {
        try AtomicFile.writeAll(bytes, to: descriptor, path: target)
      } catch {
        throw OutputFileError(path: path, reason: Self.reason(error))
      }
      return
    }
    do {
      try AtomicFile.write(bytes, to: target, atMost: limit)
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
    if isStream { return try streamDescriptor() }
    let descriptor = open(target, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o666)
    guard descriptor >= 0 else {
      throw OutputFileError(path: path, reason: Self.reason(SystemError("open", target)))
    }
    return descriptor
  }

  /// Plain words for a failed write: a FIFO nobody reads is named as such.
  private static func reason(_ error: SystemError) -> String {
    error.code == ENXIO
      ? "cannot write the file: no process is reading it (a FIFO needs a reader)"
      : "cannot write the file: \(systemReason(error.code))"
  }

  /// The stream's descriptor, which the caller closes: the one the check opened, or — for a
  /// second write — the stream opened again, without waiting.
  private func streamDescriptor() throws(OutputFileError) -> Int32 {
    if let held = openStream?.take() { return held }
    return try Self.openWithoutWaiting(target, as: path)
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

  /// `PATH: error: REASON` (`output: error: …` for an empty path), control characters in the
  /// path shown escaped (``escapedName(_:)``).
  package var description: String {
    escapedName("\(path.isEmpty ? "output" : path): error: \(reason)")
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

/// The files an app keeps beside its data file `NAME`, in its folder: `.NAME.lock`, the
/// temporary copies `.NAME.tmp-PID`, the copies moved aside `NAME.corrupt-…` — every name there
/// that starts with `.NAME.` or `NAME.`. An output over one of them would break the lock that
/// keeps a second writer off the file, or destroy a copy kept for the user.
private struct DataCompanions {
  let folder: FileIdentity?
  let name: String

  init(dataFile target: String) {
    let folder = PathName.folder(of: target)
    self.folder = try? FileIdentity(folder.isEmpty ? "." : folder)
    name = PathName.name(of: target)
  }

  func contains(_ target: String) -> Bool {
    let candidate = PathName.name(of: target)
    guard candidate.hasPrefix("." + name + ".") || candidate.hasPrefix(name + "."), let folder else { return false }
    let candidateFolder = PathName.folder(of: target)
    return (try? FileIdentity(candidateFolder.isEmpty ? "." : candidateFolder)) == folder
  }
}

/// A descriptor opened ahead of its use: taken once, or closed when nothing took it.
private final class HeldDescriptor: Sendable {
  private let descriptor: Mutex<Int32?>

  init(_ descriptor: Int32) {
    self.descriptor = Mutex(descriptor)
  }

  deinit {
    if let descriptor = descriptor.withLock({ $0 }) { close(descriptor) }
  }

  /// The descriptor, which the caller now closes; `nil` once taken.
  func take() -> Int32? {
    descriptor.withLock { held in
      defer { held = nil }
      return held
    }
  }
}
