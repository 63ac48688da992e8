/// Where an app draws: the whole screen, or inline below the shell's prompt.
///
/// ```swift
/// TerminalApp(
///   store: store, screen: .inline(maximumHeight: 10, onExit: .clear),
///   view: Picker.draw, keyAction: Picker.action, quitAction: .cancel, isFinished: \.isDone)
/// ```
public enum ScreenMode: Sendable, Hashable {
  /// The alternate screen, the whole of it: what the shell showed comes back at the exit.
  case fullScreen
  /// Drawn in the lines below the cursor — as many as the frame takes (up to its last row that
  /// shows anything), at most `maximumHeight` and never more than the screen — with the shell's
  /// scrollback above left as it was. The app's canvas is the terminal's width by that maximum
  /// (the screen's height when smaller), and its ``TerminalApp`` `resizeAction` hears of that
  /// size. Lines printed with ``Tide/Effect/printAbove(_:)`` go into the scrollback above the
  /// live area. The app draws on the terminal device, so standard input and output may be
  /// pipes: keys come from the terminal, and standard output carries what the app's
  /// ``TerminalApp`` `exitResult` prints, after the terminal is given back. At the exit the
  /// last frame stays, the prompt below it, or is cleared, as `onExit` says.
  ///
  /// An inline app takes no pointer input, whatever its `acceptsPointer`: the terminal reports
  /// a press by its row on the screen, and where the live area's lines are on the screen is
  /// known only by asking for the cursor's position, whose answer (`CSI row ; column R`) reads
  /// the same as a modified F3 key. The terminal's own text selection keeps working instead.
  case inline(maximumHeight: Int, onExit: InlineExit = .keepLastFrame)

  /// The rows an app in this mode draws on a terminal `size` big.
  package func canvasSize(onScreen size: TerminalSize) -> TerminalSize {
    switch self {
    case .fullScreen: size
    case .inline(let maximumHeight, _):
      TerminalSize(columns: size.columns, rows: max(1, min(maximumHeight, size.rows)))
    }
  }
}

/// What an inline app leaves in the terminal when it ends (see
/// ``ScreenMode/inline(maximumHeight:onExit:)``).
public enum InlineExit: Sendable, Hashable {
  /// Its last frame stays where it was drawn, the shell's prompt on the line below it.
  case keepLastFrame
  /// Its lines are erased, the shell's prompt where the app began.
  case clear
}
