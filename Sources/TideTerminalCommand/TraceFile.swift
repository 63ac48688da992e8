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

  /// A tracer writing one JSON line per action here.
  var tracer: Tracer {
    Tracer.jsonLines { [self] line in append(line) }
  }

  /// Writes bytes to the file as they are: for an app with its own trace format.
  var lineWriter: @Sendable ([UInt8]) -> Void {
    { [self] bytes in append(bytes) }
  }

  private func append(_ line: some Collection<UInt8>) {
    do {
      try AtomicFile.writeAll(line, to: descriptor, path: file.path)
    } catch {
      failure.withLock { $0 = $0 ?? error }
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
