import Tide

/// Runs a ``TerminalApp`` in the terminal until it finishes.
///
/// One loop turns events — keys, pastes, resizes, quit signals, state changes and frame slots —
/// into actions and frames. A driver feeds it: by default the real terminal (an ncurses thread
/// that sleeps until input or a frame arrives, signal handling, the continuous clock); in tests
/// an in-memory screen on a virtual clock. Nothing wakes up while nothing happens. Frames are
/// drawn after the store's queue has drained, at most `framesPerSecond` a second, and not at
/// all when nothing changed.
///
/// SIGINT, SIGTERM, SIGHUP and SIGQUIT send the app's quit action. When the app is finished,
/// the program waits (at most five seconds) for effects marked
/// ``Tide/Effect/finishesBeforeExit()``, then restores the terminal — on every exit path.
@MainActor
public final class Program<State, Action: Sendable> {
  private let app: TerminalApp<State, Action>
  private let framesPerSecond: Int
  private let driver: any TerminalDriver
  private let recordsSession: Bool

  /// What the user did, for `tide-demo --record`: every key, paste and resize the driver
  /// delivered, at its time since the start — input only, never what the app showed or read.
  /// `nil` unless the program was created recording, until ``run()`` starts.
  package private(set) var recording: KeyScriptRecorder?
  /// The time from the start to when the app finished (or the terminal went away): the end of
  /// the recorded session, before the wait for unfinished work.
  package private(set) var sessionLength: Duration = .zero
  private var recordedSize: TerminalSize?

  private enum Event: Sendable {
    case input(TerminalEvent)
    case stateChanged
    case frameDue
    case driverStopped
  }

  /// Creates a program that draws at most `framesPerSecond` frames a second in the real terminal.
  public convenience init(_ app: TerminalApp<State, Action>, framesPerSecond: Int = 60) {
    self.init(app, driver: CursesDriver(), framesPerSecond: framesPerSecond)
  }

  /// Creates a program on `driver`, e.g. a ``HeadlessDriver`` in tests; with `recordsSession`,
  /// ``recording`` collects the user's input.
  package init(
    _ app: TerminalApp<State, Action>, driver: any TerminalDriver, framesPerSecond: Int = 60,
    recordsSession: Bool = false
  ) {
    self.app = app
    self.driver = driver
    self.framesPerSecond = framesPerSecond
    self.recordsSession = recordsSession
  }

  /// How long ``run()`` waits for work marked ``Tide/Effect/finishesBeforeExit()``.
  package static var exitWorkLimit: Duration { .seconds(5) }

  /// Takes over the terminal and runs until the app is finished; the terminal is restored when
  /// this returns or throws.
  public func run() async throws {
    // The loop awaits its event stream, whose wake-ups would otherwise each pass through a
    // thread of the global pool on the way back to the main actor.
    try await withTaskExecutorPreference(MainQueueTaskExecutor.shared) {
      try await runLoop()
    }
  }

  private func runLoop() async throws {
    let (events, input) = AsyncStream.makeStream(of: Event.self)
    let driver = self.driver
    let size = try await driver.start(
      sending: { input.yield(.input($0)) },
      stopped: { input.yield(.driverStopped) })
    let loop = RuntimeLoop(app: app, size: size, framesPerSecond: framesPerSecond) { frame, redrawingAll in
      driver.present(frame, redrawingAll: redrawingAll)
    }
    if recordsSession {
      recording = KeyScriptRecorder(size: size)
      recordedSize = size
    }
    loop.start { input.yield(.stateChanged) }
    defer { loop.stop() }
    var frameTask: Task<Void, Never>?

    func drawIfDue() {
      guard frameTask == nil, let slot = loop.frameSlot(at: driver.elapsed) else { return }
      if slot > driver.elapsed {
        frameTask = Task {
          await driver.sleep(untilElapsed: slot)
          input.yield(.frameDue)
        }
        return
      }
      loop.draw(at: driver.elapsed)
    }

    drawIfDue()
    events: for await event in events {
      switch event {
      case .input(let event):
        record(event)
        loop.handle(event)
      case .stateChanged: break
      case .frameDue: frameTask = nil
      case .driverStopped: break events
      }
      if !loop.isFinished { drawIfDue() }
      if case .input(let handled) = event { driver.didHandle(handled) }
      if loop.isFinished { break }
    }
    sessionLength = driver.elapsed
    frameTask?.cancel()
    let deadline = driver.elapsed + Self.exitWorkLimit
    let finished = await loop.finishPendingWork { await driver.sleep(untilElapsed: deadline) }
    await driver.stop()
    input.finish()
    if !finished {
      driver.report(unfinishedWork: app.unfinishedWorkMessage())
    }
  }

  /// Adds the user's input to ``recording``; a quit signal is not input (the recording ends
  /// there, and its replay ends on the screen shown then).
  private func record(_ event: TerminalEvent) {
    guard recording != nil else { return }
    let elapsed = driver.elapsed
    switch event {
    case .key(let key): recording?.record(.key(key), at: elapsed)
    case .paste(let text): recording?.record(.paste(text), at: elapsed)
    case .resize(let size):
      // A terminal may report one resize twice; the script needs it once.
      if size != recordedSize { recording?.record(.resize(size), at: elapsed) }
      recordedSize = size
    case .quitSignal: break
    }
  }
}
