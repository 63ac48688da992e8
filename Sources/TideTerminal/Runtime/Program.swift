import Tide

/// Runs a ``TerminalApp`` until it finishes: the one event loop of every run, interactive or not.
///
/// The loop turns events — input, quit signals, state changes and frame slots — into actions
/// and frames. A driver feeds it: by default the real terminal (an ncurses thread that sleeps
/// until input or a frame arrives, signal handling, the continuous clock); in a replay or a test
/// an in-memory screen on a virtual clock (see `HeadlessProgram` in TideTerminalTesting and
/// ``KeyScriptPlayer``). Nothing wakes up while nothing happens. Frames are drawn after the
/// store's queue has drained, at most `framesPerSecond` a second, and not at all when nothing
/// changed. A key or a paste is the exception a person waits for: its frame is drawn as soon as
/// it is handled, without waiting for the slot that an animation, a wheel storm or an effect has
/// taken, unless the frame of another key was drawn less than a frame interval before (keys
/// typed faster than the rate still share frames). So a running animation or a storm of
/// pointer events never adds a frame interval to what a key takes to reach the screen.
///
/// A quit signal (SIGINT, SIGTERM, SIGHUP, SIGQUIT and the others whose default ends a process)
/// sends the app's quit action. When the app is finished, the program waits (at most five
/// seconds) for effects marked ``Tide/Effect/finishesBeforeExit()``, then restores the terminal
/// — on every exit path.
@MainActor
package final class Program<State, Action: Sendable> {
  private let app: TerminalApp<State, Action>
  private let driver: any TerminalDriver
  private let recordsSession: Bool
  private var pacer: FramePacer
  /// Paces the frames drawn at once for keys and pastes, apart from every other frame.
  private var keyPacer: FramePacer

  /// What the user did, for `--record`: every key, paste and resize the driver delivered, at
  /// its time since the start — input only, never what the app showed or read. `nil` unless the
  /// program was created recording, until ``run()`` starts.
  package private(set) var recording: KeyScriptRecorder?
  /// The time from the start to when the app finished (or the terminal went away): the end of
  /// the recorded session, before the wait for unfinished work.
  package private(set) var sessionLength: Duration = .zero
  /// The terminal's size, as the driver reported it at the start or the last resize.
  package private(set) var size = TerminalSize(columns: 0, rows: 0)
  /// Whether the work marked ``Tide/Effect/finishesBeforeExit()`` finished before the end.
  package private(set) var finishedPendingWork = true

  /// The last frame drawn, kept for its hit regions when the app accepts pointer input, and the
  /// map of them, built at the first pointer event on that frame.
  private var lastFrame: Canvas?
  private var hitMap: HitMap?

  /// Whether the screen no longer shows the current state.
  private var isDirty = true
  private var redrawsAll = true
  /// Whether a state change was already posted to the loop and not yet taken.
  private var changePosted = false
  /// Whether the loop is handling an event: a change then needs no turn of its own.
  private var isHandling = false
  /// Whether input may skip the queue (``handleAtOnce(_:)``): while the loop of a driver that
  /// asks for its frames runs.
  private var takesInputAtOnce = false

  /// Creates a program that draws at most `framesPerSecond` frames a second in the real terminal.
  package convenience init(_ app: TerminalApp<State, Action>, framesPerSecond: Int = 60) {
    self.init(app, driver: CursesDriver(reportsPointer: app.acceptsPointer), framesPerSecond: framesPerSecond)
  }

  /// Creates a program on `driver`; with `recordsSession`, ``recording`` collects the user's input.
  package init(
    _ app: TerminalApp<State, Action>, driver: any TerminalDriver, framesPerSecond: Int = 60,
    recordsSession: Bool = false
  ) {
    self.app = app
    self.driver = driver
    self.pacer = FramePacer(framesPerSecond: framesPerSecond)
    self.keyPacer = FramePacer(framesPerSecond: framesPerSecond)
    self.recordsSession = recordsSession
  }

  /// How long ``run()`` waits for work marked ``Tide/Effect/finishesBeforeExit()``.
  package static var exitWorkLimit: Duration { .seconds(5) }

  /// Takes over the terminal and runs until the app is finished; the terminal is restored when
  /// this returns or throws.
  package func run() async throws {
    // The loop awaits its event stream, whose wake-ups would otherwise each pass through a
    // thread of the global pool on the way back to the main actor.
    try await withTaskExecutorPreference(MainQueueTaskExecutor.shared) {
      try await runLoop()
    }
  }

  private func runLoop() async throws {
    let (events, input) = AsyncStream.makeStream(of: ProgramEvent.self)
    let driver = self.driver
    let pacesFrames = driver.pacesFrames
    // A driver that asks for its frames posts nothing to itself, so whenever it delivers an
    // input nothing else is queued: the event can be handled at once, without two task switches.
    var handleNow: (@MainActor @Sendable (InputEvent) -> Bool)?
    if !pacesFrames {
      handleNow = { @MainActor [weak self] event in self?.handleAtOnce(event) ?? false }
    }
    size = try await driver.start(ProgramInput(input, handleNow: handleNow))
    // The observer hears of the size before the app acts on it, as it does of every event.
    app.inputObserver?(.resize(size))
    // Before the first frame, so the first screen is already drawn for this size.
    app.resize(to: size)
    if recordsSession { recording = KeyScriptRecorder(size: size) }
    let observation = app.store.observe { [weak self] _ in
      guard let self else { return }
      isDirty = true
      // A scripted driver asks for its frames; the real loop needs a turn only for a change an
      // effect made, once however many come before it runs.
      guard pacesFrames, !isHandling, !changePosted else { return }
      changePosted = true
      input.yield(.stateChanged)
    }
    defer { observation.cancel() }
    var frameTask: Task<Void, Never>?

    func drawIfDue() {
      guard frameTask == nil, isDirty else { return }
      let slot = pacer.slot(at: driver.elapsed)
      if slot > driver.elapsed {
        frameTask = Task {
          await driver.sleep(untilElapsed: slot)
          input.yield(.frameDue)
        }
        return
      }
      draw()
    }

    if pacesFrames { drawIfDue() }
    takesInputAtOnce = !pacesFrames
    defer { takesInputAtOnce = false }
    events: for await event in events {
      var fromDriver = true
      switch event {
      case .input(let event):
        isHandling = true
        handle(event)
        isHandling = false
      case .quitSignal:
        isHandling = true
        app.store.send(app.quitAction)
        isHandling = false
      case .timersDue(let fire):
        isHandling = true
        fire()
        isHandling = false
      case .frameRequest(let force):
        if force || pacer.slot(at: driver.elapsed) <= driver.elapsed { draw() }
      case .stateChanged:
        changePosted = false
        fromDriver = false
      case .frameDue:
        frameTask = nil
        fromDriver = false
      case .driverStopped:
        break events
      }
      let isFinished = app.isFinished(app.store.state)
      if pacesFrames, !isFinished {
        // A typed key's frame does not wait for the slot another frame took.
        if case .input(let input) = event, input.isTyped, isDirty,
          keyPacer.slot(at: driver.elapsed) <= driver.elapsed
        {
          keyPacer.recordFrame(at: driver.elapsed)
          draw()
        }
        drawIfDue()
      }
      if fromDriver { driver.didHandle() }
      // A scripted driver lets the app settle and asks for the quitting line's frame first.
      if isFinished, pacesFrames || event.isFrameRequest { break }
    }
    takesInputAtOnce = false
    driver.eventsEnded()
    sessionLength = driver.elapsed
    frameTask?.cancel()
    let deadline = driver.elapsed + Self.exitWorkLimit
    finishedPendingWork = await finishPendingWork { await driver.sleep(untilElapsed: deadline) }
    await driver.stop()
    input.finish()
    if !finishedPendingWork {
      driver.report(unfinishedWork: app.unfinishedWorkMessage())
    }
  }

  /// An input event from a driver that asks for its frames, handled as the loop would handle it
  /// next — the same steps in the same order, with nothing queued before it — but now, in the
  /// caller's turn. `false` before the loop runs and after it ended: the driver then queues it.
  private func handleAtOnce(_ event: InputEvent) -> Bool {
    guard takesInputAtOnce else { return false }
    isHandling = true
    handle(event)
    isHandling = false
    driver.didHandle()
    return true
  }

  /// Applies one input event: a key or paste becomes the app's action; a resize becomes the
  /// app's resize action when the size changed, changes the size of every frame from now on and
  /// forces a full redraw (a resize garbles the screen even at the same size). The only place
  /// the program's size changes.
  private func handle(_ event: InputEvent) {
    app.inputObserver?(event)
    if recording != nil, event != .resize(size) {
      // A terminal may report one resize twice; the script needs it once.
      recording?.record(event, at: driver.elapsed)
    }
    switch event {
    case .key(let key): app.press(key)
    case .paste(let text): app.paste(text)
    case .pointer(let pointer):
      // The user pressed what they saw: the last frame drawn.
      if hitMap == nil, let lastFrame { hitMap = HitMap(lastFrame) }
      if let hitMap { app.point(pointer, on: hitMap) }
    case .resize(let newSize):
      // A terminal may report one size twice; the app hears of a size once.
      if newSize != size { app.resize(to: newSize) }
      size = newSize
      redrawsAll = true
      isDirty = true
    }
  }

  /// Draws the current state if the screen does not show it. A frame drawn before the pacer's
  /// slot — a key's, or a scripted driver's forced frame — is not counted against the rate:
  /// three lines of a script at one instant, or a key, must not hold back the animation frames
  /// after them.
  private func draw() {
    guard isDirty else { return }
    isDirty = false
    let paced = pacer.slot(at: driver.elapsed) <= driver.elapsed
    let frame = app.frame(size: size)
    if app.acceptsPointer {
      lastFrame = frame
      hitMap = nil
    }
    driver.present(frame, redrawingAll: redrawsAll)
    redrawsAll = false
    if paced { pacer.recordFrame(at: driver.elapsed) }
  }

  /// Waits for the effects marked ``Tide/Effect/finishesBeforeExit()``; `false` if they were
  /// still running when `deadline` (slept on by `sleep`) passed.
  private func finishPendingWork(sleepingUntilDeadline sleep: @escaping @Sendable () async -> Void) async -> Bool {
    let (outcome, report) = AsyncStream.makeStream(of: Bool.self)
    let store = app.store
    let waiter = Task {
      await store.finishEffects(id: ExitWork.pending)
      report.yield(true)
    }
    let timer = Task {
      await sleep()
      if !Task.isCancelled { report.yield(false) }
    }
    defer {
      waiter.cancel()
      timer.cancel()
    }
    for await finished in outcome { return finished }
    return false
  }
}

