import CNcurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Quit signals in a run without a terminal — a replay — where they cannot become a quit
/// action: SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF and SIGXCPU
/// are recorded instead of ending the process, so the run stops where it can stop whole (between
/// two script lines) and still writes what it was asked to, whole. A second signal ends the
/// process at once, as the signal's default would: a user who asks twice will not wait; so does
/// the ``QuitWatch`` when the run is stuck in one step and cannot get to the next line. SIGPIPE
/// and SIGXFSZ are ignored, as ``WriteSignals`` has them. A signal ignored when recording
/// starts stays ignored (a replay started with `&` or `nohup`, as the shell meant it).
package enum InterruptSignals {
  /// Starts recording the quit signals; `false` if a handler could not be installed (none is).
  /// A run stuck in one step when the first signal comes is ended by the ``QuitWatch``.
  package static func record() -> Bool {
    guard tide_interrupt_signals_install() != 0 else { return false }
    QuitWatch.begin()
    return true
  }

  /// Puts back the handlers ``record()`` replaced.
  package static func stopRecording() {
    QuitWatch.end()
    tide_quit_signals_remove()
  }

  /// The first quit signal received since ``record()``, if any. Reading one tells the
  /// ``QuitWatch`` the run stops in order from here.
  package static var received: Int32? {
    let signal = tide_quit_signal_pending()
    guard signal != 0 else { return nil }
    QuitWatch.stopping()
    return signal
  }

  /// Ends the process as `signal`'s default action would: the status a shell sees is the
  /// signal's.
  package static func endProcess(by number: Int32) -> Never {
    stopRecording()
    _ = signal(number, SIG_DFL)
    raise(number)
    exit(128 + number)
  }

  /// Drops what was typed on the terminal and not yet read, if standard input is one.
  package static func discardTypedInput() {
    if isatty(STDIN_FILENO) != 0 { tcflush(STDIN_FILENO, TCIFLUSH) }
  }

  /// `SIGTERM` for SIGTERM: the name a user knows the signal by.
  package static func name(of signal: Int32) -> String {
    let names: [Int32: String] = [
      SIGINT: "SIGINT", SIGTERM: "SIGTERM", SIGHUP: "SIGHUP", SIGQUIT: "SIGQUIT", SIGUSR1: "SIGUSR1",
      SIGUSR2: "SIGUSR2", SIGALRM: "SIGALRM", SIGVTALRM: "SIGVTALRM", SIGPROF: "SIGPROF", SIGXCPU: "SIGXCPU",
    ]
    return names[signal] ?? "signal \(signal)"
  }
}
