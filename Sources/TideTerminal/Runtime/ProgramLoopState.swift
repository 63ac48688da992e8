/// What a ``Program``'s loop is in: where it is in its run, how far the screen is behind the
/// state, and whether its driver is to wake it for a frame slot. Each is one value, so that a
/// combination the loop cannot be in (handling an event after it ended, a full redraw of a
/// screen that shows the state) cannot be written.
struct ProgramLoopState {
  /// Where the loop is in its run.
  enum Phase: Equatable {
    /// Before the loop takes events: an event the driver sends waits in the queue.
    case starting
    /// Waiting for its next event: one may be taken at once, in the sender's turn.
    case waiting
    /// The app is handling an event: a change it makes is drawn when the event is done.
    case handling
    /// The event is handled; the loop draws what is due and tells the driver. Another event
    /// waits in the queue.
    case finishing
    /// The loop takes no more events, though its `for await` may not have woken to see it.
    case ended
  }

  /// How far the screen is behind the state.
  enum Screen: Equatable {
    /// It shows the current state.
    case current
    /// The state changed since the last frame.
    case behind
    /// Every cell must be written again (the first frame, after a resize).
    case garbled
  }

  var phase = Phase.starting
  var screen = Screen.garbled
  /// Whether the driver was asked to wake the loop at a frame slot and has not yet.
  var waitsForFrameSlot = false

  /// The state changed: the screen is behind it, unless it already needs redrawing whole.
  mutating func stateChanged() {
    if screen == .current { screen = .behind }
  }
}
