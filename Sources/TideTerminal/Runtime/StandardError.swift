#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes messages to standard error with the C library alone, so that reporting a problem
/// links none of Foundation's file-handle machinery into the app (see the footprint budgets).
package enum StandardError {
  /// Writes `text` and a newline, in one `write` per chunk the kernel accepts; a failed write
  /// is dropped (there is nowhere left to report it).
  package static func writeLine(_ text: String) {
    var bytes = Array(text.utf8)
    bytes.append(UInt8(ascii: "\n"))
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return
        }
      }
    }
  }
}
