import CNcurses
import Synchronization
import Tide

/// The one thread that touches ncurses: it starts the terminal, draws the frames the main actor
/// hands it, reads input, turns quit signals into quit requests, and restores the terminal when
/// told to stop — on every exit path.
///
/// It is the main thread, shared with the main actor, when the program claimed it
/// (``MainThreadLoop``): its wait then also runs the main actor's jobs, so a tick of a running
/// animation wakes one thread. Otherwise it is a thread of its own.
///
/// It sleeps in ``CursesTerminal/readEvent(timeout:)`` until input, a resize, a quit signal or a
/// wake-up for a new frame or a stop arrives, so an idle program uses no CPU.
///
/// Quit signals (SIGINT, SIGTERM, SIGHUP, SIGQUIT and every other signal whose default ends a
/// process: SIGUSR1/2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU) are caught from before the thread
/// starts until ``close()``: their handler (C, async-signal-safe) records the signal and wakes
/// the thread, which reads the keys typed before it, then reports the quit — never restoring the
/// terminal inside the handler. SIGPIPE and SIGXFSZ are ignored, so a failed write is an error
/// its writer reports. Crash signals are not among them: see `tide_crash_guard_install`. The
/// tty raises none of them for a key (its ISIG is off, so a pasted ctrl-c is text): a typed
/// ctrl-\ or ctrl-z is sent as its signal from here, a typed ctrl-c handed to the program
/// (see ``TypedSignal``).
///
/// It is also the main actor's ``Tide/TimerWaker`` and the program's frame-slot timer: the
/// earlier of the next timer deadline and the next frame slot is its wait's timeout, so a
/// running animation's tick is this thread waking once, handing the tick to the main actor
/// (`onTimers`) and drawing the frame that comes back — and a frame held back by the frame
/// rate is the same thread waking at its slot (`onFrameSlot`), not a sleeping task.
final class ScreenThread: TimerWaker {
  /// What the main actor and the thread share.
  private struct Shared {
    var pendingFrame: Canvas?
    var pendingRedrawsAll = false
    /// Titles and clipboard copies to write after the pending frame, in order.
    var pendingWrites: [@Sendable (any ScreenDevice) -> Void] = []
    var stopRequested = false
    // The deadlines are times since the continuous clock's epoch (`sinceEpoch`): frozen values,
    // which the loop compares at every pass without the runtime's help.
    /// The main actor's next timer wake (see ``wake(at:fire:)``) and what to call then.
    var timerDeadline: Duration?
    var timerFire: (@MainActor @Sendable () -> Void)?
    /// The program's next frame slot (see ``wakeForFrame(at:)``).
    var frameDeadline: Duration?
    /// Whether this thread still takes timer wakes: false once ``handBackTimers()`` ran.
    var servesTimers = true
    /// A timer's call was handed to the main actor and not yet handled: a wake it asks for
    /// waits for ``eventHandled()`` (one wake-up with the frame it draws, not two).
    var timersFiring = false
    /// The deadline the thread's current wait ends at, as it last read the state (`nil`: none).
    var waitingUntil: Duration?
    /// A byte is in the wake-up pipe and the thread has not yet read the state after it.
    var wakePending = false
  }

  private let shared = Mutex(Shared())
  /// The colours the terminal shows (see ``CursesTerminal/init(reportsPointer:profile:)``).
  private let profile: ColorProfile
  /// Whether the app sets the window's title (see ``CursesTerminal/init(reportsPointer:profile:setsTitle:)``).
  private let setsTitle: Bool
  /// The terminal's background when it was given (`--background dark|light`); `nil` to ask the
  /// terminal (see ``TerminalInputReader/askTerminal(forBackground:wait:)``) with this hint.
  private let background: TerminalBackground?
  private let backgroundHint: TerminalBackground?
  /// The whole screen (ncurses) or the lines below the prompt.
  private let screen: ScreenMode

  /// A screen thread, not started yet, whose terminal shows the colours of `profile`; with
  /// `setsTitle`, one that saves and restores the window's title. Its terminal's background is
  /// `background`, or for `nil` what the terminal answers as it starts, else `backgroundHint`.
  /// It draws on the whole screen or inline, as `screen` says.
  init(
    profile: ColorProfile = .ansi16, setsTitle: Bool = false, background: TerminalBackground? = .dark,
    backgroundHint: TerminalBackground? = nil, screen: ScreenMode = .fullScreen
  ) {
    self.screen = screen
    self.profile = profile
    self.setsTitle = setsTitle
    self.background = background
    self.backgroundHint = backgroundHint
  }

