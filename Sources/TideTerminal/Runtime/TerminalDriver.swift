/// What a ``Program`` runs on: it delivers input as ``TerminalEvent``s, shows frames, keeps time
/// and gives the terminal back. ``CursesDriver`` is the real terminal (an ncurses thread,
/// signals, the continuous clock); ``HeadlessDriver`` is an in-memory screen on a
/// ``Tide/VirtualClock`` whose events a test sends, so the interactive program is testable in-process.
@MainActor
package protocol TerminalDriver: AnyObject, Sendable {
  /// Takes over the terminal and starts delivering events to `send`; `stopped` is called once
  /// when no more events will come. Returns the terminal's size, or throws why it cannot start
  /// (touching nothing).
  func start(
    sending send: @escaping @Sendable (TerminalEvent) -> Void,
    stopped: @escaping @Sendable () -> Void
  ) async throws -> TerminalSize

  /// Called after the loop handled an event this driver sent and drew any frame due, so a
  /// scripted driver knows when the program has caught up.
  func didHandle(_ event: TerminalEvent)

  /// Shows `frame`; `redrawingAll` when every cell must be written again (after a resize).
  func present(_ frame: Canvas, redrawingAll: Bool)

  /// Time since ``start(sending:stopped:)``, on the driver's clock.
  var elapsed: Duration { get }

  /// Sleeps until `elapsed` reaches `deadline` (or the task is cancelled).
  func sleep(untilElapsed deadline: Duration) async

  /// Gives the terminal back (cooked mode, echo, cursor, normal screen) and returns once no
  /// event can be sent any more.
  func stop() async

  /// Tells the user, after the terminal is restored, that work did not finish before exit.
  func report(unfinishedWork message: String)
}
