#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's own words for an `errno` value, as `strerror` gives them ("Permission denied",
/// "No space left on device"), so messages never show a Foundation error domain or code.
package func systemReason(_ code: Int32 = errno) -> String {
  String(cString: strerror(code))
}

/// A failed system call: what was being done, on which path, and the system's reason.
package struct SystemError: Error, CustomStringConvertible {
  package var action: String
  package var path: String
  package var code: Int32

  package init(_ action: String, _ path: String, code: Int32 = errno) {
    self.action = action
    self.path = path
    self.code = code
  }

  /// `could not ACTION PATH: REASON`.
  package var description: String { "could not \(action) \(path): \(systemReason(code))" }
}
