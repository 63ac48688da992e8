#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideTerminal

/// Where the todos are read and written, checked before anything is touched.
///
/// `--data` must name a regular file or a path that does not exist yet. A symlink is followed
/// (to its final target, which may not exist yet), so saves replace the target and the link
/// stays a link. Anything else — a folder, a FIFO, a socket, a device — is refused, because
/// moving it aside or writing over it would harm something that is not a todo file.
package struct DataPath: Sendable, Equatable {
  /// The path as given.
  package let path: String
  /// The path saves write to: `path` with every symlink followed.
  package let target: String

  /// Why a path cannot hold the todos.
  package struct Refusal: Error, CustomStringConvertible, Equatable {
    /// The path as given.
    package var path: String
    /// What is wrong with it: `is a directory`, `is a FIFO`, ….
    package var reason: String

    /// `PATH: REASON`.
    package var description: String { "\(path): \(reason)" }
  }

  /// Checks `path`, following symlinks; touches nothing.
  package init(checking path: String) throws(Refusal) {
    guard !path.isEmpty else { throw Refusal(path: path, reason: "is empty") }
    var current = path
    var hops = 0
    while true {
      var info = stat()
      if lstat(current, &info) != 0 {
        let code = errno
        // Not there yet (or under a file, which saving will report with the system's reason).
        if code == ENOENT || code == ENOTDIR { break }
        throw Refusal(path: path, reason: systemReason(code).lowercasedFirst)
      }
      if info.st_mode & S_IFMT == S_IFLNK {
        hops += 1
        guard hops <= 40 else { throw Refusal(path: path, reason: "has too many levels of symbolic links") }
        current = try Self.readLink(current, for: path)
        continue
      }
      if let kind = Self.kind(of: info.st_mode) {
        let via = current == path ? "" : " (through the symlink to \(current))"
        throw Refusal(path: path, reason: "is \(kind)\(via)")
      }
      break
    }
    self.path = path
    self.target = current
  }

  /// Refuses a path that does not exist and never can: one under a file (`todos.json/x`), where
  /// no folder can be created. The command checks it with the rest of `--data`, before anything
  /// runs; a save that fails later (a folder made read-only meanwhile) is reported as it happens.
  package func checkCanBeCreated() throws(Refusal) {
    var info = stat()
    guard stat(target, &info) != 0 else { return }
    var ancestor = PathName.folder(of: target)
    while !ancestor.isEmpty {
      if stat(ancestor, &info) == 0 {
        guard info.st_mode & S_IFMT == S_IFDIR else {
          throw Refusal(path: path, reason: "cannot be created: \(ancestor) is a file, not a folder")
        }
        return
      }
      ancestor = PathName.folder(of: ancestor)
    }
  }

  /// The file's name, for short messages.
  package var name: String { PathName.name(of: path) }
  /// The folder saves write into.
  var folder: String {
    let folder = PathName.folder(of: target)
    return folder.isEmpty ? "." : folder
  }
  /// The target's file name.
  var targetName: String { PathName.name(of: target) }

  /// `nil` for a regular file, else how to name what the mode says the file is.
  static func kind(of mode: mode_t) -> String? { FileKind.name(ofNonRegular: mode) }

  private static func readLink(_ link: String, for path: String) throws(Refusal) -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(link, &buffer, buffer.count - 1)
    guard count >= 0 else { throw Refusal(path: path, reason: systemReason().lowercasedFirst) }
    let destination = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    if destination.hasPrefix("/") { return destination }
    let folder = PathName.folder(of: link)
    return folder.isEmpty ? destination : folder + "/" + destination
  }
}

extension String {
  /// The string with its first letter in lower case ("No such file" → "no such file"), for a
  /// system reason placed after a colon.
  var lowercasedFirst: String {
    guard let first else { return self }
    return first.lowercased() + dropFirst()
  }
}
