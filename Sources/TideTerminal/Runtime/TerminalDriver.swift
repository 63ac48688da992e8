/// What a ``Program`` runs on: it delivers input through a ``ProgramInput``, shows frames, keeps
/// time and gives the terminal back. ``CursesDriver`` is the real terminal (an ncurses thread,
/// signals, the continuous clock); ``HeadlessDriver`` is an in-memory screen on a
/// ``Tide/VirtualClock`` fed by a test or a key script, so the same loop runs in-process.
@MainActor
package protocol TerminalDriver: AnyObject, Sendable {
  /// Takes over the terminal and starts delivering events to `input`, ending with
  /// ``ProgramInput/stopped()`` once no more will come. Returns the terminal's size, or throws
  /// why it cannot start (touching nothing).
  func start(_ input: ProgramInput) async throws -> TerminalSize

  /// The terminal's background as ``start(_:)`` found it, which the program's frames are then
  /// drawn for; `nil` for a driver that leaves it to the app's ``TerminalApp/background``.
  var background: TerminalBackground? { get }

  /// Whether the loop draws frames on its own, when the state changed and the pacer allows
  /// (a terminal someone watches); `false` for a driver that asks for each frame with
  /// ``ProgramInput/requestFrame(force:)`` — a key script, which draws at the end of its lines.
  var pacesFrames: Bool { get }

  /// Called after the loop handled an event this driver sent (and drew any frame due), so a
  /// scripted driver knows when the program has caught up.
  func didHandle()

  /// Called once the loop takes no more events (the app finished or the driver stopped),
  /// before the wait for unfinished work: a driver that woke the store's timers through
  /// ``ProgramInput/fireTimers(_:)`` hands them back to the clock here.
  func eventsEnded()

  /// Shows `frame`; `redrawingAll` when every cell must be written again (after a resize).
  func present(_ frame: consuming Canvas, redrawingAll: Bool)

  /// Shows `title` as the window's title, or puts the terminal's own back for `nil`: called
  /// by the program only when the app's title changes, after the frame that goes with it.
  func setTitle(_ title: String?)

  /// Copies `text` to the system clipboard, for ``Tide/Effect/copyToClipboard(_:)``.
  func copyToClipboard(_ text: String)

  /// Prints `lines` above an inline app's live area, into the scrollback (see
  /// ``Tide/Effect/printAbove(_:)``); a full-screen terminal ignores them.
  func printAbove(_ lines: [String])

  /// Runs `program` on the terminal, for ``Tide/Effect/runInTerminal(_:then:)``, and returns how
  /// it ended; a driver with no terminal to hand over says it could not start.
  func handOver(to program: ExternalProgram) async -> ExternalProgram.Outcome

  /// Stops the process as ctrl-z does, for ``Tide/Effect/suspend(then:)``, until the shell
  /// continues it; returns whether it stopped. A driver with no terminal never stops.
  func suspend() async -> Bool

  /// Time on the driver's clock; frames are paced and the exit wait is bounded on it.
  var elapsed: Duration { get }

  /// Calls ``ProgramInput/frameSlotReached()`` once `elapsed` reaches `deadline`, replacing the
  /// wake asked for before; `nil` cancels it. The loop of a driver that paces frames waits for
  /// a frame slot this way, so the real terminal's wait for input can end at the slot too — one
  /// thread waking, instead of a sleeping task's timer thread and pool thread.
  func wakeForFrame(atElapsed deadline: Duration?)

  /// Sleeps until `elapsed` reaches `deadline` (or the task is cancelled).
  func sleep(untilElapsed deadline: Duration) async

  /// Gives the terminal back (cooked mode, echo, cursor, normal screen) and returns once no
  /// event can be sent any more.
  func stop() async

  /// Tells the user, after the terminal is restored, that work did not finish before exit.
  func report(unfinishedWork message: String)
}

extension TerminalDriver {
  /// None: the app's ``TerminalApp/background`` stands.
  package var background: TerminalBackground? { nil }
}
