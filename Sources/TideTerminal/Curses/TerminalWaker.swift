import CNcurses

/// Wakes a ``CursesTerminal`` blocked in ``CursesTerminal/readEvent(timeout:)`` so its thread can
/// draw a frame an effect produced. The only part of the terminal that other threads may use.
package struct TerminalWaker: Sendable {
  init() {}

  /// Makes the pending or next `readEvent` return `nil` at once. Safe from any thread.
  package func wake() {
    tide_input_wake()
  }
}
