import Tide

/// The Stopwatch screen: elapsed time from the clock, running or stopped, and laps.
///
/// Elapsed time is always accumulated + (now − started), read from the store's clock; the
/// interval effect's ticks only bring `lastReading` up to date so the view redraws. Adding up
/// ticks would drift and depend on the tick rate.
package struct StopwatchFeature: Reducer {
  /// One recorded lap.
  package struct Lap: Equatable, Sendable {
    /// 1 for the first lap.
    package var number: Int
    /// Elapsed time when the lap was recorded.
    package var total: Duration
    /// Time since the previous lap (or the start).
    package var split: Duration
  }

  /// The stopwatch's readings.
  package struct State: Equatable, Sendable {
    /// Time accumulated by earlier runs.
    package var accumulated: Duration = .zero
    /// When the current run started, on the clock; `nil` while stopped.
    package var startedAt: Duration?
    /// The clock's reading at the last tick, start or stop.
    package var lastReading: Duration = .zero
    /// Laps, newest first.
    package var laps: [Lap] = []

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
    /// The interval effect's tick: read the clock again.
    case tick
  }

  /// How often a running stopwatch redraws: 20 times a second.
  package static let tickInterval: Duration = .milliseconds(50)

  private enum TimerID: Hashable, Sendable { case ticks }

  private let now: @Sendable () -> Duration

  /// Creates the feature reading time from `clock` — the same clock the store runs its
  /// interval on.
  package init(clock: any Clock<Duration>) {
    self.now = Self.reader(clock)
  }

  private static func reader<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
    let origin = clock.now
    return { origin.duration(to: clock.now) }
  }

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      let reading = now()
      state.lastReading = reading
      if let startedAt = state.startedAt {
        state.accumulated += reading - startedAt
        state.startedAt = nil
        return .cancel(id: TimerID.ticks)
      }
      state.startedAt = reading
      return .interval(.tick, every: Self.tickInterval).cancellable(id: TimerID.ticks, cancelInFlight: true)
    case .lap:
      guard state.isRunning else { return .none }
      state.lastReading = now()
      let total = state.elapsed
      let split = total - (state.laps.first?.total ?? .zero)
      state.laps.insert(Lap(number: state.laps.count + 1, total: total, split: split), at: 0)
      return .none
    case .reset:
      guard !state.isRunning else { return .none }
      state = State()
      return .none
    case .tick:
      guard state.isRunning else { return .none }
      state.lastReading = now()
      return .none
    }
  }
}

extension Duration {
  /// `MM:SS.CC`, or `H:MM:SS.CC` from one hour; centiseconds are truncated, never rounded up.
  package var stopwatchText: String {
    let (seconds, attoseconds) = components
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
