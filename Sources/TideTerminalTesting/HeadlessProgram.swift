import Tide
import TideTerminal

/// Runs a `TerminalApp` through its real `Program` loop in memory,
/// so an app's tests drive exactly what its users run: pacing, quit keys and signals, resizes,
/// and the wait for pending saves before the terminal is given back.
///
/// Frames go to an in-memory screen; time is the `VirtualClock` the app's store runs on, so a
/// test decides when time passes. Every `send` returns once the loop has handled the event —
/// an event to await, never a sleep.
///
/// ```swift
/// @Test @MainActor func plusCounts() async throws {
///   let clock = VirtualClock()
///   let program = HeadlessProgram(MyApp.make(clock: clock), clock: clock)
///   await program.start()
///   await program.send(.key(.character("+")))
///   await program.advanceClockToNextDeadline()
///   await program.waitUntil { $0.screenText.contains("count: 1") }
///   await program.sendQuitSignal()
///   try await program.finished()
/// }
/// ```
@MainActor
public final class HeadlessProgram<State, Action: Sendable> {
  private let driver: HeadlessDriver
  private let program: Program<State, Action>
  private var run: Task<Void, any Error>?

  /// The app's store must run on `clock`. The screen is `size` until a resize is sent.
  public init(
    _ app: TerminalApp<State, Action>, clock: VirtualClock,
    size: TerminalSize = TerminalSize(columns: 80, rows: 24), framesPerSecond: Int = 60
  ) {
    driver = HeadlessDriver(size: size, clock: clock)
    program = Program(app, driver: driver, framesPerSecond: framesPerSecond)
  }

  /// Starts the program and returns once it drew its first frame.
  public func start() async {
    guard run == nil else { return }
    let program = self.program
    run = Task { try await program.run() }
    await driver.waitUntil { !$0.frames.isEmpty || $0.stops > 0 }
  }

  /// Delivers `event` as the terminal would, and returns once the loop has handled it and drawn
  /// any frame due now. A frame not yet due waits on the clock (see
  /// ``advanceClockToNextDeadline()``).
  public func send(_ event: InputEvent) async {
    await driver.send(event)
  }

  /// Delivers a quit signal (as SIGTERM or ctrl-c would) and returns once it is handled.
  public func sendQuitSignal() async {
    await driver.sendQuitSignal()
  }

  /// Waits until something sleeps on the clock — the next frame slot, a timer — and moves the
  /// clock to its deadline. Follow it with ``waitUntil(_:)`` for what should happen then.
  public func advanceClockToNextDeadline() async {
    let clock = driver.clock
    await driver.waitUntil { _ in clock.nextDeadline != nil }
    if let deadline = clock.nextDeadline { clock.advance(to: deadline) }
  }

  /// Returns once `condition` holds: checked now and after every frame, handled event, start
  /// and stop, so a test waits for what it expects instead of for time.
  public func waitUntil(_ condition: @escaping (HeadlessProgram) -> Bool) async {
    await driver.waitUntil { [unowned self] _ in condition(self) }
  }

  /// Returns once the program has ended (the app finished or the terminal went away) and gave
  /// the terminal back; rethrows why it could not start.
  public func finished() async throws {
    try await run?.value
  }

  /// The screen now, each row without trailing spaces.
  public var screenText: String { driver.screenText }

  /// Each frame that changed the screen, as text, in order.
  public var frames: [String] { driver.frames }

  /// Whether the program holds the terminal (started and not yet ended).
  public var isRunning: Bool { driver.isActive }

  /// What the program told the user on ending: work that did not finish in time.
  public var unfinishedWorkReports: [String] { driver.reports }

  /// The window title the app set (`TerminalApp`'s `title`), as a terminal shows it — control
  /// characters dropped — or `nil` while the terminal's own shows.
  public var title: String? { driver.terminal.title }

  /// The texts the app copied to the clipboard (`Effect.copyToClipboard(_:)`), in order.
  public var clipboardCopies: [String] { driver.terminal.clipboardCopies }
}
