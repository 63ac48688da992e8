/// A screen that shows cells: ncurses for people, in-memory for tests and replay.
///
/// The ``Renderer`` is the only writer: it calls ``clear()`` before a full redraw, ``put(_:atColumn:row:)``
/// for each changed cell, then ``flush()`` once per frame. Nothing appears until `flush()`.
/// Input does not come from here: drivers deliver it to the runtime as ``InputEvent``s.
/// Terminals are not thread-safe; each conforming type documents which thread may use it.
package protocol Terminal: AnyObject {
  /// The current size.
  var size: TerminalSize { get }

  /// Blanks the whole screen, ahead of a full redraw.
  func clear()

  /// Draws `cell` at `column`, `row`; a wide cell also covers the next column.
  func put(_ cell: Cell, atColumn column: Int, row: Int)

  /// Makes everything put since the last flush visible at once.
  func flush()

  /// Shows `title` as the window's title (sanitized, see `WindowTitle`), or for `nil` puts back
  /// the title the terminal had before the app. Between two frames; changes no cell.
  func setTitle(_ title: String?)

  /// Copies `text` to the system clipboard (OSC 52, see `ClipboardCopy`). Between two frames;
  /// changes no cell. A terminal that cannot ignores it.
  func copyToClipboard(_ text: String)

  /// Shows the terminal's own cursor at `position` with the frame flushed next — the focused
  /// text component's caret (see ``Canvas/showCursor(atColumn:row:)``) — or hides it for `nil`.
  func placeCursor(at position: (column: Int, row: Int)?)
}

extension Terminal {
  /// A terminal with no window title ignores it.
  package func setTitle(_ title: String?) {}

  /// A terminal with no clipboard ignores it.
  package func copyToClipboard(_ text: String) {}

  /// A terminal whose picture has no cursor (a replay's, a recording's) ignores it.
  package func placeCursor(at position: (column: Int, row: Int)?) {}
}
