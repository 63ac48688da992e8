/// What the runtime loop reacts to, whichever driver delivers it: the curses driver reads them
/// from the terminal and the signal handlers, the headless driver from a script or a test.
public enum TerminalEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// Text pasted at once (bracketed paste), delivered whole so it never runs as commands.
  case paste(String)
  /// The terminal now has this size; the next frame redraws every cell.
  case resize(TerminalSize)
  /// SIGINT, SIGTERM, SIGHUP or SIGQUIT asked the program to end: it sends the app's quit action.
  case quitSignal
}
