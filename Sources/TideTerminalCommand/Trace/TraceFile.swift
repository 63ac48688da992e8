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

/// The `--trace` file: each line is written whole, in order, and the descriptor closes with
/// the last tracer holding it. A failed write does not stop the app; the first failure is kept
/// and reported when the run ends (exit status 1), since a trace with lines missing is not one.
///
/// The file is opened — a regular file replaced (see ``OutputFile/openReplacing()``) — when the
/// first line comes, the header: a run that ends before it (a quit signal while the app is
/// still being made) leaves the trace of the run before it as it was.
final class TraceFile: Sendable {
  let file: OutputFile
  private struct Output {
    var descriptor: Int32?
    var failure: SystemError?
    var openFailure: OutputFileError?
  }
  private let output = Mutex(Output())

  /// The checked output `file`, opened when the first line is written.
  init(_ file: OutputFile) {
    self.file = file
  }

  deinit {
    if let descriptor = output.withLock({ $0.descriptor }) { close(descriptor) }
  }

  /// Told after each write: a live inspector's server sends the new lines on.
  private let onWrite = Mutex<(@Sendable () -> Void)?>(nil)

  /// Writes whole lines of the trace to the file as they are.
  var lineWriter: @Sendable ([UInt8]) -> Void {
    { [self] bytes in
      append(bytes)
      onWrite.withLock { $0 }?()
    }
  }

  /// Calls `wrote` after each write from now on.
  func notifyingWrites(to wrote: @escaping @Sendable () -> Void) {
    onWrite.withLock { $0 = wrote }
  }

  /// Writes lines whole: a write the system cuts short (beyond `ulimit -f`, a full disk) is
  /// taken back to the end of the last whole line it wrote, so the trace never ends in half a
  /// line (before, `ulimit -f` left half a JSON object at its end). An app may hand over
  /// several lines at once (the trace writer sends a batch). After the first failure nothing
  /// more is written: a trace with a gap in it would lie about what happened. Writes from
  /// several threads go one at a time, in the order they come.
  private func append(_ lines: some Collection<UInt8>) {
    output.withLock { output in
      guard output.failure == nil, output.openFailure == nil else { return }
      if output.descriptor == nil {
        do throws(OutputFileError) {
          output.descriptor = try file.openReplacing()
        } catch {
          output.openFailure = error
          return
        }
      }
      guard let descriptor = output.descriptor else { return }
      // The end of a regular file (lines are appended); -1 for a stream, which keeps what it got.
      let start = lseek(descriptor, 0, SEEK_END)
      do throws(SystemError) {
        try AtomicFile.writeAll(lines, to: descriptor, path: file.path)
      } catch {
        output.failure = error
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
    let (failure, openFailure) = output.withLock { ($0.failure, $0.openFailure) }
    if let openFailure {
      throw TerminalCommandError(status: 1, message: "\(openFailure.description) (the trace was not written)")
    }
    if let error = failure {
      throw TerminalCommandError(
        status: 1, message: "\(file.path): error: lines of the trace were lost: \(systemReason(error.code))")
    }
  }
}
