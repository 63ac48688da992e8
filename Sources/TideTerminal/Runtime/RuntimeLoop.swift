import Tide

/// The one runtime loop's logic: events go to the store, state changes mark the screen dirty, and
/// frames are drawn when the pacer allows — for ``Program`` in a real or headless terminal and
/// for ``KeyScriptPlayer`` alike. It owns no clock and no thread: the caller says what time it is
/// and hands it events, so the same rules run on real and on virtual time.
@MainActor
final class RuntimeLoop<State, Action: Sendable> {
  let app: TerminalApp<State, Action>
  /// The terminal's size, as the last ``TerminalEvent/resize(_:)`` reported it.
  private(set) var size: TerminalSize
  /// Whether the screen no longer shows the current state.
  private(set) var isDirty = true
  private var redrawsAll = true
  private var pacer: FramePacer
  private var token: ObservationToken?
  private let present: (Canvas, _ redrawingAll: Bool) -> Void

  /// A loop drawing `app` at `size`, at most `framesPerSecond` frames a second, handing each
  /// frame to `present` (with `true` when every cell must be written again).
  init(
    app: TerminalApp<State, Action>, size: TerminalSize, framesPerSecond: Int,
    present: @escaping (Canvas, _ redrawingAll: Bool) -> Void
  ) {
    self.app = app
    self.size = size
    self.pacer = FramePacer(framesPerSecond: framesPerSecond)
    self.present = present
  }

  /// Starts watching the store; `onChange` runs after each state change marked the screen dirty.
  func start(onChange: @escaping () -> Void = {}) {
    guard token == nil else { return }
    token = app.store.observe { [weak self] _ in
      self?.isDirty = true
      onChange()
    }
  }

  /// Stops watching the store.
  func stop() {
    token?.cancel()
    token = nil
  }

  /// Whether the app quit.
  var isFinished: Bool { app.isFinished(app.store.state) }

  /// Applies one event: a key or paste becomes the app's action, a resize changes the size and
  /// forces a full redraw (a resize garbles the screen even at the same size), a quit signal
  /// sends the quit action.
  func handle(_ event: TerminalEvent) {
    switch event {
    case .key(.resize):
      break  // sizes arrive as `.resize(size)`
    case .key(let key):
      app.press(key)
    case .paste(let text):
      app.paste(text)
    case .resize(let newSize):
      size = newSize
      redrawsAll = true
      isDirty = true
    case .quitSignal:
      app.store.send(app.quitAction)
    }
  }

  /// When a frame wanted at `now` may be drawn, or `nil` when the screen is up to date.
  func frameSlot(at now: Duration) -> Duration? {
    isDirty ? pacer.slot(at: now) : nil
  }

  /// Draws the current state if the screen does not show it; `now` is recorded for pacing.
  func draw(at now: Duration) {
    guard isDirty else { return }
    isDirty = false
    present(app.frame(size: size), redrawsAll)
    redrawsAll = false
    pacer.recordFrame(at: now)
  }

  /// Waits for the effects marked ``Tide/Effect/finishesBeforeExit()``; `false` if they were
  /// still running when `deadline` (slept on by `sleep`) passed.
  func finishPendingWork(sleepingUntilDeadline sleep: @escaping @Sendable () async -> Void) async -> Bool {
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
