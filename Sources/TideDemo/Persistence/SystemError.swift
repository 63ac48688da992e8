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
