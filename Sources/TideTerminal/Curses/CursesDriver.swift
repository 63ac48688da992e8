import CNcurses
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
  /// When the driver was made, since the continuous clock's epoch (`sinceEpoch`).
  private var start = ContinuousClock.nowSinceEpoch

  private let reportsPointer: Bool
  private let screenMode: ScreenMode
  /// Whether the terminal device was put in place of standard input or output (see ``start(_:)``).
  private var attachedDevice = false
  package private(set) var background: TerminalBackground?

  /// A driver of the real terminal; with `reportsPointer`, the terminal reports pointer events.
  /// It shows the colours of `profile` (see ``ColorProfile``), by default the terminal's own
  /// (`NO_COLOR`, `COLORTERM`, terminfo; 16 colours when `TIDE_COLOR` names none). With
  /// `setsTitle`, the terminal's title is saved on its title stack at the start and put back on
  /// every way out (see ``CursesTerminal/init(reportsPointer:profile:setsTitle:)``). Its
  /// background is `background`; for `nil` the terminal is asked as it starts, `COLORFGBG` the
  /// hint when it does not answer (see ``TerminalBackground``). It draws on the whole screen
  /// or inline, as `screen` says.
  package init(
    reportsPointer: Bool = false, profile: ColorProfile? = nil, setsTitle: Bool = false,
    background: TerminalBackground? = nil, screen: ScreenMode = .fullScreen
  ) {
    self.reportsPointer = reportsPointer
    screenMode = screen
    self.screen = ScreenThread(
      profile: profile ?? (try? ColorProfile.ofThisTerminal()) ?? .ansi16, setsTitle: setsTitle, background: background,
      backgroundHint: background == nil ? TerminalBackground.hintOfThisTerminal() : nil, screen: screen)
  }

  package var pacesFrames: Bool { true }

  /// Takes over the terminal. An inline app whose standard input or output is not a terminal
  /// (a pipe: `x=$(printf 'a\nb\n' | tide-pick)`) draws on the terminal device, which takes
  /// their place until ``stop()`` puts them back.
  package func start(_ input: ProgramInput) async throws -> TerminalSize {
    if case .inline = screenMode, TerminalUnavailable.check() == .notATerminal {
      attachedDevice = tide_terminal_device_attach() != 0
    }
    if let problem = TerminalUnavailable.check() {
      detachDevice()
      throw problem
    }
    let (ended, end) = AsyncStream.makeStream(of: Void.self)
    self.ended = ended
    let size: TerminalSize
    let background: TerminalBackground
    do {
      (size, background) = try await screen.start(
        reportsPointer: reportsPointer, onEvent: { input.send($0) },
        onInterrupt: { input.interrupt(typed: $0, signal: $1) },
        onQuit: { input.quit(signal: $0) },
        onTimers: { input.fireTimers($0) },
        onFrameSlot: { input.frameSlotReached() },
        onStop: {
          end.finish()
          input.stopped()
        })
    } catch {
      detachDevice()
      throw error
    }
    self.background = background
    isActive = true
    start = ContinuousClock.nowSinceEpoch
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

  package func present(_ frame: consuming Canvas, redrawingAll: Bool) {
    guard isActive else { return }
    screen.draw(consume frame, redrawingAll: redrawingAll)
  }

  package func setTitle(_ title: String?) {
    guard isActive else { return }
    screen.write { $0.setTitle(title) }
  }

  package func copyToClipboard(_ text: String) {
    guard isActive else { return }
    screen.write { $0.copyToClipboard(text) }
  }

  package func printAbove(_ lines: [String]) {
    guard isActive else { return }
    screen.write { $0.printAbove(lines) }
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

  package var elapsed: Duration { ContinuousClock.nowSinceEpoch - start }

  package func wakeForFrame(atElapsed deadline: Duration?) {
    screen.wakeForFrame(at: deadline.map { start + $0 })
  }

  package func sleep(untilElapsed deadline: Duration) async {
    try? await clock.sleep(until: ContinuousClock.Instant(sinceEpoch: start + deadline))
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
    detachDevice()
  }

  /// Puts standard input and output back, if the terminal device took their place.
  private func detachDevice() {
    guard attachedDevice else { return }
    attachedDevice = false
    tide_terminal_device_detach()
  }

  package func report(unfinishedWork message: String) {
    StandardError.writeLine(message)
  }
}
