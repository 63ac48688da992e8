import Tide

/// Replays a ``KeyScript`` against a ``TerminalApp`` headlessly, on a Tide `VirtualClock`, so the
/// same script gives the same screens on every run and every machine.
///
/// The player is a driver of the app's ``Program``: the script's keys, pastes and resizes are
/// the program's input, delivered on the virtual clock, and the program's own loop handles them
/// as it handles a terminal's. After every key, paste and wait the player lets the store
/// settle: it awaits the store's own count of effect tasks until every one has finished or is
/// asleep on the virtual clock. A `wait` then moves the clock from one sleeper's deadline to the
/// next, settling after each, so timers fire at their exact instants.
///
/// A `click` or `scroll` line first brings the screen up to date, then points at its cell, or at
/// the first cell of the first place the screen shows its text (a screen without it fails the
/// line as an `expect` would).
///
/// Frames: with ``onFrame`` set, the screen is brought up to date at the end of every line, and
/// while a `wait` runs changed states are also drawn at most `framesPerSecond` times per second
/// of virtual time, as the real program would. Without a frame watcher only what looks at the
/// screen draws it — `expect`, `screen`, `click`, `scroll`, the quitting line and the end of
/// the script — so a replay of a million keys draws a handful of frames, and an hour of a
/// 20 Hz timer costs only its ticks.
@MainActor
package final class KeyScriptPlayer<State, Action: Sendable> {
  /// A frame the renderer wrote.
  package struct Frame: Sendable, Equatable {
    /// 1 for the first frame.
    package var number: Int
    /// The script line that led to it (0 for the first frame, drawn before the script starts).
    package var line: Int
    /// The text of that line, or `start`.
    package var source: String
    /// The screen as drawn: every cell with its style, for exports such as casts and SVGs.
    package var canvas: Canvas
    /// The screen, each row with its trailing spaces removed.
    package var screen: String { canvas.text() }
  }

  /// An `expect`, `expect-not`, `expect-style`, `expect-title` or `expect-copied` that did not hold.
  package struct ExpectationFailure: Error, Sendable, CustomStringConvertible {
    /// The script file.
    package var file: String
    /// The line of the expectation.
    package var line: Int
    /// The expectation as written.
    package var source: String
    /// The screen it was checked against.
    package var screen: String
    /// What was found instead, when the screen alone does not say (a style).
    package var detail: String? = nil

    /// The failure as `FILE:LINE: expectation failed: …` followed by the screen.
    package var description: String {
      "\(escapedName(file)):\(line): expectation failed: \(source)\(detail.map { " (\($0))" } ?? "")\n--- screen\n\(screen)"
    }
  }

  /// A script line that comes after the line where the app quit, so it never ran.
  package struct LinesAfterQuit: Error, Sendable, Equatable, CustomStringConvertible {
    /// The script file.
    package var file: String
    /// The first line after the quit.
    package var line: Int
    /// The line where the app quit.
    package var quitLine: Int

    /// `FILE:LINE: the app quit at line N; this line never ran`.
    package var description: String {
      "\(escapedName(file)):\(line): the app quit at line \(quitLine); this line never ran"
    }
  }

  /// Why a replay failed (exit status 1 of a `replay` command).
  package enum Failure: Error, Sendable, CustomStringConvertible {
    /// An `expect` or `expect-not` did not hold.
    case expectation(ExpectationFailure)
    /// The app quit while script lines remained.
    case linesAfterQuit(LinesAfterQuit)

    /// The message for standard error.
    package var description: String {
      switch self {
      case .expectation(let failure): failure.description
      case .linesAfterQuit(let failure): failure.description
      }
    }
  }

  /// How a replay ended.
  package enum Outcome: Sendable, Equatable {
    /// Every line ran.
    case completed
    /// The app quit at this line, the script's last.
    case quit(line: Int)
    /// ``stopRequested`` asked to stop before this line ran, or — `partly` — inside it (a
    /// `wait`, a line of many keys) before it ended: the screen shows what ran.
    case stopped(line: Int, partly: Bool)
  }

  private let app: TerminalApp<State, Action>
  private let clock: VirtualClock
  private let driver: HeadlessDriver
  private let program: Program<State, Action>
  private var run: Task<Void, Never>?
  /// Whether the app is done, as of the store's last round: the program's flag, kept by an
  /// observer that is lent the state (``Program/appIsFinished``), so a timer's tick in a `wait`
  /// tests a flag.
  private var isFinished: Bool { program.appIsFinished }
  private var frameCount = 0
  /// The driver's frame count when a frame was last reported.
  private var reportedFrames = 0

  /// Called for each frame written. Setting it also draws the frames due inside each `wait`.
  package var onFrame: ((Frame) -> Void)?
  /// Called with the screen for each `screen` line.
  package var onScreen: ((String) -> Void)?
  /// Called with each pointer event a `click` or `scroll` line delivers, before the program
  /// handles it (a cast records it as input).
  package var onPointer: ((PointerEvent) -> Void)?
  /// Called with each window title the app sets (`nil`: the terminal's own back), as the
  /// terminal takes it (a cast records it as output).
  package var onTitle: ((String?) -> Void)? {
    get { driver.onTitle }
    set { driver.onTitle = newValue }
  }
  /// Called with each text the app copies to the clipboard (a cast records its OSC 52).
  package var onCopy: ((String) -> Void)? {
    get { driver.onCopy }
    set { driver.onCopy = newValue }
  }
  /// Asked before each line and between the timer firings of a `wait`: `true` stops the replay
  /// there, with the screen as the lines before left it (a replay a signal interrupted).
  package var stopRequested: (() -> Bool)?

  /// Creates a player. `app`'s store must use `clock`, so that `wait` controls all its time.
  package init(
    app: TerminalApp<State, Action>, clock: VirtualClock,
    size: TerminalSize = TerminalSize(columns: 80, rows: 24), framesPerSecond: Int = 60
  ) {
    self.app = app
    self.clock = clock
    // The clock is driven from here, on the main actor: effects running on the same thread
    // hand each tick over without waking another thread.
    app.store.runEffects(on: MainQueueTaskExecutor.shared)
    let driver = HeadlessDriver(size: size, clock: clock, pacesFrames: false, screen: app.screen)
    driver.keepsFrameTexts = false
    self.driver = driver
    self.program = Program(app, driver: driver, framesPerSecond: framesPerSecond)
  }

  isolated deinit {
    // Without this the program's loop would wait for input forever.
    run?.cancel()
    let driver = self.driver
    Task { await driver.end() }
  }

  /// The screen now: an inline app's printed lines and live area (see
  /// ``HeadlessDriver/screenMode``), or the full-screen app's frame.
  package var screen: Canvas { driver.terminal.screen }

  /// The screen now, each row with its trailing spaces removed.
  package var screenText: String { driver.screenText }

  /// The terminal's size now: the size the player was created with until a `resize` line
  /// changes it.
  package var size: TerminalSize { run == nil ? driver.terminal.size : program.size }

  /// What the renderer has written so far.
  package var statistics: RenderStatistics { driver.statistics }

  /// Runs every line of `script`; throws the first expectation that fails, or — when the app
  /// quits before the last line — that the lines after the quit never ran.
  @discardableResult
  package func play(_ script: KeyScript) async throws(Failure) -> Outcome {
    // The settle awaits the store's nonisolated activity counter: without this preference
    // every wait for it would hop to the global executor and back.
    try await withTaskExecutorPreference(MainQueueTaskExecutor.shared) { () async throws(Failure) -> Outcome in
      // The timers a `wait` fires run here, not in the program's loop: an effect they make
      // reaches this program's terminal too.
      let outcome: Result<Outcome, Failure> = await ProgramTerminal.$current.withValue(program.terminal) {
        do throws(Failure) {
          return .success(try await playLines(of: script))
        } catch {
          return .failure(error)
        }
      }
      return try outcome.get()
    }
  }

  /// Ends the program as the end of a session would: it waits for the work marked
  /// ``Tide/Effect/finishesBeforeExit()`` (pending saves), so the next replay reads what this one
  /// wrote. Returns whether that work finished. Playing after this does nothing.
  @discardableResult
  package func finish() async -> Bool {
    guard let run else { return true }
    await driver.end()
    await run.value
    return program.finishedPendingWork
  }

  private func playLines(of script: KeyScript) async throws(Failure) -> Outcome {
    if run == nil {
      let program = self.program
      run = Task { try? await program.run() }
      await driver.waitUntil { $0.isActive }
      await settle()
      await draw(line: 0, source: "start")
    }
    var previous: KeyScript.Step?
    for step in script.steps {
      if stopRequested?() == true { return await stop(before: step, after: previous) }
      defer { previous = step }
      switch step.command {
      case .keys, .type, .paste, .resize:
        for event in step.command.inputEvents {
          // A line may be long (a `type` of 400,000 characters takes seconds): a stop asked
          // for inside it is heard between two of its events, as inside a `wait`.
          if stopRequested?() == true { return await stop(before: step, after: step) }
          await driver.send(event)
          await settle()
          if isFinished { return try await quit(at: step, in: script).get() }
        }
      case .wait(let duration):
        let target = clock.now.advanced(by: duration)
        while clock.wakeNext(notAfter: target) {
          // A timer's tick fired by `wakeNext` has settled by now: tested here, without an
          // `async` call, whose hops to the main actor and back would be most of a tick.
          if !app.store.effectsAreIdle { await settle() }
          if isFinished { return try await quit(at: step, in: script).get() }
          if stopRequested?() == true { return await stop(before: step, after: step) }
          // Frames inside a wait are only for whoever watches them (`--frames`, a cast); an
          // `expect` or the final screen needs the state at the end of the line only.
          if onFrame != nil { await draw(line: step.line, source: step.source, force: false) }
        }
        clock.advance(to: target)
        await settle()
      case .expect(let text), .expectNot(let text):
        await draw(line: step.line, source: step.source)
        let screen = driver.screenText
        let expectsPresence = if case .expect = step.command { true } else { false }
        // The standard library's search, by Characters; `contains` would pick Foundation's
        // overload wherever Foundation is visible, and link it into every app.
        if (screen.firstRange(of: text) != nil) != expectsPresence {
          throw .expectation(ExpectationFailure(file: script.file, line: step.line, source: step.source, screen: screen))
        }
      case .expectStyle(let text, let role):
        await draw(line: step.line, source: step.source)
        if let detail = styleMismatch(of: text, role: role) {
          throw .expectation(
            ExpectationFailure(file: script.file, line: step.line, source: step.source, screen: driver.screenText, detail: detail))
        }
      case .expectTitle(let text), .expectCopied(let text):
        await draw(line: step.line, source: step.source)
        let found: String?
        if case .expectTitle = step.command {
          found = driver.terminal.title
          if (found ?? "") == text { break }
        } else {
          found = driver.terminal.clipboardCopies.last
          if found == text { break }
        }
        let detail = found.map { found in
          "found " + found.quotedLiteral(
            escaping: isEscapedInMessages, as: { "\\u{\(String($0.value, radix: 16, uppercase: true))}" })
        } ?? "found none"
        throw .expectation(
          ExpectationFailure(file: script.file, line: step.line, source: step.source, screen: driver.screenText, detail: detail))
      case .program(let outcome):
        driver.programOutcome = { _ in outcome }
      case .screen:
        await draw(line: step.line, source: step.source)
        onScreen?(driver.screenText)
      case .click(let target), .scroll(_, _, let target):
        // The pointer goes where the screen shows its target now, as a user's would.
        await draw(line: step.line, source: step.source)
        guard let cell = cell(of: target) else {
          throw .expectation(ExpectationFailure(file: script.file, line: step.line, source: step.source, screen: driver.screenText))
        }
        for event in pointerEvents(of: step.command, at: cell) {
          onPointer?(event)
          await driver.send(.pointer(event))
          await settle()
          if isFinished { return try await quit(at: step, in: script).get() }
        }
      }
      // A frame per line only for whoever watches frames; `expect`, `screen`, a pointer's
      // target and the end of the script draw for themselves, and the renderer's diff makes
      // the last screen the same however many frames came before it.
      if onFrame != nil { await draw(line: step.line, source: step.source) }
    }
    if let last = script.steps.last { await draw(line: last.line, source: last.source) }
    return .completed
  }

  /// Draws the last frame of the quitting line; a script line after it is an error, since a
  /// replay that silently skips its remaining checks would pass falsely.
  ///
  /// A `Result` rather than `throws(Failure)`: Swift 6.3's optimizer crashes on this method
  /// with a typed throw of the generic class's nested type (FunctionSignatureOpts, `-c release`).
  private func quit(at step: KeyScript.Step, in script: KeyScript) async -> Result<Outcome, Failure> {
    await draw(line: step.line, source: step.source)
    if let unrun = script.steps.first(where: { $0.line > step.line }) {
      return .failure(.linesAfterQuit(LinesAfterQuit(file: script.file, line: unrun.line, quitLine: step.line)))
    }
    return .success(.quit(line: step.line))
  }

  /// Brings the screen up to date with what ran — up to `previous`, the line last run (or
  /// partly run), if any — and stops before `step` ends.
  private func stop(before step: KeyScript.Step, after previous: KeyScript.Step?) async -> Outcome {
    await draw(line: previous?.line ?? 0, source: previous?.source ?? "start")
    return .stopped(line: step.line, partly: previous?.line == step.line)
  }

  /// Why the first place the screen shows `text` is not drawn all in the theme's `role`, or
  /// `nil` when it is.
  private func styleMismatch(of text: String, role: String) -> String? {
    let screen = driver.terminal.screen
    guard let start = screen.firstCell(showing: text) else { return "the screen does not show it" }
    // As the canvas drew it: an adaptive colour's side for the app's background.
    let expected = (app.theme.role(named: role) ?? .plain).resolved(for: app.background)
    var column = start.column
    var remaining = text.displayWidth
    while remaining > 0, column < screen.columns {
      let cell = screen[column, start.row]
      if !cell.isContinuation, cell.style != expected {
        return "column \(column + 1) of row \(start.row + 1) is drawn in \(cell.style.summary); \(role) is \(expected.summary)"
      }
      remaining -= max(1, Int(cell.width))
      column += max(1, Int(cell.width))
    }
    return nil
  }

  /// The 0-based cell a `click` or `scroll` points at on the current screen; `nil` when the
  /// screen does not show its text or has no such cell.
  private func cell(of target: KeyScript.PointerTarget) -> (column: Int, row: Int)? {
    let screen = driver.terminal.screen
    switch target {
    case .cell(let column, let row):
      guard column <= screen.columns, row <= screen.rows else { return nil }
      return (column - 1, row - 1)
    case .text(let text):
      return screen.firstCell(showing: text)
    }
  }

  /// A click's press and release, or a scroll's notches, at `cell`.
  private func pointerEvents(of command: KeyScript.Command, at cell: (column: Int, row: Int)) -> [PointerEvent] {
    switch command {
    case .scroll(let direction, let notches, _):
      let event = PointerEvent(direction == .up ? .scrollUp : .scrollDown, column: cell.column, row: cell.row)
      return Array(repeating: event, count: notches)
    default:
      return [
        PointerEvent(.press(.left), column: cell.column, row: cell.row),
        PointerEvent(.release(.left), column: cell.column, row: cell.row),
      ]
    }
  }

  private func settle() async {
    await app.store.waitUntilIdle()
  }

  /// Brings the screen up to date if anything changed (with `force` off: only if the pacer
  /// allows a frame now), reporting the frame if cells changed.
  private func draw(line: Int, source: String, force: Bool = true) async {
    await driver.requestFrame(force: force)
    // Since the last frame reported: lines an inline app printed above its live area change
    // the screen without a frame of the app's.
    guard driver.statistics.frames > reportedFrames else { return }
    reportedFrames = driver.statistics.frames
    frameCount += 1
    onFrame?(Frame(number: frameCount, line: line, source: source, canvas: driver.terminal.screen))
  }
}
