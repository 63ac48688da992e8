/// A screen that shows cells and a source of keys: ncurses for people, in-memory for tests and replay.
///
/// The ``Renderer`` is the only writer: it calls ``clear()`` before a full redraw, ``put(_:atColumn:row:)``
/// for each changed cell, then ``flush()`` once per frame. Nothing appears until `flush()`.
/// Terminals are not thread-safe; each conforming type documents which thread may use it.
public protocol Terminal: AnyObject {
  /// The current size; it changes after a ``Key/resize`` key is read.
  var size: TerminalSize { get }

  /// Takes over the screen (raw input, alternate screen). Must be balanced by ``restore()``.
  func begin() throws

  /// Blanks the whole screen, ahead of a full redraw.
  func clear()

  /// Draws `cell` at `column`, `row`; a wide cell also covers the next column.
  func put(_ cell: Cell, atColumn column: Int, row: Int)

  /// Makes everything put since the last flush visible at once.
  func flush()

  /// The next key; `nil` if none arrived within `timeout`. A `nil` timeout waits as long as the
  /// terminal has a way to produce input (an in-memory terminal with no queued keys returns at once).
  func readKey(timeout: Duration?) -> Key?

  /// Gives the screen back: cooked mode, echo, visible cursor, normal screen. Idempotent, so it can
  /// be called from every exit path.
  func restore()
}
