/// Something the user did, as the terminal reports it: the one input type that the program's
/// loop handles, the session recorder records and a key script replays.
///
/// Whichever driver delivers it — the real terminal, a key script, a test — the loop treats it
/// the same way: a key or paste becomes the app's action, a pointer event the action of the hit region under
/// it, a resize changes the size of every
/// frame from then on.
public enum InputEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// Text pasted at once (bracketed paste), delivered whole so it never runs as commands.
  case paste(String)
  /// The terminal now has this size; the next frame redraws every cell.
  case resize(TerminalSize)
  /// A mouse press, release or wheel notch, for apps that accept pointer input.
  case pointer(PointerEvent)
}
