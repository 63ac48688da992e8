import Tide

/// A small animation that says work is going on: a frame at a time, on a timer that runs only
/// while the spinner spins.
///
/// ``Action/start`` starts an interval effect on the store's clock (so replays and tests drive
/// it on virtual time) and ``Action/stop`` cancels it: a stopped spinner costs nothing, not even
/// a wake-up. Give each spinner of one store its own ``State/id``, which names its timer.
///
/// ```swift
/// // reducer: return .send(.spinner(.start)); later .send(.spinner(.stop))
/// // view:    Spinner.draw(state.spinner, in: Rect(column: 0, row: 0, width: 2, height: 1), on: &canvas)
/// ```
public struct Spinner: Reducer, Sendable {
  /// The frames, the one shown, and whether it spins.
  public struct State: Equatable, Sendable {
    /// The frames, shown in turn; each should be as wide as the others.
    public var frames: [String]
    /// The time between frames.
    public var interval: Duration
    /// The index of the frame shown.
    public var frame: Int
    /// Whether the timer runs.
    public var isSpinning: Bool
    /// Names the spinner's timer: spinners of one store need different ids.
    public let id: Int

    /// A stopped spinner showing the first of `frames`, which change every `interval` once
    /// started.
    public init(frames: [String] = Spinner.dots, interval: Duration = .milliseconds(100), id: Int = 0) {
      precondition(!frames.isEmpty, "A spinner needs at least one frame.")
      precondition(interval > .zero, "A spinner's interval must be positive.")
      self.frames = frames
      self.interval = interval
      frame = 0
      isSpinning = false
      self.id = id
    }

    /// The frame shown.
    package var currentFrame: String { frames[frame % frames.count] }
  }

  /// What a spinner can do.
  public enum Action: Equatable, Sendable {
    /// Starts the timer (nothing when already spinning).
    case start
    /// Stops and cancels the timer.
    case stop
    /// The timer's tick: the next frame.
    case tick
  }

  /// Braille dots, ten frames: `⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏`.
  public static let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
  /// A turning line in ASCII: `|/-\`.
  public static let line = ["|", "/", "-", "\\"]

  private struct TimerID: Hashable, Sendable {
    let id: Int
  }

  /// A spinner.
  public init() {}

  /// Applies `action`; see ``Action``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      guard !state.isSpinning else { return .none }
      state.isSpinning = true
      return .interval(.tick, every: state.interval).cancellable(id: TimerID(id: state.id), cancelInFlight: true)
    case .stop:
      guard state.isSpinning else { return .none }
      state.isSpinning = false
      return .cancel(id: TimerID(id: state.id))
    case .tick:
      // A tick already on its way when the spinner stopped changes nothing.
      guard state.isSpinning else { return .none }
      state.frame = (state.frame + 1) % state.frames.count
      return .none
    }
  }

  /// A spinner takes no keys; an empty table, so it composes with others like any component's.
  public static let keys = KeyMap<Action>([])

  /// Draws the current frame at the start of `rect`'s first row, in `style` (the theme's
  /// ``Theme/accent`` unless given).
  public static func draw(_ state: State, in rect: Rect, on canvas: inout Canvas, style: Style? = nil) {
    guard !rect.isEmpty else { return }
    canvas.draw(
      state.currentFrame, atColumn: rect.column, row: rect.row, style: style ?? canvas.theme.accent, maxWidth: rect.width)
  }
}

extension Spinner: Component {
  /// None: a spinner takes no keys.
  public static func keys(for state: State) -> KeyMap<Action> { keys }

  /// Draws a spinner in the theme's roles; it has no focus to mark and no region to press.
  public static func draw(
    _ state: State, in rect: Rect, on canvas: inout Canvas, isFocused: Bool,
    sending: (@Sendable (Action) -> any Sendable)?
  ) {
    draw(state, in: rect, on: &canvas, style: nil)
  }
}
