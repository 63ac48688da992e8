import CNcurses

/// Ends a run that a quit signal cannot stop whole because it is stuck in one step.
///
/// A quit signal is acted on where the run can stop whole: a live app's loop takes it as the
/// quit action, a replay between two script lines. A run busy in one long step — building a
/// 200-million-item list before its first line, one reducer call that does not return — never
/// gets there, and `timeout 5 app …`, whose one SIGTERM is all it sends, would wait for ever.
/// So the first quit signal of a watched run (``begin()`` … ``end()``) arms a timer. The run
/// *takes steps* (``tookStep()``: the program took an event) and *stops* (``stopping()``: it saw
/// the signal and stops in order from there). When a whole ``grace`` passes with neither, the
/// timer's handler waits for any file write under way (``holdingEnd(_:)``: a write is never
/// cut), removes what ``removeOnEnd(file:folder:)`` named, puts the terminal back as a crash
/// does, says so on standard error and ends the process as the signal's default action would
/// (status 128 + N).
///
/// A run that keeps taking steps is slow, not stuck: the grace starts again after each period
/// with a step, so a busy machine never turns a slow, orderly stop into a cut one. The timer
/// is a POSIX timer whose signal is handled in place: an app still runs on one thread.
package enum QuitWatch {
  /// How long a run may go without a step once a quit signal came.
  package static let grace: Duration = .seconds(2)

  /// Starts watching a run, once its quit signal handlers are installed.
  package static func begin() {
    // Without the timer a stuck run waits for a second signal, as it did before.
    _ = tide_quit_watch_begin(Int(grace.components.seconds * 1000))
  }

  /// Stops watching: the run is over.
  package static func end() {
    tide_quit_watch_end()
  }

  /// The run saw its quit signal and stops in order from here; the watch stands down.
  package static func stopping() {
    tide_quit_watch_end()
  }

  /// The run took a step: it is slow, not stuck.
  @inline(__always)
  package static func tookStep() {
    tide_quit_watch_step()
  }

  /// Runs `body` — a file write — so that the watch never ends the process inside it.
  package static func holdingEnd<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
    tide_quit_watch_hold(1)
    defer { tide_quit_watch_hold(-1) }
    return try body()
  }

  /// Makes the watch, ending the process, also discard the terminal's unread input, until
  /// ``end()``: keys typed for a live app are not the shell's to run.
  package static func discardsTypedInputOnEnd() {
    tide_quit_watch_flush_input_on_end(1)
  }

  /// Names a file and then its folder to remove if the watch ends the process (a temporary
  /// copy); `nil` names none.
  package static func removeOnEnd(file: String?, folder: String?) {
    tide_quit_watch_remove_on_end(file, folder)
  }
}
