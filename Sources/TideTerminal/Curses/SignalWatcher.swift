import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns the signals whose default would end the process into calls on a queue, so the program
/// can quit in an orderly way: its pending saves awaited, the terminal restored by the screen
/// thread — never by a signal handler. Nothing but the kernel's own bookkeeping runs inside the
/// signal itself.
package final class SignalWatcher {
  /// The signals that end a program like SIGTERM: SIGINT, SIGTERM, SIGHUP, SIGQUIT, and every
  /// other signal whose default action terminates (SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF,
  /// SIGXCPU). Crash signals are not among them: see `tide_crash_guard_install`.
  static let quitSignals: [Int32] = [
    SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU,
  ]

  private var sources: [any DispatchSourceSignal] = []
  private let signals: [Int32]

  init(signals: [Int32] = SignalWatcher.quitSignals, onSignal: @escaping @Sendable (Int32) -> Void) {
    Self.ignoreWriteSignals()
    self.signals = signals
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { onSignal(number) }
      source.resume()
      sources.append(source)
    }
  }

  /// Ignores SIGPIPE and SIGXFSZ for the rest of the process, so that a write to a pipe nobody
  /// reads or beyond `ulimit -f` fails with EPIPE or EFBIG, which the writer reports, instead of
  /// killing the process with the terminal in raw mode and the data half written.
  package static func ignoreWriteSignals() {
    signal(SIGPIPE, SIG_IGN)
    signal(SIGXFSZ, SIG_IGN)
  }

  /// Stops watching and puts the default handlers back.
  func cancel() {
    for source in sources { source.cancel() }
    sources.removeAll()
    for number in signals { signal(number, SIG_DFL) }
  }

  deinit {
    cancel()
  }
}
