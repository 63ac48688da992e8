/// The `ulimit -f` the tests that make writes fail with "File too large" set (it stops root
/// too), and how many bytes are surely beyond it.
///
/// Not lower: under ThreadSanitizer the runtime's own writes must fit too — a limit of 600
/// blocks or less ended a sanitized tide-demo with SIGBUS before it did anything.
package enum FileSizeLimit {
  /// Blocks of 512 bytes (dash, POSIX `sh`) or 1,024 (bash), depending on the shell.
  package static let blocks = 1_024

  /// The shell command that sets the limit, to put before the program's own.
  package static let command = "ulimit -f \(blocks)"

  /// More bytes than the limit allows in either unit.
  package static let bytesBeyond = blocks * 1_024 + 64 * 1_024
}
