import Tide

/// The Stopwatch screen: elapsed time, running or stopped, and laps.
///
/// Every instant comes from the store's clock through timer effects, never from a clock of the
/// feature's own: a timer's ticks carry the instant they were due, as the time since the store
/// was created. Elapsed time is accumulated + (last instant − start); adding up ticks would
/// drift and depend on the tick rate.
///
/// Starting, stopping and recording a lap need the instant of the key press itself, which
/// falls between two ticks. Such a press waits in ``State/pending`` and asks for a reading: a
/// timer whose first tick is due at once, so its instant is the press's; that tick applies the
/// press, and the timer is cancelled. The running ticks keep their rhythm from the start, and a
/// stop 10 ms after a tick reads 10 ms more: laps and stops are exact.
package struct StopwatchFeature: Reducer, Sendable {
  /// One recorded lap.
  package struct Lap: Equatable, Sendable {
    /// 1 for the first lap.
    package var number: Int
    /// Elapsed time when the lap was recorded.
    package var total: Duration
    /// Time since the previous lap (or the start).
    package var split: Duration
  }

  /// A key press waiting for the instant it happened at.
  package enum Press: Equatable, Sendable {
    /// Start or stop.
    case toggle
    /// Record a lap.
    case lap
    /// Back to zero: waits only behind an earlier press, so that it sees the state it follows.
    case reset
  }

  /// The stopwatch's readings, all instants on the store's clock (time since the store began).
  package struct State: Equatable, Sendable {
    /// Time accumulated by earlier runs.
    package var accumulated: Duration = .zero
    /// The instant the current run started; `nil` while stopped.
    package var startedAt: Duration?
    /// The instant of the last tick or reading.
    package var lastReading: Duration = .zero
    /// Laps, newest first.
    package var laps: [Lap] = []
    /// Presses waiting for their reading, which is due at once.
    package var pending: [Press] = []

    /// A stopped stopwatch at zero.
    package init() {}

    /// Whether the stopwatch is running.
    package var isRunning: Bool { startedAt != nil }

    /// Elapsed time as of the last reading.
    package var elapsed: Duration {
      accumulated + (startedAt.map { lastReading - $0 } ?? .zero)
    }
  }

  /// What the stopwatch can do.
  package enum Action: Equatable, Sendable {
    /// Starts or stops.
    case toggle
    /// Records a lap (while running).
    case lap
    /// Back to zero, laps cleared (while stopped).
    case reset
    /// A running stopwatch's tick, due at `at` on the store's clock: it only redraws.
    case tick(at: Duration)
    /// The instant of the pending presses, read from the store's clock.
    case reading(at: Duration)
  }

  /// How often a running stopwatch redraws: at the runtime's frame rate, 60 times a second.
  package static let tickInterval: Duration = .seconds(1) / 60

  private enum TimerID: Hashable, Sendable {
    case ticks
    case reading
  }

  /// The stopwatch, stopped at zero until started.
  package init() {}

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      return press(.toggle, on: &state)
    case .lap:
      return press(.lap, on: &state)
    case .reset:
      return press(.reset, on: &state)
    case .tick(let instant):
      // A tick delivered late never moves the display back past a reading.
      if state.isRunning { state.lastReading = max(state.lastReading, instant) }
      return .none
    case .reading(let instant):
      return apply(at: instant, on: &state)
    }
  }

  private func press(_ press: Press, on state: inout State) -> Effect<Action> {
    guard state.pending.isEmpty else {
      // A reading is on its way: this press happened at the same instant, after the others.
      state.pending.append(press)
      return .none
    }
    switch press {
    case .lap where !state.isRunning, .reset where state.isRunning:
      return .none
    case .reset:
      state = State()
      return .none
    case .toggle, .lap:
      state.pending = [press]
      // A timer's first tick, due at once, is how an effect hands the reducer the store's time.
      return .timer(after: .zero, every: Self.tickInterval) { .reading(at: $0) }
        .cancellable(id: TimerID.reading, cancelInFlight: true)
    }
  }

  private func apply(at instant: Duration, on state: inout State) -> Effect<Action> {
    let reading = Effect<Action>.cancel(id: TimerID.reading)
    // Only the reading timer sends readings, and it is cancelled at its first: a reading
    // without a press is one sent by hand, and changes nothing.
    guard !state.pending.isEmpty else { return reading }
    let wasRunning = state.isRunning
    state.lastReading = instant
    let presses = state.pending
    state.pending = []
    for press in presses {
      switch press {
      case .toggle:
        if let startedAt = state.startedAt {
          state.accumulated += instant - startedAt
          state.startedAt = nil
        } else {
          state.startedAt = instant
        }
      case .lap:
        guard state.isRunning else { continue }
        let total = state.elapsed
        let split = total - (state.laps.first?.total ?? .zero)
        state.laps.insert(Lap(number: state.laps.count + 1, total: total, split: split), at: 0)
      case .reset:
        guard !state.isRunning else { continue }
        state = State()
      }
    }
    switch (wasRunning, state.isRunning) {
    case (false, true):
      // Ticks from the start instant on: the reading's instant is now.
      return .merge(
        reading,
        .interval(every: Self.tickInterval) { .tick(at: $0) }.cancellable(id: TimerID.ticks, cancelInFlight: true))
    case (true, false):
      return .merge(reading, .cancel(id: TimerID.ticks))
    default:
      return reading
    }
  }
}

extension Duration {
  /// `MM:SS.CC`, or `H:MM:SS.CC` from one hour; centiseconds are truncated, never rounded up.
  ///
  /// Truncated from the nearest nanosecond, the finest a clock reads: below it is the rounding
  /// of tick arithmetic (1/60 s is 16,666,666,666,666,666 attoseconds, so the 15th tick falls 10
  /// attoseconds short of 250 ms and must still read `00:00.25`).
  package var stopwatchText: String {
    let (seconds, attoseconds) = (self + .nanoseconds(1) / 2).components
    let total = max(0, seconds)
    let centiseconds = seconds < 0 ? 0 : Int(attoseconds / 10_000_000_000_000_000)
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let secs = total % 60
    func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let tail = "\(two(minutes)):\(two(secs)).\(two(Int64(centiseconds)))"
    return hours > 0 ? "\(hours):\(tail)" : tail
  }
}
