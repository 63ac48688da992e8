/// The real terminal as a ``TerminalDriver``: an ncurses thread (``ScreenThread``) reads input
/// and draws frames, a ``SignalWatcher`` turns SIGINT, SIGTERM, SIGHUP and SIGQUIT into
/// ``TerminalEvent/quitSignal``, and time is the continuous clock.
@MainActor
package final class CursesDriver: TerminalDriver {
  private let screen = ScreenThread()
  private var signals: SignalWatcher?
  private var ended: AsyncStream<Void>?
  private var isActive = false
  private let clock = ContinuousClock()
  private var startInstant = ContinuousClock.now

  package init() {}

  package func start(
    sending send: @escaping @Sendable (TerminalEvent) -> Void,
    stopped: @escaping @Sendable () -> Void
  ) async throws -> TerminalSize {
    if let problem = TerminalUnavailable.check() { throw problem }
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    self.ended = ended
    let size = try await screen.start(
      onEvent: send,
      onStop: {
        end.finish()
        stopped()
      })
    isActive = true
    signals = SignalWatcher { _ in send(.quitSignal) }
    startInstant = clock.now
    return size
  }

  package func didHandle(_ event: TerminalEvent) {}

  package func present(_ frame: Canvas, redrawingAll: Bool) {
    guard isActive else { return }
    screen.draw(frame, redrawingAll: redrawingAll)
  }

  package var elapsed: Duration { clock.now - startInstant }

  package func sleep(untilElapsed deadline: Duration) async {
    try? await clock.sleep(until: startInstant + deadline)
  }

  package func stop() async {
    guard isActive else { return }
    isActive = false
    screen.requestStop()
    if let ended {
      for await _ in ended {}
    }
    screen.close()
    // Only now: a quit signal during the shutdown must not kill the process before the restore.
    signals?.cancel()
    signals = nil
  }

  package func report(unfinishedWork message: String) {
    StandardError.writeLine(message)
  }

}
