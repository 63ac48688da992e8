import Foundation
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

  /// Creates a program on `driver`, e.g. a ``HeadlessDriver`` in tests.
  package init(_ app: TerminalApp<State, Action>, driver: any TerminalDriver, framesPerSecond: Int = 60) {
    self.app = app
    self.driver = driver
    self.framesPerSecond = framesPerSecond
  }

  /// How long ``run()`` waits for work marked ``Tide/Effect/finishesBeforeExit()``.
  package static var exitWorkLimit: Duration { .seconds(5) }

  /// What the renderer has written so far.
  public var statistics: RenderStatistics { driver.statistics }

  /// Takes over the terminal and runs until the app is finished; the terminal is restored when
  /// this returns or throws.
  public func run() async throws {
    let (events, input) = AsyncStream.makeStream(of: Event.self)
    let driver = self.driver
    let size = try await driver.start(
      sending: { input.yield(.input($0)) },
      stopped: { input.yield(.driverStopped) })
    let loop = RuntimeLoop(app: app, size: size, framesPerSecond: framesPerSecond) { frame, redrawingAll in
      driver.present(frame, redrawingAll: redrawingAll)
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
      case .input(let event): loop.handle(event)
      case .stateChanged: break
      case .frameDue: frameTask = nil
      case .driverStopped: break events
      }
      if !loop.isFinished { drawIfDue() }
      if case .input(let handled) = event { driver.didHandle(handled) }
      if loop.isFinished { break }
    }
    frameTask?.cancel()
    let deadline = driver.elapsed + Self.exitWorkLimit
    let finished = await loop.finishPendingWork { await driver.sleep(untilElapsed: deadline) }
    await driver.stop()
    input.finish()
    if !finished {
      driver.report(unfinishedWork: app.unfinishedWorkMessage())
    }
  }
}
