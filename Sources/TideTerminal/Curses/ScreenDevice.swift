/// What the screen thread (``ScreenThread``) runs an app on: the whole screen through ncurses
/// (``CursesTerminal``) or the lines below the prompt (``InlineScreen``). One thread does
/// everything with it, from ``begin()`` to ``restore()``.
protocol ScreenDevice: Terminal {
  /// Takes over the terminal; balanced by ``restore()``.
  func begin() throws
  /// Gives the terminal back, on every ordered way out. Safe to call more than once.
  func restore()
  /// What the terminal says of itself (its background when `forBackground`, the keyboard
  /// protocol), asked once after ``begin()``.
  func askTerminal(forBackground: Bool) -> TerminalAnswers
  /// Turns on modified keys in the best form `answers` allow; every way out turns them off.
  func turnOnModifiedKeys(_ answers: TerminalAnswers)
  /// The next input, a resize, or `nil` when `timeout` passes or the thread is woken.
  func readEvent(timeout: Duration?) -> InputEvent?
  /// Stops the process for ctrl-z when it came, and returns whether it did (the last frame is
  /// then drawn again whole).
  func suspendIfAsked() -> Bool
  /// Stops the process as ctrl-z does, for ``Tide/Effect/suspend(then:)``, and returns whether
  /// it did (not where ctrl-z was ignored at the start); the last frame is then drawn again whole.
  func suspend() -> Bool
  /// Whether the last frame is to be drawn again whole; asking clears it.
  func takeRepaintRequest() -> Bool
  /// Draws `frame`, diffed by `renderer` against the last one.
  func render(_ frame: consuming Canvas, with renderer: inout Renderer)
  /// Runs `program` on the terminal and returns how it ended.
  func handOver(to program: ExternalProgram) -> ExternalProgram.Outcome
  /// Prints `lines` above an inline app's live area.
  func printAbove(_ lines: [String])
}

extension Renderer {
  /// Draws the last frame again whole on `device`, as after ``invalidate()``.
  mutating func repaint(on device: some ScreenDevice) {
    guard let frame = lastFrame else { return }
    invalidate()
    device.render(frame, with: &self)
  }
}
