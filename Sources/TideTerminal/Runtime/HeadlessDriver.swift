#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization
import Tide

/// A ``TerminalDriver`` in memory: frames go to a ``HeadlessTerminal``, time is a
/// ``Tide/VirtualClock``, and events are whatever the caller sends — so ``Program``'s own loop
/// (pacing, quit, resize, signals, the wait for pending work) runs in a test or a replay.
@MainActor
package final class HeadlessDriver: TerminalDriver {
  /// The screen frames are drawn on.
  package let terminal: HeadlessTerminal
  /// The clock pacing and shutdown sleep on; the app's store should use it too.
  package let clock: VirtualClock
  package let pacesFrames: Bool
  private var renderer = Renderer()
  private var input: ProgramInput?
  /// The sleeper that reports the frame slot asked for (``wakeForFrame(atElapsed:)``).
  private var frameWake: Task<Void, Never>?
  private var waiters: [(condition: (HeadlessDriver) -> Bool, resume: CheckedContinuation<Void, Never>)] = []
  /// The key of this driver's watch on the clock's sleepers, while started.
  private var clockObserver: UInt64?
  /// Whether a waiter may need a change of the clock's sleepers: the clock's observer hops to
  /// the main actor only then, not at every sleep of a replay's timers.
  private let watchesClock = ClockWatch()

  /// Whether ``start(_:)`` ran and ``stop()`` did not yet.
  package private(set) var isActive = false
  /// How many times the terminal was taken over and given back.
  package private(set) var starts = 0, stops = 0
  /// Frames that changed the screen, as text, in order (while ``keepsFrameTexts``).
  package private(set) var frames: [String] = []
  /// Whether ``frames`` collects each frame's text: on for tests of the program; off for a
  /// replay, whose player reports frames itself, so an hour of frames costs no text or memory.
  package var keepsFrameTexts = true
  /// Events delivered and events the program has handled.
  package private(set) var delivered = 0, handled = 0
  /// Messages passed to ``report(unfinishedWork:)``.
  package private(set) var reports: [String] = []
  /// Told each window title the program sets (sanitized; `nil` for the terminal's own), as the
  /// terminal takes it: for a recording of the replay (a cast).
  package var onTitle: ((String?) -> Void)?
  /// Told each text the program copies to the clipboard, as the terminal takes it.
  package var onCopy: ((String) -> Void)?
  /// The lines the app printed above its live area (``Tide/Effect/printAbove(_:)``), in order.
  package private(set) var printedLines: [String] = []
  /// Told each batch of lines the app prints above its live area.
  package var onPrint: (([String]) -> Void)?
  /// The programs the app asked to run on the terminal, in order; none is started.
  package private(set) var programsRun: [ExternalProgram] = []
  /// How each program the app runs ends, in a replay's stead: by default it does not start,
  /// since a replay never runs a real editor.
  package var programOutcome: @MainActor (ExternalProgram) -> ExternalProgram.Outcome = { _ in
    .couldNotStart("a replay runs no program")
  }

  /// Full screen, or inline: the screen then shows the lines the app printed above its live
  /// area and the frame under them (see ``InlineTerminal/transcript(printed:frame:size:)``),
  /// and the app's canvas is the live area's (``ScreenMode/canvasSize(onScreen:)``).
  package let screenMode: ScreenMode
  /// The whole screen's size, for an inline app (its frames are smaller).
  private var screenSize: TerminalSize
  /// An inline app's last frame, drawn again under lines it prints.
  private var lastInlineFrame: Canvas?

  /// A `size` screen on `clock`. With `pacesFrames`, the program draws when the state changed
  /// and its pacer allows, as in a terminal; without, only when asked (``requestFrame(force:)``).
  /// An app drawn `screen` (inline) sees the screen as such an app does.
  package init(
    size: TerminalSize = TerminalSize(columns: 80, rows: 24), clock: VirtualClock, pacesFrames: Bool = true,
    screen: ScreenMode = .fullScreen
  ) {
    terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
    self.clock = clock
    self.pacesFrames = pacesFrames
    screenMode = screen
    screenSize = size
  }

  package func start(_ input: ProgramInput) async throws -> TerminalSize {
    self.input = input
    isActive = true
    starts += 1
    // Sleepers arriving or leaving are something a test may wait for (a frame slot, the exit wait).
    clockObserver = clock.addObserver { [weak self, watchesClock] in
      // Set before a waiter checks its condition, so a change it did not see still wakes it.
      guard watchesClock.isWanted.load(ordering: .acquiring) else { return }
      Task { @MainActor [weak self] in self?.resumeWaiters() }
    }
    resumeWaiters()
    screenSize = terminal.size
    return screenMode.canvasSize(onScreen: terminal.size)
  }

  /// Delivers `event` as if the terminal produced it, and returns once the program has handled
  /// it and drawn any frame due (or ended). Ignored before start and after stop.
  package func send(_ event: InputEvent) async {
    if case .inline = screenMode, case .resize(let size) = event {
      // The screen is `size`; the app's canvas, the live area's.
      screenSize = size
      let resized = InputEvent.resize(screenMode.canvasSize(onScreen: size))
      await deliver { $0.sendNow(resized) }
      return
    }
    await deliver { $0.sendNow(event) }
  }

  /// Delivers a quit signal (as SIGTERM would) and returns once the program has handled it.
  package func sendQuitSignal() async {
    await deliver { $0.quit(signal: SIGTERM) }
  }

  /// Delivers ctrl-c as the real terminal delivers it typed — its tty no longer turns it into
  /// SIGINT (see `TypedSignal`) — and returns once the program has handled it.
  package func sendTypedInterrupt() async {
    await deliver { $0.interrupt(typed: .control("c"), signal: SIGINT) }
  }

  /// Asks the program for a frame — now (`force`) or only if its pacer allows one now — and
  /// returns once it is drawn (or there was nothing to draw).
  package func requestFrame(force: Bool) async {
    await deliver { $0.requestFrame(force: force) }
  }

  /// Ends the program as a terminal that went away would, and returns once it has let go.
  package func end() async {
    guard isActive, let input else { return }
    input.stopped()
    await waitUntil { !$0.isActive }
  }

  private func deliver(_ send: (ProgramInput) -> Void) async {
    guard isActive, let input else { return }
    delivered += 1
    let target = delivered
    send(input)
    await waitUntil { $0.handled >= target || !$0.isActive }
  }

  package func didHandle() {
    handled += 1
    resumeWaiters()
  }

  /// The one place the screen changes size: a frame of another size than the screen's resizes
  /// it (blank) before it is drawn.
  /// Its store's timers are the virtual clock's: nothing to hand back.
  package func eventsEnded() {}

  package func present(_ frame: consuming Canvas, redrawingAll: Bool) {
    var frame = frame
    if case .inline = screenMode {
      lastInlineFrame = frame
      frame = InlineTerminal.transcript(printed: printedLines, frame: frame, size: screenSize)
    }
    if redrawingAll { renderer.invalidate() }
    if frame.columns != terminal.size.columns || frame.rows != terminal.size.rows {
      terminal.resize(columns: frame.columns, rows: frame.rows)
    }
    let before = renderer.statistics.frames
    renderer.render(frame, to: terminal)
    if keepsFrameTexts, renderer.statistics.frames > before { frames.append(terminal.screenText()) }
    resumeWaiters()
  }

  package func setTitle(_ title: String?) {
    terminal.setTitle(title)
    onTitle?(terminal.title)
  }

  package func handOver(to program: ExternalProgram) async -> ExternalProgram.Outcome {
    programsRun.append(program)
    return programOutcome(program)
  }

  /// A replay never stops: its app runs on at once, as if continued.
  package func suspend() async -> Bool { false }

  package func printAbove(_ lines: [String]) {
    printedLines += lines
    onPrint?(lines)
    // The screen shows them at once, above the last frame.
    if let lastInlineFrame { present(lastInlineFrame, redrawingAll: false) }
    // An effect prints: a waiter may be waiting for it.
    resumeWaiters()
  }

  package func copyToClipboard(_ text: String) {
    let copies = terminal.clipboardCopies.count
    terminal.copyToClipboard(text)
    if terminal.clipboardCopies.count > copies { onCopy?(text) }
    // An effect copies: a waiter may be waiting for it.
    resumeWaiters()
  }

  package var elapsed: Duration { clock.now.offset }

  package func wakeForFrame(atElapsed deadline: Duration?) {
    frameWake?.cancel()
    frameWake = nil
    guard let deadline, let input else { return }
    // A sleeper on the virtual clock, as the program's other waits are: a test or a replay
    // advances the clock through the slot.
    frameWake = Task { [clock] in
      try? await clock.sleep(until: VirtualClock.Instant(offset: deadline))
      if !Task.isCancelled { input.frameSlotReached() }
    }
  }

  package func sleep(untilElapsed deadline: Duration) async {
    try? await clock.sleep(until: VirtualClock.Instant(offset: deadline))
  }

  package func stop() async {
    guard isActive else { return }
    isActive = false
    stops += 1
    if let clockObserver { clock.removeObserver(clockObserver) }
    clockObserver = nil
    input = nil
    resumeWaiters()
  }

  package func report(unfinishedWork message: String) {
    reports.append(message)
  }

  package var statistics: RenderStatistics { renderer.statistics }

  /// The screen now, each row without trailing spaces.
  package var screenText: String { terminal.screenText() }

  /// Returns once `condition` holds, checked now and after every frame, handled event, start
  /// and stop — an event to await instead of a sleep.
  package func waitUntil(_ condition: @escaping (HeadlessDriver) -> Bool) async {
    if condition(self) { return }
    // Checked again as the waiter is added: with a task executor preference, the caller may
    // resume on the main actor only after the program's loop took its turn.
    await withCheckedContinuation { continuation in
      watchesClock.isWanted.store(true, ordering: .releasing)
      if condition(self) {
        if waiters.isEmpty { watchesClock.isWanted.store(false, ordering: .releasing) }
        continuation.resume()
      } else {
        waiters.append((condition, continuation))
      }
    }
  }

  private func resumeWaiters() {
    guard !waiters.isEmpty else { return }
    var pending: [(condition: (HeadlessDriver) -> Bool, resume: CheckedContinuation<Void, Never>)] = []
    for waiter in waiters {
      if waiter.condition(self) { waiter.resume.resume() } else { pending.append(waiter) }
    }
    waiters = pending
    if pending.isEmpty { watchesClock.isWanted.store(false, ordering: .releasing) }
  }
}

/// Whether a ``HeadlessDriver``'s waiters want to hear of the clock's sleepers, read from the
/// clock's observer on any thread.
private final class ClockWatch: Sendable {
  let isWanted = Atomic<Bool>(false)
}
