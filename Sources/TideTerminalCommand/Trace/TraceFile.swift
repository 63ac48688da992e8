#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Synchronization
import Tide
import TideTerminal

/// The open `--trace` file: each line is written whole, in order, and the descriptor closes with
/// the last tracer holding it. A failed write does not stop the app; the first failure is kept
/// and reported when the run ends (exit status 1), since a trace with lines missing is not one.
final class TraceFile: Sendable {
  let file: OutputFile
  let descriptor: Int32
  private let failure = Mutex<SystemError?>(nil)

  /// Opens the checked output `file`, replacing a regular file (see ``OutputFile/openReplacing()``),
  /// or fails with status 2.
  init(_ file: OutputFile) throws(TerminalCommandError) {
    self.file = file
    do {
      descriptor = try file.openReplacing()
    } catch {
      throw TerminalCommandError(status: 2, message: error.description)
    }
  }

  deinit {
    close(descriptor)
  }

  /// Writes whole lines of the trace to the file as they are.
  var lineWriter: @Sendable ([UInt8]) -> Void {
    { [self] bytes in append(bytes) }
  }

  /// Writes lines whole: a write the system cuts short (beyond `ulimit -f`, a full disk) is
  /// taken back to the end of the last whole line it wrote, so the trace never ends in half a
  /// line (before, `ulimit -f` left half a JSON object at its end). An app may hand over
  /// several lines at once (the trace writer sends a batch). After the first failure nothing
  /// more is written: a trace with a gap in it would lie about what happened. Writes from
  /// several threads go one at a time, in the order they come.
  private func append(_ lines: some Collection<UInt8>) {
    failure.withLock { failure in
      guard failure == nil else { return }
      // The end of a regular file (lines are appended); -1 for a stream, which keeps what it got.
      let start = lseek(descriptor, 0, SEEK_END)
      do throws(SystemError) {
        try AtomicFile.writeAll(lines, to: descriptor, path: file.path)
      } catch {
        failure = error
        guard start >= 0 else { return }
        let end = lseek(descriptor, 0, SEEK_END)
        var whole = 0
        for (offset, byte) in lines.prefix(max(0, Int(end - start))).enumerated() where byte == UInt8(ascii: "\n") {
          whole = offset + 1
        }
        _ = ftruncate(descriptor, start + off_t(whole))
      }
    }
  }

  /// Throws, with the path and the system's reason, if a line could not be written.
  func checkWritten() throws(TerminalCommandError) {
    if let error = failure.withLock({ $0 }) {
      throw TerminalCommandError(
        status: 1, message: "\(file.path): error: lines of the trace were lost: \(systemReason(error.code))")
    }
  }
}
