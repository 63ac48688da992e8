#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes all of `bytes` to `descriptor`, retrying after a signal and after a short write; a
/// failed write drops the rest: what the store writes itself (a trace line, an issue report) is a
/// diagnostic that must not stop the program.
func writeWhole(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) {
  var offset = 0
  while offset < bytes.count {
    let written = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
    if written < 0, errno == EINTR { continue }
    guard written > 0 else { return }
    offset += written
  }
}
