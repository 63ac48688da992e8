import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's own words for an `errno` value, as `strerror` gives them ("Permission denied",
/// "No space left on device"), so messages never show a Foundation error domain or code.
func systemReason(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}

/// A failed system call: what was being done, on which path, and the system's reason.
struct SystemError: Error, CustomStringConvertible {
  var action: String
  var path: String
  var code: Int32

  init(_ action: String, _ path: String, code: Int32 = errno) {
    self.action = action
    self.path = path
    self.code = code
  }

  /// `could not ACTION PATH: REASON`.
  var description: String { "could not \(action) \(path): \(systemReason(code))" }
}

/// The system's reason for a failed file operation, whoever reported it, in the system's own
/// words ("No such file or directory"). Foundation's errors say "The operation could not be
/// completed. (NSCocoaErrorDomain error 256.)"; the POSIX error underneath says what happened,
/// so every message about a file is built with this, never with `localizedDescription`.
func systemReason(of error: any Error) -> String {
  if let error = error as? SystemError { return systemReason(error.code) }
  if let error = error as? POSIXError { return systemReason(error.code.rawValue) }
  var current: NSError? = error as NSError
  while let error = current {
    if error.domain == NSPOSIXErrorDomain { return systemReason(Int32(clamping: error.code)) }
    if let posix = error.userInfo[NSUnderlyingErrorKey] as? POSIXError { return systemReason(posix.code.rawValue) }
    current = error.userInfo[NSUnderlyingErrorKey] as? NSError
  }
  // Without a POSIX error underneath: the usual file errors by name, else no code at all.
  let error = error as NSError
  switch error.code {
  case CocoaError.fileReadNoSuchFile.rawValue, CocoaError.fileNoSuchFile.rawValue: return systemReason(ENOENT)
  case CocoaError.fileReadNoPermission.rawValue, CocoaError.fileWriteNoPermission.rawValue: return systemReason(EACCES)
  case CocoaError.fileWriteOutOfSpace.rawValue: return systemReason(ENOSPC)
  case CocoaError.fileWriteVolumeReadOnly.rawValue: return systemReason(EROFS)
  default:
    // Foundation reports reading a folder as an unknown error; the path says what it was.
    var info = stat()
    if let path = error.userInfo[NSFilePathErrorKey] as? String, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      return systemReason(EISDIR)
    }
    return "the system gave no reason"
  }
}
