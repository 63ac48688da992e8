import Synchronization
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
  /// The app. A constant, so that calling into it borrows it rather than copying its functions.
  private let app: TerminalApp<State, Action>
  /// The terminal's background, once the driver found it: the frames' in place of the app's.
  private var background: TerminalBackground?
  private let driver: any TerminalDriver
  private let recordsSession: Bool
  private var pacer: FramePacer
  /// Paces the frames drawn at once for keys and pastes, apart from every other frame.
  private var keyPacer: FramePacer

  /// What the user did, for `--record`: every key, paste, pointer event and resize the app got,
  /// at its time since the start — input only, never what the app showed or read, nor what
  /// reached the program while the app's input was held (``TerminalApp/inputHold``). `nil`
  /// unless the program was created recording, until ``run()`` starts.
  package private(set) var recording: KeyScriptRecorder?
  /// The time from the start to when the app finished (or the terminal went away): the end of
  /// the recorded session, before the wait for unfinished work.
  package private(set) var sessionLength: Duration = .zero
  /// The terminal's size, as the driver reported it at the start or the last resize.
  package private(set) var size = TerminalSize(columns: 0, rows: 0)
  /// Whether the work marked ``Tide/Effect/finishesBeforeExit()`` finished before the end.
  package private(set) var finishedPendingWork = true
  /// The first quit signal that asked the program to end, if one did: a command that ran the
  /// program then exits with 128 + its number, as a shell expects of a process a signal ended.
  package private(set) var quitSignal: Int32?

  /// The hit regions of the last frame drawn and its height, kept when the app accepts pointer
  /// input (the regions alone: the frame itself goes to the driver, not copied), and the map of
  /// them, built at the first pointer event on that frame.
  private var lastHitRegions: (regions: [HitRegion], rows: Int)?
  private var hitMap: HitMap?

  /// Where the app's ``Tide/Effect/copyToClipboard(_:)`` and
  /// ``Tide/Effect/runInTerminal(_:then:)`` effects go: the driver's terminal. Bound around each
  /// event the loop takes; a driver that fires the store's timers itself (a key script's `wait`)
  /// binds it around that too.
  package private(set) lazy var terminal = ProgramTerminal(
    copy: { [driver] text in driver.copyToClipboard(text) },
    handOver: { [weak self, driver] program in
      // The input that started it is the last recorded now: keys typed ahead while the program
      // starts come after it.
      let started = self?.recording?.events.count
      let outcome = await driver.handOver(to: program)
      if let started { self?.recording?.record(program: outcome, afterEvents: started) }
      return outcome
    },
    suspend: { [driver] in await driver.suspend() },
    printAbove: { [driver] lines in driver.printAbove(lines) })

  /// The window title written last (see ``TerminalApp/title``), `nil` for the terminal's own.
  private var shownTitle: String?

  /// Where the loop is, how far the screen is behind, whether a frame slot is awaited.
  private var loop = ProgramLoopState()
  /// Whether the app is finished, as of its store's last drained batch: kept from the program's
  /// creation by a store observer, which is lent the state, where reading `app.store.state` in
  /// this generic code copied it each turn. A store tells its observers in the order they were
  /// added, so the loop's own, which draws, finds it already set; a replay player reads it
  /// between its lines.
  package private(set) var appIsFinished = false
  /// The observation that keeps ``appIsFinished``.
  private var finishWatch: ObservationToken?
  /// Whether the loop draws frames when the pacer allows (see ``TerminalDriver/pacesFrames``).
  private let pacesFrames: Bool
  /// The loop's queue, while it runs.
  private var events: ProgramEventQueue?

  /// Creates a program that draws at most `framesPerSecond` frames a second in the real terminal.
  package convenience init(_ app: TerminalApp<State, Action>, framesPerSecond: Int = 60) {
    self.init(
      app, driver: CursesDriver(reportsPointer: app.acceptsPointer, setsTitle: app.title != nil, screen: app.screen),
      framesPerSecond: framesPerSecond)
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
    self.pacesFrames = driver.pacesFrames
    let isFinished = app.isFinished
    finishWatch = app.store.observe { [weak self] state in self?.appIsFinished = isFinished(state) }
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
    let (stream, continuation) = AsyncStream.makeStream(of: ProgramEvent.self)
    let events = ProgramEventQueue(continuation)
    self.events = events
    let driver = self.driver
    let input = ProgramInput(events) { @MainActor [weak self] event, fromMainThreadLoop in
      self?.takeAtOnce(event, fromMainThreadLoop: fromMainThreadLoop) ?? false
    }
    size = try await driver.start(input)
    // Before the first frame, which is drawn for it.
    background = driver.background
    // The observer hears of the size before the app acts on it, as it does of every event.
    app.inputObserver?(.resize(size))
    // Before the first frame, so the first screen is already drawn for this size.
    ProgramTerminal.$current.withValue(terminal) { app.resize(to: size) }
    if recordsSession { recording = KeyScriptRecorder(size: size) }
    app.inputHold?.released = { [weak self] reason in self?.inputReleased(after: reason) }
    let observation = app.store.observe { [weak self] _ in self?.stateChanged() }
    defer { observation.cancel() }

    if pacesFrames { drawIfDue() }
    loop.phase = .waiting
    for await event in stream {
      events.taken()
      if loop.phase == .ended || !take(event) { break }
    }
    loop.phase = .ended
    driver.eventsEnded()
    sessionLength = driver.elapsed
    if let reason = app.inputHold?.reason {
      recording?.record(comment: Self.holdComment(reason, "it ended there"), at: sessionLength)
    }
    if loop.waitsForFrameSlot { driver.wakeForFrame(atElapsed: nil) }
    let deadline = driver.elapsed + Self.exitWorkLimit
    finishedPendingWork = await finishPendingWork { await driver.sleep(untilElapsed: deadline) }
    await driver.stop()
    events.finish()
    if !finishedPendingWork {
      driver.report(unfinishedWork: app.unfinishedWorkMessage())
    }
  }

  /// The store's state changed (its observer, after a drained batch of actions). Inside an
  /// event the loop draws once the event is handled. Outside any — an effect's change — a loop
  /// whose driver paces frames draws it now if the pacer allows, else asks for the slot: the
  /// store's queue has drained, so a turn of the loop's own would only add a hop. A change that
  /// finished the app ends the loop here when no event waits; one that waits ends it when taken,
  /// as before. A scripted driver asks for its frames.
  private func stateChanged() {
    loop.stateChanged()
    guard pacesFrames else { return }
    switch loop.phase {
    case .starting, .handling, .ended: return
    case .waiting, .finishing: break
    }
    if !appIsFinished {
      drawIfDue()
    } else if events?.isEmpty ?? true {
      end()
    }
  }

  /// Ends the loop outside its own turn: its `for await` wakes to an ended stream.
  private func end() {
    loop.phase = .ended
    events?.finish()
  }

  /// Takes one event of the loop's — handles it, draws what is due, tells the driver — and
  /// returns whether the loop goes on. The app's effects made meanwhile reach this program's
  /// terminal (``ProgramTerminal``).
  private func take(_ event: ProgramEvent) -> Bool {
    QuitWatch.tookStep()
    return ProgramTerminal.$current.withValue(terminal) { takeWithTerminal(event) }
  }

  private func takeWithTerminal(_ event: ProgramEvent) -> Bool {
    loop.phase = .handling
    defer { if loop.phase != .ended { loop.phase = .waiting } }
    var fromDriver = true
    switch event {
    case .input(let event):
      handle(event)
    case .quitSignal(let signal):
      quit(signal: signal)
    case .typedInterrupt(let key, let signal):
      interrupt(typed: key, signal: signal)
    case .timersDue(let fire):
      fire()
    case .frameRequest(let force):
      loop.phase = .finishing
      if force || pacer.slot(at: driver.elapsed) <= driver.elapsed { draw() }
    case .frameDue:
      loop.waitsForFrameSlot = false
      fromDriver = false
    case .driverStopped:
      return false
    }
    loop.phase = .finishing
    let isFinished = appIsFinished
    if pacesFrames, !isFinished {
      // A typed key's frame does not wait for the slot another frame took.
      if event.isTyped, loop.screen != .current,
        keyPacer.slot(at: driver.elapsed) <= driver.elapsed
      {
        keyPacer.recordFrame(at: driver.elapsed)
        draw()
      }
      drawIfDue()
    }
    if fromDriver { driver.didHandle() }
    // A scripted driver lets the app settle and asks for the quitting line's frame first.
    return !(isFinished && (pacesFrames || event.isFrameRequest))
  }

  /// A quit signal: the app's quit action. A function of its own, not inlined into the loop's
  /// step: the send it inlines looks up the app's `Effect` type, at every event the step takes.
  @inline(never)
  private func quit(signal: Int32) {
    QuitWatch.stopping()
    if quitSignal == nil { quitSignal = signal }
    app.store.send(app.quitAction)
  }

  /// Draws now if the state changed and the pacer allows a frame; else asks the driver to wake
  /// the loop at the frame slot (once, however many changes come before it).
  private func drawIfDue() {
    guard !loop.waitsForFrameSlot, loop.screen != .current else { return }
    let now = driver.elapsed
    let slot = pacer.slot(at: now)
    if slot > now {
      pacer.holdFrame(wantedAt: now)
      loop.waitsForFrameSlot = true
      driver.wakeForFrame(atElapsed: slot)
      return
    }
    draw(paced: true)
  }

  /// An event taken as the loop would take it next — the same steps in the same order, with
  /// nothing queued before it — but now, in the caller's turn; `false` (the caller then queues
  /// it) before the loop runs, after it ended, inside another event's turn, or when something
  /// is queued. A driver that asks for its frames queues nothing of its own, so its input is
  /// always taken at once (a scripted key costs no task switch); the real terminal's events are
  /// taken at once when they come from the main thread's run loop between two of the main
  /// actor's jobs (``MainThreadLoop``), so a tick costs no hop through the main queue.
  private func takeAtOnce(_ event: ProgramEvent, fromMainThreadLoop: Bool) -> Bool {
    guard loop.phase == .waiting else { return false }
    if pacesFrames {
      guard fromMainThreadLoop, let events, events.isEmpty else { return false }
    }
    if !take(event) { end() }
    return true
  }

  /// ctrl-c typed on the real terminal, whose tty no longer turns it into SIGINT (see
  /// `TypedSignal`): a key the app binds is that key, and ends the program as SIGINT would
  /// (``quitSignal``) if its action finished the app — tide-demo's ctrl-c quits with 130, as
  /// before; a key it does not bind, or any while the app's input is held (``InputHold``), is
  /// SIGINT's quit exactly, neither recorded nor observed as input, as the signal was not.
  private func interrupt(typed key: Key, signal: Int32) {
    guard app.inputHold?.isHeld != true, app.binds(key) else {
      if quitSignal == nil { quitSignal = signal }
      app.store.send(app.quitAction)
      return
    }
    handle(.key(key))
    if quitSignal == nil, appIsFinished { quitSignal = signal }
  }

  /// Applies one input event: a key or paste becomes the app's action; a resize becomes the
  /// app's resize action when the size changed, changes the size of every frame from now on and
  /// forces a full redraw (a resize garbles the screen even at the same size). The only place
  /// the program's size changes. While the app's input is held, only the size changes (see
  /// ``InputHold``).
  private func handle(_ event: InputEvent) {
    if app.inputHold?.isHeld == true { return handleHeld(event) }
    app.inputObserver?(event)
    if recording != nil, event != .resize(size) {
      // A terminal may report one resize twice; the script needs it once.
      recording?.record(event, at: driver.elapsed)
    }
    switch event {
    case .key(let key): app.press(key, on: size)
    case .paste(let text): app.paste(text, on: size)
    case .pointer(let pointer):
      // The user pressed what they saw: the last frame drawn.
      if hitMap == nil, let lastHitRegions { hitMap = HitMap(regions: lastHitRegions.regions, rows: lastHitRegions.rows) }
      if let hitMap { app.point(pointer, on: hitMap) }
    case .resize(let newSize):
      // A terminal may report one size twice; the app hears of a size once.
      if newSize != size { app.resize(to: newSize) }
      size = newSize
      loop.screen = .garbled
    }
  }

  /// An input event while the app's input is held: the app gets none, so nothing observes or
  /// records it; a resize still sizes the frames, and ctrl-c quits as the signal would.
  private func handleHeld(_ event: InputEvent) {
    switch event {
    case .key(.control("c")): app.store.send(app.quitAction)
    case .key, .paste, .pointer: break
    case .resize(let newSize):
      size = newSize
      loop.screen = .garbled
    }
  }

  /// The app's input is let through again, from a state put in from outside: the script says
  /// so where it happened, and the app hears of the terminal's size now — the state may have
  /// been laid out for another, and a resize while held never reached it.
  private func inputReleased(after reason: String) {
    guard loop.phase != .ended else { return }
    ProgramTerminal.$current.withValue(terminal) {
      let now = driver.elapsed
      recording?.record(comment: Self.holdComment(reason, "it went on from there"), at: now)
      if let recording, recording.currentSize != size { self.recording?.record(.resize(size), at: now) }
      app.inputObserver?(.resize(size))
      app.resize(to: size)
    }
  }

  /// The recorded script's line where a hold ended: what was done, how the app went on.
  private static func holdComment(_ reason: String, _ outcome: String) -> String {
    "here \(reason), and \(outcome): a replay of this script cannot (what was typed meanwhile, held, is left out)"
  }

  /// Draws the current state if the screen does not show it. A frame drawn before the pacer's
  /// slot — a key's, or a scripted driver's forced frame — is not counted against the rate:
  /// three lines of a script at one instant, or a key, must not hold back the animation frames
  /// after them.
  ///
  /// `paced` says whether the caller already found the pacer's slot come, so that a running
  /// animation's frame reads the clock twice, not five times.
  private func draw(paced: Bool? = nil) {
    guard loop.screen != .current else { return }
    let redrawsAll = loop.screen == .garbled
    loop.screen = .current
    let paced = paced ?? {
      let now = driver.elapsed
      return pacer.slot(at: now) <= now
    }()
    let (frame, title) = app.frameAndTitle(size: size, background: background)
    if app.acceptsPointer {
      lastHitRegions = (frame.hitRegions, frame.rows)
      hitMap = nil
    }
    driver.present(consume frame, redrawingAll: redrawsAll)
    if app.title != nil, title != shownTitle {
      shownTitle = title
      driver.setTitle(title)
    }
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

/// What the program's loop reacts to: what its driver sends, through ``ProgramInput``.
package enum ProgramEvent: Sendable {
  case input(InputEvent)
  /// A quit signal, by its number, asked the program to end.
  case quitSignal(Int32)
  /// ctrl-c typed on the real terminal, which stands for the signal (see
  /// ``ProgramInput/interrupt(typed:signal:)``).
  case typedInterrupt(Key, signal: Int32)
  /// The store's timers are due: the driver woke for them (see ``Tide/TimerWaker``).
  case timersDue(@MainActor @Sendable () -> Void)
  /// A scripted driver asks for a frame: now (`force`), or only if the pacer allows one now.
  case frameRequest(force: Bool)
  /// The frame slot the loop asked its driver to wake it for has come
  /// (``TerminalDriver/wakeForFrame(atElapsed:)``).
  case frameDue
  case driverStopped

  fileprivate var isFrameRequest: Bool {
    if case .frameRequest = self { true } else { false }
  }

  /// Whether a person typed it and waits to see it.
  fileprivate var isTyped: Bool {
    switch self {
    case .input(let input): input.isTyped
    case .typedInterrupt: true
    default: false
    }
  }
}

/// The loop's queue of events, counting those not yet taken, so that an event skips it only
/// when nothing waits before it.
final class ProgramEventQueue: Sendable {
  private let continuation: AsyncStream<ProgramEvent>.Continuation
  private let waiting = Atomic<Int>(0)

  init(_ continuation: AsyncStream<ProgramEvent>.Continuation) {
    self.continuation = continuation
  }

  func post(_ event: ProgramEvent) {
    waiting.add(1, ordering: .relaxed)
    continuation.yield(event)
  }

  /// The loop took an event off the queue.
  func taken() { waiting.subtract(1, ordering: .relaxed) }

  var isEmpty: Bool { waiting.load(ordering: .relaxed) == 0 }

  func finish() { continuation.finish() }
}

/// How a ``TerminalDriver`` hands the running program what happened; usable from any thread.
/// The loop takes the events in the order they were sent.
package struct ProgramInput: Sendable {
  fileprivate let events: ProgramEventQueue
  /// Takes an event at once if the loop can (see `Program.takeAtOnce`); the flag says whether
  /// the caller is the main thread's run loop between two of the main actor's jobs.
  fileprivate let takeNow: @MainActor @Sendable (ProgramEvent, Bool) -> Bool

  fileprivate init(_ events: ProgramEventQueue, takeNow: @escaping @MainActor @Sendable (ProgramEvent, Bool) -> Bool) {
    self.events = events
    self.takeNow = takeNow
  }

  /// Takes `event` before this returns when the caller is the main thread's run loop between
  /// two of the main actor's jobs (``MainThreadLoop``) and nothing waits before it — one
  /// thread's turn, without a hop through the main queue — else queues it.
  private func deliver(_ event: ProgramEvent) {
    // There, the main actor runs nothing else: its jobs run only in this thread's drain of the
    // main queue (`main_thread_loop.c`), which the caller is not inside.
    if MainThreadLoop.isHostingThread, MainActor.assumeIsolated({ takeNow(event, true) }) { return }
    events.post(event)
  }

  /// Something the user did.
  package func send(_ event: InputEvent) { deliver(.input(event)) }

  /// Something the user did, handled before this returns — by a program whose driver asks for
  /// its frames, which queues nothing of its own — or else queued as ``send(_:)`` does. A
  /// scripted key then costs no task switch.
  @MainActor
  package func sendNow(_ event: InputEvent) {
    if !takeNow(.input(event), false) { events.post(.input(event)) }
  }

  /// The signal `signal` asked the program to end: the loop sends the app's quit action, and
  /// the program remembers the signal (``Program/quitSignal``).
  package func quit(signal: Int32) { deliver(.quitSignal(signal)) }

  /// `key` (ctrl-c) was typed on a terminal whose tty would have turned it into `signal`
  /// (SIGINT): the loop hands it to the app's binding for it, if any, else takes it as that
  /// quit signal. A program it ends remembers the signal (``Program/quitSignal``).
  package func interrupt(typed key: Key, signal: Int32) { deliver(.typedInterrupt(key, signal: signal)) }

  /// The store's timers the driver wakes for are due: the loop calls `fire` as an event of its
  /// own, so the ticks' changes are drawn in the same turn, without a turn of their own.
  package func fireTimers(_ fire: @escaping @MainActor @Sendable () -> Void) { deliver(.timersDue(fire)) }

  /// The frame slot asked for with ``TerminalDriver/wakeForFrame(atElapsed:)`` has come.
  package func frameSlotReached() { deliver(.frameDue) }

  /// For a driver that does not pace frames itself: draw the state now (`force`), or only when
  /// the frame pacer allows a frame at this instant.
  package func requestFrame(force: Bool) { events.post(.frameRequest(force: force)) }

  /// No more events will come: the loop ends (after the wait for pending work).
  package func stopped() { events.post(.driverStopped) }
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
