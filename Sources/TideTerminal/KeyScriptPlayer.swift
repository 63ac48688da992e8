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

  /// A script line that comes after the line where the app quit, so it never ran.
  public struct LinesAfterQuit: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script file.
    public var file: String
    /// The first line after the quit.
    public var line: Int
    /// The line where the app quit.
    public var quitLine: Int

    /// `FILE:LINE: the app quit at line N; this line never ran`.
    public var description: String {
      "\(file):\(line): the app quit at line \(quitLine); this line never ran"
    }
  }

  /// Why a replay failed (exit status 1 in `tide-demo replay`).
  public enum Failure: Error, Sendable, CustomStringConvertible {
    /// An `expect` or `expect-not` did not hold.
    case expectation(ExpectationFailure)
    /// The app quit while script lines remained.
    case linesAfterQuit(LinesAfterQuit)

    /// The message for standard error.
    public var description: String {
      switch self {
      case .expectation(let failure): failure.description
      case .linesAfterQuit(let failure): failure.description
      }
    }
  }

  /// How a replay ended.
  public enum Outcome: Sendable, Equatable {
    /// Every line ran.
    case completed
    /// The app quit at this line, the script's last.
    case quit(line: Int)
  }

  private let app: TerminalApp<State, Action>
  private let clock: VirtualClock
  private let driver: HeadlessDriver
  private let loop: RuntimeLoop<State, Action>
  private var hasStarted = false
  private var frameCount = 0

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
    let driver = HeadlessDriver(size: size, clock: clock)
    self.driver = driver
    self.loop = RuntimeLoop(app: app, size: size, framesPerSecond: framesPerSecond) { frame, redrawingAll in
      driver.present(frame, redrawingAll: redrawingAll)
    }
  }

  /// The screen now, each row with its trailing spaces removed.
  public var screenText: String { driver.screenText }

  /// What the renderer has written so far.
  public var statistics: RenderStatistics { driver.statistics }

  /// Runs every line of `script`; throws the first expectation that fails, or — when the app
  /// quits before the last line — that the lines after the quit never ran.
  @discardableResult
  public func play(_ script: KeyScript) async throws(Failure) -> Outcome {
    if !hasStarted {
      hasStarted = true
      loop.start()
      await settle()
      draw(line: 0, source: "start")
    }
    for step in script.steps {
      switch step.command {
      case .keys, .type:
        for key in step.command.pressedKeys {
          loop.handle(.key(key))
          await settle()
          if loop.isFinished {
            if let failure = endAtQuit(step, in: script) { throw failure }
            return .quit(line: step.line)
          }
        }
      case .paste(let text):
        loop.handle(.paste(text))
        await settle()
        if loop.isFinished {
          if let failure = endAtQuit(step, in: script) { throw failure }
          return .quit(line: step.line)
        }
      case .wait(let duration):
        let target = clock.now.advanced(by: duration)
        while clock.wakeNext(notAfter: target) {
          await settle()
          if loop.isFinished {
            if let failure = endAtQuit(step, in: script) { throw failure }
            return .quit(line: step.line)
          }
          if let slot = loop.frameSlot(at: clock.now.offset), slot <= clock.now.offset {
            draw(line: step.line, source: step.source)
          }
        }
        clock.advance(to: target)
        await settle()
      case .resize(let size):
        driver.terminal.resize(columns: size.columns, rows: size.rows)
        loop.handle(.resize(size))
      case .expect(let text), .expectNot(let text):
        draw(line: step.line, source: step.source)
        let screen = driver.screenText
        let expectsPresence = if case .expect = step.command { true } else { false }
        if screen.contains(text) != expectsPresence {
          throw .expectation(ExpectationFailure(file: script.file, line: step.line, source: step.source, screen: screen))
        }
      case .screen:
        draw(line: step.line, source: step.source)
        onScreen?(driver.screenText)
      }
      draw(line: step.line, source: step.source)
    }
    return .completed
  }

  /// Draws the last frame of the quitting line and returns the failure if a script line comes
  /// after it: a replay that silently skipped its remaining checks would pass falsely.
  ///
  /// Not a typed-throwing function: the Swift 6.3 optimizer crashes on one here in release
  /// builds (FunctionSignatureOpts).
  private func endAtQuit(_ step: KeyScript.Step, in script: KeyScript) -> Failure? {
    draw(line: step.line, source: step.source)
    guard let unrun = script.steps.first(where: { $0.line > step.line }) else { return nil }
    return .linesAfterQuit(LinesAfterQuit(file: script.file, line: unrun.line, quitLine: step.line))
  }

  private func settle() async {
    await app.store.waitUntilIdle(on: clock)
  }

  /// Brings the screen up to date if anything changed, reporting the frame if cells changed.
  private func draw(line: Int, source: String) {
    let before = driver.statistics.frames
    loop.draw(at: clock.now.offset)
    guard driver.statistics.frames > before else { return }
    frameCount += 1
    onFrame?(Frame(number: frameCount, line: line, source: source, screen: driver.screenText))
  }
}
