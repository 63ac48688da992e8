#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import TideTerminal

/// The Unix socket between a running app (`--inspect-socket PATH`) and its inspector
/// (`inspect --attach PATH`): only the app's user may connect. The socket is made with mode
/// 0600, in a folder no one else may write (else another user could replace it with one of
/// theirs), and the app accepts only a peer of its own user; the inspector connects only to a
/// socket its user owns.
package enum InspectorSocket {
  /// How long a peer may leave what is sent to it untaken before it is dropped.
  package static let stallLimit = Duration.seconds(2)

  /// Why a socket could not be served or reached, in words for the command's message.
  package struct Failure: Error, CustomStringConvertible {
    package var description: String
  }

  /// Refuses a place for an app's socket before anything runs: a path too long for a socket,
  /// a folder others may write, or something other than a socket already there (left as it
  /// is). Returns the socket's address.
  @discardableResult
  package static func checkPlace(_ path: String) throws(Failure) -> sockaddr_un {
    let address = try self.address(path)
    let folder = PathName.folder(of: path)
    var folderInfo = stat()
    guard stat(folder, &folderInfo) == 0 else {
      throw Failure(description: "\(escapedName(folder)): \(systemReason())")
    }
    if folderInfo.st_mode & (S_IWGRP | S_IWOTH) != 0 {
      throw Failure(
        description: "\(escapedName(folder)) is writable by others, who could put a socket of theirs in place of "
          + "\(escapedName(path)): choose a folder only you can write (such as $XDG_RUNTIME_DIR or your home)")
    }
    var info = stat()
    if lstat(path, &info) == 0, info.st_mode & S_IFMT != S_IFSOCK {
      throw Failure(description: "\(escapedName(path)) exists and is not a socket: left as it is")
    }
    return address
  }

  /// A listening socket at `path` for this user alone (see ``checkPlace(_:)``). A socket left at
  /// `path` by an app that ended is replaced; one a running app serves is refused.
  package static func listen(at path: String) throws(Failure) -> Int32 {
    var address = try checkPlace(path)
    var info = stat()
    if lstat(path, &info) == 0 {
      let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
      let answered = probe >= 0 && connectSocket(probe, &address) == 0
      if probe >= 0 { close(probe) }
      guard !answered else {
        throw Failure(description: "\(escapedName(path)): another app already serves its inspector there")
      }
      unlink(path)
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "cannot make a socket: \(systemReason())") }
    // Made with 0600 from the start: a mode set after bind would leave a moment in which the
    // umask's mode lets others connect. The umask is the process's, set back at once: a file
    // another thread makes in that moment is made 0600 too (more private, never less).
    let previousMask = umask(0o177)
    let bound = bindSocket(descriptor, &address)
    let bindError = errno
    umask(previousMask)
    guard bound == 0 else {
      close(descriptor)
      throw Failure(description: "\(escapedName(path)): \(systemReason(bindError))")
    }
    guard Glibc.listen(descriptor, 4) == 0 else {
      let reason = systemReason()
      close(descriptor)
      unlink(path)
      throw Failure(description: "\(escapedName(path)): \(reason)")
    }
    return descriptor
  }

  /// A connection to the app serving its inspector at `path`.
  package static func connect(to path: String) throws(Failure) -> Int32 {
    var address = try self.address(path)
    var info = stat()
    guard lstat(path, &info) == 0 else {
      throw Failure(
        description: errno == ENOENT
          ? "no app serves its inspector at \(escapedName(path)) (start it with --inspect-socket \(escapedName(path)))"
          : "\(escapedName(path)): \(systemReason())")
    }
    guard info.st_mode & S_IFMT == S_IFSOCK else {
      throw Failure(description: "\(escapedName(path)) is not a socket")
    }
    guard info.st_uid == getuid() else {
      throw Failure(description: "\(escapedName(path)) belongs to another user: not attached")
    }
    let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw Failure(description: "cannot make a socket: \(systemReason())") }
    guard connectSocket(descriptor, &address) == 0 else {
      let code = errno
      close(descriptor)
      throw Failure(
        description: code == ECONNREFUSED
          ? "nothing serves \(escapedName(path)) any more: the app that made it has ended"
          : "\(escapedName(path)): \(systemReason(code))")
    }
    // Checked again on the connection itself: the socket at the path may have been replaced
    // between the look at its owner and the connect.
    guard peerIsOurUser(descriptor) else {
      close(descriptor)
      throw Failure(description: "\(escapedName(path)) is served by another user: not attached")
    }
    return descriptor
  }

  /// Whether the peer of `descriptor` runs as this process's user.
  static func peerIsOurUser(_ descriptor: Int32) -> Bool {
    // Linux's `struct ucred` (pid, uid, gid), which Swift sees only under _GNU_SOURCE.
    var credentials: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
    var length = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
    guard getsockopt(descriptor, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return false }
    return credentials.uid == getuid()
  }

  /// Writes all of `bytes`; false once the peer is gone. Never raises SIGPIPE.
  static func send(_ bytes: some Collection<UInt8>, to descriptor: Int32) -> Bool {
    Array(bytes).withUnsafeBytes { buffer in
      var sent = 0
      while sent < buffer.count {
        let count = Glibc.send(descriptor, buffer.baseAddress! + sent, buffer.count - sent, Int32(MSG_NOSIGNAL))
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return false }
        sent += count
      }
      return true
    }
  }

  private static func address(_ path: String) throws(Failure) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity else {
      throw Failure(description: "\(escapedName(path)): a socket's path takes 1 to \(capacity - 1) bytes, not \(bytes.count)")
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: bytes)
      raw[bytes.count] = 0
    }
    return address
  }
}

extension sockaddr_un {
  fileprivate static var length: socklen_t { socklen_t(MemoryLayout<sockaddr_un>.size) }
}

private func bindSocket(_ descriptor: Int32, _ address: inout sockaddr_un) -> Int32 {
  withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(descriptor, $0, sockaddr_un.length) }
  }
}

private func connectSocket(_ descriptor: Int32, _ address: inout sockaddr_un) -> Int32 {
  withUnsafePointer(to: &address) {
    $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(descriptor, $0, sockaddr_un.length) }
  }
}
