import Tide

/// A ``TerminalDriver`` in memory: frames go to a ``HeadlessTerminal``, time is a
/// ``Tide/VirtualClock``, and events are whatever the caller sends — so ``Program``'s own loop
/// (pacing, quit, resize, signals, the wait for pending work) runs in a test.
@MainActor
package final class HeadlessDriver: TerminalDriver {
  /// The screen frames are drawn on.
  package let terminal: HeadlessTerminal
  /// The clock pacing and shutdown sleep on; the app's store should use it too.
  package let clock: VirtualClock
  private var renderer = Renderer()
  private var send: (@Sendable (TerminalEvent) -> Void)?
  private var stopped: (@Sendable () -> Void)?
  private var waiters: [(condition: (HeadlessDriver) -> Bool, resume: CheckedContinuation<Void, Never>)] = []
  /// The key of this driver's watch on the clock's sleepers, while started.
  private var clockObserver: UInt64?

  /// Whether ``start(sending:stopped:)`` ran and ``stop()`` did not yet.
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

  /// A `size` screen on `clock`.
  package init(size: TerminalSize = TerminalSize(columns: 80, rows: 24), clock: VirtualClock) {
    terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
    self.clock = clock
  }

  package func start(
    sending send: @escaping @Sendable (TerminalEvent) -> Void,
    stopped: @escaping @Sendable () -> Void
  ) async throws -> TerminalSize {
    self.send = send
    self.stopped = stopped
    isActive = true
    starts += 1
    // Sleepers arriving or leaving are something a test may wait for (a frame slot, the exit wait).
    clockObserver = clock.addObserver { Task { @MainActor [weak self] in self?.resumeWaiters() } }
    resumeWaiters()
    return terminal.size
  }

  /// Delivers `event` as if the terminal produced it, and returns once the program has handled
  /// it and drawn any frame due (or ended); a resize blanks the screen first, as a real one
  /// garbles it. Ignored before start and after stop.
  package func send(_ event: TerminalEvent) async {
    guard isActive, let send else { return }
    if case .resize(let size) = event {
      terminal.resize(columns: size.columns, rows: size.rows)
    }
    delivered += 1
    let target = delivered
    send(event)
    await waitUntil { $0.handled >= target || !$0.isActive }
  }

  package func didHandle(_ event: TerminalEvent) {
    handled += 1
    resumeWaiters()
  }

  package func present(_ frame: Canvas, redrawingAll: Bool) {
    if redrawingAll { renderer.invalidate() }
    if frame.columns != terminal.size.columns || frame.rows != terminal.size.rows {
      terminal.resize(columns: frame.columns, rows: frame.rows)
    }
    let before = renderer.statistics.frames
    renderer.render(frame, to: terminal)
    if keepsFrameTexts, renderer.statistics.frames > before { frames.append(terminal.screenText()) }
    resumeWaiters()
  }

  package var elapsed: Duration { clock.now.offset }

  package func sleep(untilElapsed deadline: Duration) async {
    try? await clock.sleep(until: VirtualClock.Instant(offset: deadline))
  }

  package func stop() async {
    guard isActive else { return }
    isActive = false
    stops += 1
    send = nil
    if let clockObserver { clock.removeObserver(clockObserver) }
    clockObserver = nil
    stopped?()
    stopped = nil
    resumeWaiters()
  }

  package func report(unfinishedWork message: String) {
    reports.append(message)
  }

  package var statistics: RenderStatistics { renderer.statistics }

  /// The screen now, each row without trailing spaces.
  package var screenText: String { terminal.screenText() }

  /// Returns once `condition` holds, checked now and after every frame, start and stop — an
  /// event to await instead of a sleep.
  package func waitUntil(_ condition: @escaping (HeadlessDriver) -> Bool) async {
    if condition(self) { return }
    await withCheckedContinuation { waiters.append((condition, $0)) }
  }

  private func resumeWaiters() {
    var pending: [(condition: (HeadlessDriver) -> Bool, resume: CheckedContinuation<Void, Never>)] = []
    for waiter in waiters {
      if waiter.condition(self) { waiter.resume.resume() } else { pending.append(waiter) }
    }
    waiters = pending
  }
}
