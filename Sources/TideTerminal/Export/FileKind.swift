#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How messages name a file that is not a regular one: "is a FIFO (named pipe)". One wording for
/// every input refused for what it is (a data file, a file to start a replay from).
package enum FileKind {
  /// `nil` for a regular file, else what the mode says the file is.
  package static func name(ofNonRegular mode: mode_t) -> String? {
    switch mode & S_IFMT {
    case S_IFREG: nil
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO (named pipe)"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    default: "not a regular file"
    }
  }
}
