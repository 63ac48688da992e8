import Foundation
import Tide

/// Runs a ``TerminalApp`` in the real terminal through ncurses until it finishes.
///
/// The main actor owns the store and draws each frame into a ``Canvas``; a dedicated thread owns
/// ncurses, writes the changed cells and reads keys. Nothing wakes up while nothing happens:
/// the main actor awaits the next key, signal, state change or frame slot, and the screen thread
/// sleeps until a key arrives or it is handed a frame. Frames are drawn after the store's queue
/// has drained, at most `framesPerSecond` a second, and not at all when nothing changed.
///
/// SIGINT, SIGTERM and SIGHUP send the app's quit action. The terminal is restored on every exit
/// path — quit, signal or a thrown error — by the screen thread as it ends.
@MainActor
public final class Program<State, Action: Sendable> {
  private let app: TerminalApp<State, Action>
  private let framesPerSecond: Int
  private var screen: ScreenThread?

  private enum Event: Sendable {
    case key(Key)
    case signal
    case stateChanged
    case frameDue
    case screenStopped
  }

  /// Creates a program that draws at most `framesPerSecond` frames a second.
  public init(_ app: TerminalApp<State, Action>, framesPerSecond: Int = 60) {
    self.app = app
    self.framesPerSecond = framesPerSecond
  }

  /// What the renderer has written so far.
  public var statistics: RenderStatistics { screen?.statistics ?? RenderStatistics() }

  /// Takes over the terminal and runs until the app is finished; the terminal is restored when
  /// this returns or throws.
  public func run() async throws {
    let (events, input) = AsyncStream.makeStream(of: Event.self)
    let screen = ScreenThread()
    self.screen = screen
    let signals = SignalWatcher { _ in input.yield(.signal) }
    defer { signals.cancel() }
    try await screen.start(
      onKey: { input.yield(.key($0)) },
      onStop: { input.yield(.screenStopped) })
    let clock = ContinuousClock()
    let start = clock.now
    var pacer = FramePacer(framesPerSecond: framesPerSecond)
    var isDirty = true
    var frameScheduled = false
    let token = app.store.observe { _ in input.yield(.stateChanged) }
    defer { token.cancel() }

    func drawIfDue() {
      guard isDirty, !frameScheduled else { return }
      let now = clock.now - start
      let slot = pacer.slot(at: now)
      if slot > now {
        frameScheduled = true
        Task { [clock] in
          try? await clock.sleep(until: start + slot)
          input.yield(.frameDue)
        }
        return
      }
      screen.draw(app.frame(size: screen.size))
      pacer.recordFrame(at: now)
      isDirty = false
    }

    drawIfDue()
    for await event in events {
      switch event {
      case .key(.resize):
        isDirty = true
      case .key(let key):
        app.press(key)
      case .signal:
        app.store.send(app.quitAction)
      case .stateChanged:
        isDirty = true
      case .frameDue:
        frameScheduled = false
      case .screenStopped:
        return
      }
      if app.isFinished(app.store.state) { break }
      drawIfDue()
    }
    let finished = await finishPendingWork(within: .seconds(5))
    screen.stop()
    for await event in events {
      if case .screenStopped = event { break }
    }
    if !finished {
      FileHandle.standardError.write(Data((app.unfinishedWorkMessage() + "\n").utf8))
    }
  }

  /// Waits for the effects marked ``Tide/Effect/finishesBeforeExit()``; `false` if they were
  /// still running after `limit`.
  private func finishPendingWork(within limit: Duration) async -> Bool {
    let (outcome, report) = AsyncStream.makeStream(of: Bool.self)
    let store = app.store
    let waiter = Task {
      await store.finishEffects(id: ExitWork.pending)
      report.yield(true)
    }
    let timer = Task {
      try? await Task.sleep(for: limit)
      report.yield(false)
    }
    defer {
      waiter.cancel()
      timer.cancel()
    }
    for await finished in outcome { return finished }
    return false
  }
}
