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
  ///
  /// Control characters other than line breaks and tabs are shown escaped (`\u{1B}`, see
  /// ``escapedExcerpt(_:limit:keepingTabs:)``): a message names what the user gave — a file
  /// name, a token — and a name holding an escape sequence must never reach the terminal raw.
  package static func writeLine(_ text: String) {
    var bytes = Array(escapedControls(text).utf8)
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

/// `text` with every control character but line breaks and tabs escaped, as messages show them.
package func escapedControls(_ text: String) -> String {
  guard text.unicodeScalars.contains(where: { isEscapedInMessages($0) && $0 != "\n" && $0 != "\t" }) else { return text }
  return text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { escapedExcerpt($0, limit: .max, keepingTabs: true) }
    .joined(separator: "\n")
}
