import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into calls on a queue, so the program can quit in an orderly
/// way: nothing but the default handler runs inside the signal itself, and the terminal is
/// restored by the screen thread, never by a signal handler.
final class SignalWatcher {
  private var sources: [any DispatchSourceSignal] = []
  private let signals: [Int32]

  init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT], onSignal: @escaping @Sendable (Int32) -> Void) {
    self.signals = signals
    for number in signals {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler { onSignal(number) }
      source.resume()
      sources.append(source)
    }
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
