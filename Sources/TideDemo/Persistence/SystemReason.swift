#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TideTerminal
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's reason for a failed file operation, whoever reported it, in the system's own
/// words ("No such file or directory"). Foundation's errors say "The operation could not be
/// completed. (NSCocoaErrorDomain error 256.)"; the POSIX error underneath says what happened,
/// so every message about a file is built with this, never with `localizedDescription`.
func systemReason(of error: any Error) -> String {
  var current: (any Error)? = error
  while let next = current {
    if let next = next as? SystemError { return systemReason(next.code) }
    if let next = next as? POSIXError { return systemReason(next.code.rawValue) }
    current = (next as? CocoaError)?.underlying
  }
  // An NSError made where Foundation is imported (Tide's tracer opens files with FileHandle)
  // cannot be taken apart with FoundationEssentials alone; its description names the POSIX
  // error underneath.
  let description = String(describing: error)
  if let marker = description.firstRange(of: "NSPOSIXErrorDomain Code="),
    let code = Int32(description[marker.upperBound...].prefix { ("0"..."9").contains($0) })
  {
    return systemReason(code)
  }
  // Without a POSIX error underneath: the usual file errors by name, else no code at all.
  guard let error = error as? CocoaError else { return "the system gave no reason" }
  switch error.code {
  case .fileReadNoSuchFile, .fileNoSuchFile: return systemReason(ENOENT)
  case .fileReadNoPermission, .fileWriteNoPermission: return systemReason(EACCES)
  case .fileWriteOutOfSpace: return systemReason(ENOSPC)
  case .fileWriteVolumeReadOnly: return systemReason(EROFS)
  default:
    // Foundation reports reading a folder as an unknown error; the path says what it was.
    var info = stat()
    if let path = error.filePath, stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
      return systemReason(EISDIR)
    }
    return "the system gave no reason"
  }
}