/// What the program's loop reacts to: what its driver sends (through ``ProgramInput``), and what
/// the loop posts to itself.
package enum ProgramEvent: Sendable {
  case input(InputEvent)
  case quitSignal
  /// The store's timers are due: the driver woke for them (see ``Tide/TimerWaker``).
  case timersDue(@MainActor @Sendable () -> Void)
  /// A scripted driver asks for a frame: now (`force`), or only if the pacer allows one now.
  case frameRequest(force: Bool)
  /// An effect changed the state outside any event.
  case stateChanged
  case frameDue
  case driverStopped

  fileprivate var isFrameRequest: Bool {
    if case .frameRequest = self { true } else { false }
  }
}

/// How a ``TerminalDriver`` hands the running program what happened; usable from any thread.
/// The loop takes the events in the order they were sent.
package struct ProgramInput: Sendable {
  fileprivate let continuation: AsyncStream<ProgramEvent>.Continuation
  fileprivate let handleNow: (@MainActor @Sendable (InputEvent) -> Bool)?

  fileprivate init(
    _ continuation: AsyncStream<ProgramEvent>.Continuation, handleNow: (@MainActor @Sendable (InputEvent) -> Bool)?
  ) {
    self.continuation = continuation
    self.handleNow = handleNow
  }

  /// Something the user did.
  package func send(_ event: InputEvent) { continuation.yield(.input(event)) }

  /// Something the user did, handled before this returns — by a program whose driver asks for
  /// its frames, which queues nothing of its own — or else queued as ``send(_:)`` does. A
  /// scripted key then costs no task switch.
  @MainActor
  package func sendNow(_ event: InputEvent) {
    if handleNow?(event) != true { send(event) }
  }

  /// A signal asked the program to end: the loop sends the app's quit action.
  package func quit() { continuation.yield(.quitSignal) }

  /// The store's timers the driver wakes for are due: the loop calls `fire` as an event of its
  /// own, so the ticks' changes are drawn in the same turn, without a turn of their own.
  package func fireTimers(_ fire: @escaping @MainActor @Sendable () -> Void) { continuation.yield(.timersDue(fire)) }

  /// For a driver that does not pace frames itself: draw the state now (`force`), or only when
  /// the frame pacer allows a frame at this instant.
  package func requestFrame(force: Bool) { continuation.yield(.frameRequest(force: force)) }

  /// No more events will come: the loop ends (after the wait for pending work).
  package func stopped() { continuation.yield(.driverStopped) }
}

extension InputEvent {
  /// Whether a person typed it and waits to see it: a key or a paste, not a resize or a
  /// pointer event (a wheel can send hundreds a second).
  fileprivate var isTyped: Bool {
    switch self {
    case .key, .paste: true
    case .resize, .pointer: false
    }
  }
}
