import Tide

/// The real terminal as a ``TerminalDriver``: an ncurses thread (``ScreenThread``) reads input,
/// draws frames, turns the signals that would end the process into quit requests and, while
/// the loop runs, wakes the main actor's timers; time is the continuous clock.
@MainActor
package final class CursesDriver: TerminalDriver {
  private let screen: ScreenThread
  private var ended: AsyncStream<Void>?
  private var isActive = false
  private let clock = ContinuousClock()
  private var startInstant = ContinuousClock.now

  private let reportsPointer: Bool
  package private(set) var background: TerminalBackground?

  /// A driver of the real terminal; with `reportsPointer`, the terminal reports pointer events.
  /// It shows the colours of `profile` (see ``ColorProfile``), by default the terminal's own
  /// (`NO_COLOR`, `COLORTERM`, terminfo; 16 colours when `TIDE_COLOR` names none). With
  /// `setsTitle`, the terminal's title is saved on its title stack at the start and put back on
  /// every way out (see ``CursesTerminal/init(reportsPointer:profile:setsTitle:)``). Its
  /// background is `background`; for `nil` the terminal is asked as it starts, `COLORFGBG` the
  /// hint when it does not answer (see ``TerminalBackground``).
  package init(
    reportsPointer: Bool = false, profile: ColorProfile? = nil, setsTitle: Bool = false,
    background: TerminalBackground? = nil
  ) {
    self.reportsPointer = reportsPointer
    screen = ScreenThread(
      profile: profile ?? (try? ColorProfile.ofThisTerminal()) ?? .ansi16, setsTitle: setsTitle, background: background,
      backgroundHint: background == nil ? TerminalBackground.hintOfThisTerminal() : nil)
  }

  package var pacesFrames: Bool { true }

  package func start(_ input: ProgramInput) async throws -> TerminalSize {
    if let problem = TerminalUnavailable.check() { throw problem }
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    self.ended = ended
    let (size, background) = try await screen.start(
      reportsPointer: reportsPointer, onEvent: { input.send($0) },
      onInterrupt: { input.interrupt(typed: $0, signal: $1) },
      onQuit: { input.quit(signal: $0) },
      onTimers: { input.fireTimers($0) },
      onFrameSlot: { input.frameSlotReached() },
      onStop: {
        end.finish()
        input.stopped()
      })
    self.background = background
    isActive = true
    startInstant = clock.now
    // The screen thread waits anyway: its wait's timeout wakes the main actor's timers too.
    MainActorTimers.wake(with: screen)
    return size
  }

  package func didHandle() {
    screen.eventHandled()
  }

  package func eventsEnded() {
    MainActorTimers.wake(with: nil)
    screen.handBackTimers()
  }

  package func present(_ frame: Canvas, redrawingAll: Bool) {
    guard isActive else { return }
    screen.draw(frame, redrawingAll: redrawingAll)
  }

  package func setTitle(_ title: String?) {
    guard isActive else { return }
    screen.write { $0.setTitle(title) }
  }

  package func copyToClipboard(_ text: String) {
    guard isActive else { return }
    screen.write { $0.copyToClipboard(text) }
  }

  package func handOver(to program: ExternalProgram) async -> ExternalProgram.Outcome {
    guard isActive else { return .couldNotStart("the app's terminal is already given back") }
    return await withCheckedContinuation { continuation in
      screen.write { terminal in continuation.resume(returning: terminal.handOver(to: program)) }
    }
  }

  package func suspend() async -> Bool {
    guard isActive else { return false }
    return await withCheckedContinuation { continuation in
      screen.write { terminal in continuation.resume(returning: terminal.suspend()) }
    }
  }

  package var elapsed: Duration { clock.now - startInstant }

  package func wakeForFrame(atElapsed deadline: Duration?) {
    screen.wakeForFrame(at: deadline.map { startInstant + $0 })
  }

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
    // Only now: a quit signal during the shutdown must not kill the process before the restore.
    screen.close()
  }

  package func report(unfinishedWork message: String) {
    StandardError.writeLine(message)
  }
}
