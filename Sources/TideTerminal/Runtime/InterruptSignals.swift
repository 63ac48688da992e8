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
/// process at once, as the signal's default would: a user who asks twice will not wait. SIGPIPE
/// and SIGXFSZ are ignored, as ``WriteSignals`` has them. A signal ignored when recording
/// starts stays ignored (a replay started with `&` or `nohup`, as the shell meant it).
package enum InterruptSignals {
  /// Starts recording the quit signals; `false` if a handler could not be installed (none is).
  package static func record() -> Bool {
    tide_interrupt_signals_install() != 0
  }

  /// Puts back the handlers ``record()`` replaced.
  package static func stopRecording() {
    tide_quit_signals_remove()
  }

  /// The first quit signal received since ``record()``, if any.
  package static var received: Int32? {
    let signal = tide_quit_signal_pending()
    return signal == 0 ? nil : signal
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
