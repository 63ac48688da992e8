import CNcurses
import Synchronization

/// The one thread that touches ncurses: it starts the terminal, draws the frames the main actor
/// hands it, reads input, turns quit signals into quit requests, and restores the terminal when
/// told to stop — on every exit path.
///
/// It sleeps in ``CursesTerminal/readEvent(timeout:)`` until input, a resize, a quit signal or a
/// wake-up for a new frame or a stop arrives, so an idle program uses no CPU.
///
/// Quit signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT and every other signal whose default ends a
/// process: SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU) are caught from before the thread
/// starts until ``close()``: their handler (C, async-signal-safe) records the signal and wakes
/// the thread, which reads the keys typed before it, then reports the quit — never restoring the
/// terminal inside the handler. SIGPIPE and SIGXFSZ are ignored, so a failed write is an error
/// its writer reports. Crash signals are not among them: see `tide_crash_guard_install`.
final class ScreenThread: Sendable {
  /// What the main actor and the thread share.
  private struct Shared {
    var pendingFrame: Canvas?
    var pendingRedrawsAll = false
    var stopRequested = false
  }

  private let shared = Mutex(Shared())

  /// Starts the thread and returns the terminal's size once it is set up, or throws why it could
  /// not be; with `reportsPointer` the terminal reports pointer events. `onEvent` is called on
  /// the thread for every input event; `onQuit` for each quit signal, after the input that
  /// arrived before it; `onStop` once, as the thread ends, after the terminal is restored.
  func start(
    reportsPointer: Bool, onEvent: @escaping @Sendable (InputEvent) -> Void, onQuit: @escaping @Sendable () -> Void,
    onStop: @escaping @Sendable () -> Void
  ) async throws -> TerminalSize {
    // The wake-up pipe lives from before the thread starts until after it and every other writer
    // are done (see `close()`), so a wake-up never writes into a closed — maybe reused — fd.
    guard tide_input_open() != 0 else {
      throw CursesTerminal.StartError(description: "cannot create the input wake-up pipe")
    }
    guard tide_quit_signals_install() != 0 else {
      tide_input_close()
      throw CursesTerminal.StartError(description: "cannot install the quit signal handlers")
    }
    do {
      return try await withCheckedThrowingContinuation { (started: CheckedContinuation<TerminalSize, any Error>) in
        do {
          try DetachedThread.start(named: "tide-screen") { [self] in
            self.main(started: started, reportsPointer: reportsPointer, onEvent: onEvent, onQuit: onQuit)
            onStop()
          }
        } catch {
          started.resume(throwing: error)
        }
      }
    } catch {
      close()
      throw error
    }
  }

  private func main(
    started: CheckedContinuation<TerminalSize, any Error>, reportsPointer: Bool, onEvent: @escaping @Sendable (InputEvent) -> Void,
    onQuit: @escaping @Sendable () -> Void
  ) {
    let terminal = CursesTerminal(reportsPointer: reportsPointer)
    do {
      try terminal.begin()
    } catch {
      started.resume(throwing: error)
      return
    }
    defer { terminal.restore() }
    started.resume(returning: terminal.size)
    var renderer = Renderer()
    while true {
      let (frame, redrawsAll, stop) = shared.withLock { shared in
        defer {
          shared.pendingFrame = nil
          shared.pendingRedrawsAll = false
        }
        return (shared.pendingFrame, shared.pendingRedrawsAll, shared.stopRequested)
      }
      if stop { return }
      if tide_take_quit_signal() != 0 {
        // Keys typed before ctrl-c or a quit signal are the user's too: they go first.
        while let event = terminal.readEvent(timeout: .zero) { onEvent(event) }
        onQuit()
      }
      if let frame {
        if redrawsAll { renderer.invalidate() }
        renderer.render(frame, to: terminal)
      }
      if let event = terminal.readEvent(timeout: nil) {
        onEvent(event)
      }
    }
  }

  /// Hands the thread a frame to draw; a frame not yet drawn is replaced by the newer one.
  func draw(_ frame: Canvas, redrawingAll: Bool) {
    shared.withLock {
      $0.pendingFrame = frame
      $0.pendingRedrawsAll = $0.pendingRedrawsAll || redrawingAll
    }
    tide_input_wake()
  }

  /// Asks the thread to restore the terminal and end.
  func requestStop() {
    shared.withLock { $0.stopRequested = true }
    tide_input_wake()
  }

  /// Puts the quit signals' handlers from before back, then closes the wake-up pipe they write
  /// to. Call only after the thread ended (the terminal is restored) and no `draw` or
  /// `requestStop` can run any more.
  func close() {
    tide_quit_signals_remove()
    tide_input_close()
  }
}
