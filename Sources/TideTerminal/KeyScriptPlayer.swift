import Tide

/// Replays a ``KeyScript`` against a ``TerminalApp`` headlessly, on a ``VirtualClock``, so the
/// same script gives the same screens on every run and every machine.
///
/// After every key, resize and wait the player lets the store settle: it awaits the store's own
/// count of effect tasks until every one has finished or is asleep on the virtual clock. A
/// `wait` then moves the clock from one sleeper's deadline to the next, settling after each, so
/// timers fire at their exact instants.
///
/// Frames: at the end of every line the screen is brought up to date (so `expect` sees the
/// state). While a `wait` runs, changed states are drawn at most `framesPerSecond` times per
/// second of virtual time, as the real program would.
@MainActor
public final class KeyScriptPlayer<State, Action: Sendable> {
  /// A frame the renderer wrote.
  public struct Frame: Sendable, Equatable {
    /// 1 for the first frame.
    public var number: Int
    /// The script line that led to it (0 for the first frame, drawn before the script starts).
    public var line: Int
    /// The text of that line, or `start`.
    public var source: String
    /// The screen, each row with its trailing spaces removed.
    public var screen: String
  }

  /// An `expect` or `expect-not` that did not hold.
  public struct ExpectationFailure: Error, Sendable, CustomStringConvertible {
    /// The script file.
    public var file: String
    /// The line of the expectation.
    public var line: Int
    /// The expectation as written.
    public var source: String
    /// The screen it was checked against.
    public var screen: String

    /// The failure as `FILE:LINE: expectation failed: …` followed by the screen.
    public var description: String {
      "\(file):\(line): expectation failed: \(source)\n--- screen\n\(screen)"
    }
  }

  /// How a replay ended.
  public enum Outcome: Sendable, Equatable {
    /// Every line ran.
    case completed
    /// The app quit at this line; the lines after it were not run.
    case quit(line: Int)
  }

  private let app: TerminalApp<State, Action>
  private let clock: VirtualClock
  private let terminal: HeadlessTerminal
  private var renderer = Renderer()
  private var pacer: FramePacer
  private var isDirty = true
  private var frameCount = 0
  private var token: ObservationToken?

  /// Called for each frame written.
  public var onFrame: ((Frame) -> Void)?
  /// Called with the screen for each `screen` line.
  public var onScreen: ((String) -> Void)?

  /// Creates a player. `app`'s store must use `clock`, so that `wait` controls all its time.
  public init(
    app: TerminalApp<State, Action>, clock: VirtualClock,
    size: TerminalSize = TerminalSize(columns: 80, rows: 24), framesPerSecond: Int = 60
  ) {
    self.app = app
    self.clock = clock
    self.terminal = HeadlessTerminal(columns: size.columns, rows: size.rows)
    self.pacer = FramePacer(framesPerSecond: framesPerSecond)
  }

  /// The screen now, each row with its trailing spaces removed.
  public var screenText: String { terminal.screenText() }

  /// What the renderer has written so far.
  public var statistics: RenderStatistics {
    RenderStatistics(
      frames: renderer.framesWritten, cells: renderer.cellsWritten, bytes: renderer.bytesWritten)
  }

  /// Runs every line of `script`; throws the first expectation that fails.
  @discardableResult
  public func play(_ script: KeyScript) async throws(ExpectationFailure) -> Outcome {
    if token == nil {
      token = app.store.observe { [weak self] _ in self?.isDirty = true }
      await settle()
      draw(line: 0, source: "start")
    }
    for step in script.steps {
      switch step.command {
      case .keys, .type:
        for key in step.command.pressedKeys {
          app.press(key)
          await settle()
          if app.isFinished(app.store.state) {
            draw(line: step.line, source: step.source)
            return .quit(line: step.line)
          }
        }
      case .wait(let duration):
        let target = clock.now.advanced(by: duration)
        while clock.wakeNext(notAfter: target) {
          await settle()
          if app.isFinished(app.store.state) {
            draw(line: step.line, source: step.source)
            return .quit(line: step.line)
          }
          if pacer.slot(at: clock.now.offset) <= clock.now.offset {
            draw(line: step.line, source: step.source)
          }
        }
        clock.advance(to: target)
        await settle()
      case .resize(let size):
        terminal.resize(columns: size.columns, rows: size.rows)
        // A resize blanks the screen, even to the same size: redraw all of it, as ScreenThread does.
        renderer.invalidate()
        isDirty = true
      case .expect(let text), .expectNot(let text):
        draw(line: step.line, source: step.source)
        let screen = terminal.screenText()
        let expectsPresence = if case .expect = step.command { true } else { false }
        if screen.contains(text) != expectsPresence {
          throw ExpectationFailure(file: script.file, line: step.line, source: step.source, screen: screen)
        }
      case .screen:
        draw(line: step.line, source: step.source)
        onScreen?(terminal.screenText())
      case .paste:
        // Pastes reach an app once the runtime has paste events (issue 9); until then tide-demo
        // refuses scripts with `paste` before running them, so this is never a silent pass there.
        break
      }
      draw(line: step.line, source: step.source)
    }
    return .completed
  }

  private func settle() async {
    await app.store.waitUntilIdle(on: clock)
  }

  /// Brings the screen up to date if anything changed, reporting the frame if cells changed.
  private func draw(line: Int, source: String) {
    guard isDirty else { return }
    isDirty = false
    let before = renderer.framesWritten
    renderer.render(app.frame(size: terminal.size), to: terminal)
    pacer.recordFrame(at: clock.now.offset)
    guard renderer.framesWritten > before else { return }
    frameCount += 1
    onFrame?(Frame(number: frameCount, line: line, source: source, screen: terminal.screenText()))
  }
}
