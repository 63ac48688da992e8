import Tide

extension Effect {
  /// Prints `lines` above an inline app's live area (see
  /// ``ScreenMode/inline(maximumHeight:onExit:)``), into the terminal's scrollback, where they
  /// stay after the app ends: a log of what the app did, as a package manager prints each
  /// package it installed above its progress bar.
  ///
  /// ```swift
  /// case .downloaded(let name):
  ///   return .printAbove(["✓ \(name)"])
  /// ```
  ///
  /// Between two frames the live area is erased, the lines written where it began (a string
  /// holding line breaks is several lines; control characters are dropped, so a line cannot
  /// move the cursor or change the terminal; a line longer than the terminal's width wraps as
  /// the shell's output does), and the live area drawn again below them — never one over the
  /// other. A full-screen app has no scrollback to print to: its lines are dropped, as Bubble
  /// Tea's `Println` does. A replay shows them (`--frames`, the cast, the SVG) above the frame,
  /// and outside a program (a `TestStore`) it does nothing. It sends no action.
  public static func printAbove(_ lines: [String]) -> Self {
    guard let terminal = ProgramTerminal.current else { return .none }
    let split = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    return .run { _ in await terminal.printAbove(split) }
  }
}