  /// Starts the thread and returns the terminal's size and background once it is set up (the
  /// background asked for before the first frame), or throws why it could not be; with
  /// `reportsPointer` the terminal reports pointer events. `onEvent` is called on the thread for
  /// every input event but typed signal keys (see ``TypedSignal``): a typed ctrl-c goes to
  /// `onInterrupt`, with its key and SIGINT; `onQuit` with each quit signal's number, after the
  /// input that arrived before it; `onStop` once, as the thread ends, after the terminal is
  /// restored.
  func start(
    reportsPointer: Bool, onEvent: @escaping @Sendable (InputEvent) -> Void,
    onInterrupt: @escaping @Sendable (Key, Int32) -> Void, onQuit: @escaping @Sendable (Int32) -> Void,
    onTimers: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void,
    onFrameSlot: @escaping @Sendable () -> Void, onStop: @escaping @Sendable () -> Void
  ) async throws -> (size: TerminalSize, background: TerminalBackground) {
    // The wake-up pipe lives from before the thread starts until after it and every other writer
    // are done (see `close()`), so a wake-up never writes into a closed — maybe reused — fd.
    guard tide_input_open() != 0 else {
      throw CursesTerminal.StartError(description: "cannot create the input wake-up pipe")
    }
    guard tide_quit_signals_install() != 0 else {
      tide_input_close()
      throw CursesTerminal.StartError(description: "cannot install the quit signal handlers")
    }
    // An app stuck in one step when a quit signal comes is ended by the watch, terminal restored.
    QuitWatch.begin()
    do {
      return try await withCheckedThrowingContinuation {
        (started: CheckedContinuation<(size: TerminalSize, background: TerminalBackground), any Error>) in
        let body: @Sendable () -> Void = { [self] in
          self.main(
            started: started, reportsPointer: reportsPointer, onEvent: onEvent, onInterrupt: onInterrupt,
            onQuit: onQuit, onTimers: onTimers, onFrameSlot: onFrameSlot)
          onStop()
        }
        // On the main thread with the main actor when the program claimed it (one wake-up a
        // tick), else on a thread of its own.
        if MainThreadLoop.host(body) { return }
        do {
          try DetachedThread.start(named: "tide-screen", body)
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
    started: CheckedContinuation<(size: TerminalSize, background: TerminalBackground), any Error>, reportsPointer: Bool, onEvent: @escaping @Sendable (InputEvent) -> Void,
    onInterrupt: @escaping @Sendable (Key, Int32) -> Void, onQuit: @escaping @Sendable (Int32) -> Void, onTimers: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void,
    onFrameSlot: @escaping @Sendable () -> Void
  ) {
    switch screen {
    case .fullScreen:
      run(
        CursesTerminal(reportsPointer: reportsPointer, profile: profile, setsTitle: setsTitle), started: started,
        onEvent: onEvent, onInterrupt: onInterrupt, onQuit: onQuit, onTimers: onTimers, onFrameSlot: onFrameSlot)
    case .inline(let maximumHeight, let onExit):
      run(
        InlineScreen(
          maximumHeight: maximumHeight, onExit: onExit, profile: profile, setsTitle: setsTitle),
        started: started, onEvent: onEvent, onInterrupt: onInterrupt, onQuit: onQuit, onTimers: onTimers,
        onFrameSlot: onFrameSlot)
    }
  }

  /// The thread's loop on `terminal` (specialized for each kind, so a frame's cells are put
  /// without a dynamic call each).
  private func run<Device: ScreenDevice>(
    _ terminal: Device,
    started: CheckedContinuation<(size: TerminalSize, background: TerminalBackground), any Error>,
    onEvent: @escaping @Sendable (InputEvent) -> Void, onInterrupt: @escaping @Sendable (Key, Int32) -> Void,
    onQuit: @escaping @Sendable (Int32) -> Void,
    onTimers: @escaping @Sendable (@escaping @MainActor @Sendable () -> Void) -> Void,
    onFrameSlot: @escaping @Sendable () -> Void
  ) {
    do {
      try terminal.begin()
    } catch {
      started.resume(throwing: error)
      return
    }
    defer { terminal.restore() }
    let answers = terminal.askTerminal(forBackground: self.background == nil)
    let background = self.background ?? answers.background ?? backgroundHint ?? .dark
    terminal.turnOnModifiedKeys(answers)
    started.resume(returning: (terminal.size, background))
    /// An event read from the terminal, to the program — or, for a key the tty turned into a
    /// signal, what the signal does (see ``TypedSignal``).
    func deliver(_ event: InputEvent) {
      switch TypedSignal(event) {
      case nil: onEvent(event)
      case .interrupt?:
        if case .key(let key) = event { onInterrupt(key, TypedSignal.interrupt.number) }
      // The handlers record it and wake this thread, which takes it on its next pass, as it
      // takes one sent with kill.
      case let signal?: tide_send_typed_signal(signal.number)
      }
    }
    var renderer = Renderer()
    while true {
      let now = ContinuousClock.nowSinceEpoch
      let (frame, redrawsAll, stop, dueTimers, frameSlot, wakeDeadline, writes) = shared.withLock { shared in
        defer {
          shared.pendingRedrawsAll = false
          shared.pendingWrites = []
        }
        shared.wakePending = false
        var dueTimers: (@MainActor @Sendable () -> Void)?
        if let deadline = shared.timerDeadline, deadline <= now {
          dueTimers = shared.timerFire
          shared.timerDeadline = nil
          shared.timerFire = nil
          shared.timersFiring = true
        }
        var frameSlot = false
        if let deadline = shared.frameDeadline, deadline <= now {
          frameSlot = true
          shared.frameDeadline = nil
        }
        shared.waitingUntil = Self.earlier(shared.timerDeadline, shared.frameDeadline)
        return (
          shared.pendingFrame.take(), shared.pendingRedrawsAll, shared.stopRequested, dueTimers, frameSlot, shared.waitingUntil,
          shared.pendingWrites
        )
      }
      if stop {
        // A copy made just before the app quit still reaches the clipboard.
        for write in writes { write(terminal) }
        return
      }
      var handedOver = false
      let signal = tide_take_quit_signal()
      if signal != 0 {
        // Keys typed before ctrl-c or a quit signal are the user's too: they go first.
        while let event = terminal.readEvent(timeout: .zero) { deliver(event) }
        onQuit(signal)
        handedOver = true
      }
      // Back from ctrl-z: the last frame again, whole, for what ncurses' repaint left out.
      if terminal.suspendIfAsked() { renderer.repaint(on: terminal) }
      if let dueTimers {
        onTimers(dueTimers)
        handedOver = true
      }
      if frameSlot {
        onFrameSlot()
        handedOver = true
      }
      if let frame {
        if redrawsAll { renderer.invalidate() }
        terminal.render(consume frame, with: &renderer)
      }
      for write in writes { write(terminal) }
      // Back from a program the terminal was handed to: the last frame whole, as after ctrl-z.
      if terminal.takeRepaintRequest() { renderer.repaint(on: terminal) }
      // On the main thread's run loop the program may have taken what was handed over at once,
      // here, leaving a frame and new deadlines no wake-up announces: read them before waiting.
      if handedOver { continue }
      let timeout = wakeDeadline.map { $0 - ContinuousClock.nowSinceEpoch }
      // Due already (drawing took until then): fire it on the next pass, without a read.
      if let timeout, timeout <= .zero { continue }
      if let event = terminal.readEvent(timeout: timeout) {
        deliver(event)
      }
    }
  }

  /// The earlier of two deadlines, either of which may be absent.
  private static func earlier(_ first: Duration?, _ second: Duration?) -> Duration? {
    guard let first else { return second }
    guard let second else { return first }
    return min(first, second)
  }

  /// Wakes the thread at `deadline` (since the continuous clock's epoch: see
  /// `ContinuousClock.Instant.sinceEpoch`) to report the program's frame slot (`onFrameSlot`),
  /// replacing the slot asked for before; `nil` cancels it. The slot is the wait's timeout, as
  /// the timers' deadline is, so a frame held back by the frame rate costs no other thread.
  func wakeForFrame(at deadline: Duration?) {
    let wakes = shared.withLock { shared -> Bool in
      shared.frameDeadline = deadline
      guard let deadline else { return false }
      if let waitingUntil = shared.waitingUntil, waitingUntil <= deadline { return false }
      return Self.takeWake(&shared)
    }
    if wakes { tide_input_wake() }
  }

  /// Hands the thread a frame to draw; a frame not yet drawn is replaced by the newer one.
  func draw(_ frame: consuming Canvas, redrawingAll: Bool) {
    // Moved into the lock's closure through an optional: a value a closure captures is copied.
    var frame = Optional(frame)
    let wakes = shared.withLock { shared in
      shared.pendingFrame = frame.take()
      shared.pendingRedrawsAll = shared.pendingRedrawsAll || redrawingAll
      return Self.takeWake(&shared)
    }
    if wakes { tide_input_wake() }
  }

  /// Hands the thread a write that changes no cell — a title, a clipboard copy — to make after
  /// the pending frame, if any, in the order they were handed.
  func write(_ write: @escaping @Sendable (any ScreenDevice) -> Void) {
    let wakes = shared.withLock { shared in
      shared.pendingWrites.append(write)
      return Self.takeWake(&shared)
    }
    if wakes { tide_input_wake() }
  }

  /// Whether the caller, having changed the state, must write to the wake-up pipe: not when a
  /// byte written since the thread last read the state is still there.
  private static func takeWake(_ shared: inout Shared) -> Bool {
    // The caller is the loop's own thread — a main actor's job run inside its wait, or an event
    // the program took at once from it — which reads the state before it waits again.
    if MainThreadLoop.isHostingThread { return false }
    defer { shared.wakePending = true }
    return !shared.wakePending
  }

  /// Wakes the thread at `deadline` to hand `fire` to the main actor (see ``Tide/TimerWaker``).
  /// Once the timers were handed back, calls `fire` at once, on the main actor, so the queue
  /// puts the wake back on a sleeping task.
  func wake(at instant: ContinuousClock.Instant?, fire: @escaping @MainActor @Sendable () -> Void) {
    let deadline = instant?.sinceEpoch
    let (wakes, handsBack) = shared.withLock { shared -> (Bool, Bool) in
      guard shared.servesTimers else { return (false, deadline != nil) }
      shared.timerDeadline = deadline
      shared.timerFire = deadline == nil ? nil : fire
      // The thread reads the new deadline before it waits again: after the frame or the
      // `eventHandled` of the tick being fired, or now if it waits past it.
      guard let deadline, !shared.timersFiring else { return (false, false) }
      if let waitingUntil = shared.waitingUntil, waitingUntil <= deadline { return (false, false) }
      return (Self.takeWake(&shared), false)
    }
    if wakes { tide_input_wake() }
    if handsBack { Task { @MainActor in fire() } }
  }

  /// The main actor handled an event of this thread's: after a timer's call, the thread must
  /// read the next deadline, if the frame it drew (or no frame) has not woken it already.
  func eventHandled() {
    let wakes = shared.withLock { shared -> Bool in
      guard shared.timersFiring else { return false }
      shared.timersFiring = false
      guard shared.timerDeadline != nil else { return false }
      return Self.takeWake(&shared)
    }
    if wakes { tide_input_wake() }
  }

  /// Stops taking timer wakes: the pending one, if any, is called at once on the main actor,
  /// which puts it back on a sleeping task (the program's loop has ended, so a tick handed to it
  /// would be lost).
  func handBackTimers() {
    let pending = shared.withLock { shared -> (@MainActor @Sendable () -> Void)? in
      shared.servesTimers = false
      defer {
        shared.timerDeadline = nil
        shared.timerFire = nil
      }
      return shared.timerFire
    }
    if let pending { Task { @MainActor in pending() } }
  }

  /// Asks the thread to restore the terminal and end.
  func requestStop() {
    let wakes = shared.withLock { shared in
      shared.stopRequested = true
      return Self.takeWake(&shared)
    }
    if wakes { tide_input_wake() }
  }

  /// Puts the quit signals' handlers from before back, then closes the wake-up pipe they write
  /// to. Call only after the thread ended (the terminal is restored) and no `draw` or
  /// `requestStop` can run any more.
  func close() {
    QuitWatch.end()
    tide_quit_signals_remove()
    tide_input_close()
  }
}
