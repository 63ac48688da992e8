import Tide

extension Effect {
  /// Copies `text` to the system clipboard: the terminal's OSC 52 (the clipboard selection,
  /// the text in base64, so nothing in it reaches the terminal as a sequence), written between
  /// two frames. It works where the terminal (or tmux, with `set-clipboard on`) supports OSC 52
  /// — xterm with `allowWindowOps`, kitty, WezTerm, iTerm2, foot, Windows Terminal, over ssh
  /// too; a terminal that does not ignores it and nothing else changes. A text of more than
  /// about 75 kB is not copied at all, rather than copied cut.
  ///
  /// ```swift
  /// case .copyLink:
  ///   return .copyToClipboard(state.link)
  /// ```
  ///
  /// The terminal is the one of the program running the app, found when the reducer returns
  /// the effect: in a replay, the headless terminal records the copy for the test (a key
  /// script's `expect-copied`); outside a program (a `TestStore`) it does nothing. It sends no
  /// action.
  public static func copyToClipboard(_ text: String) -> Self {
    guard let terminal = ProgramTerminal.current else { return .none }
    return .run { _ in await terminal.copy(text) }
  }
}
