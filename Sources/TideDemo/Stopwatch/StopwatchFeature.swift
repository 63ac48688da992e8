import Tide

/// The Stopwatch screen: elapsed time, running or stopped, and laps.
///
/// Every instant comes from the store's clock, never from a clock of the feature's own: a key
/// press reads the instant it is reduced at with ``StoreTime/now``, and a timer's ticks carry
/// the instant they were due — both as the time since the store was created. Elapsed time is
/// accumulated + (last instant − start); adding up ticks would drift and depend on the tick
/// rate.
///
/// Start, stop and lap take the press's own instant, which falls between two ticks, so they
/// show in the same frame as the key; the running ticks keep their rhythm from the start, and a
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

  /// The stopwatch's readings, all instants on the store's clock (time since the store began).
  package struct State: Equatable, Sendable {
    /// Time accumulated by earlier runs.
    package var accumulated: Duration = .zero
    /// The instant the current run started; `nil` while stopped.
    package var startedAt: Duration?
    /// The instant of the last tick or press.
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
    /// A running stopwatch's tick, due at `at` on the store's clock: it only redraws.
    case tick(at: Duration)
  }

  /// How often a running stopwatch redraws: 60 times a second, the runtime's frame rate, as
  /// Bubble Tea's and Textual's stopwatches do. Its ticks fall on whole nanoseconds (an
  /// interval's always do), so each tick's time is exact in the stopwatch's encoding, seconds
  /// to the nanosecond, and every third is on a twentieth of a second. A replayed virtual hour
  /// is 216,000 ticks.
  package static let tickInterval: Duration = .seconds(1) / 60

  private enum TimerID: Hashable, Sendable {
    case ticks
  }

  /// The stopwatch, stopped at zero until started.
  package init() {}

  /// Reduces `action` into `state`; see ``Reducer/reduce(into:action:)``.
  package func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .toggle:
      let now = StoreTime.now
      state.lastReading = now
      if let startedAt = state.startedAt {
        state.accumulated += now - startedAt
        state.startedAt = nil
        return .cancel(id: TimerID.ticks)
      }
      state.startedAt = now
      // Ticks from the start instant on.
      return .interval(every: Self.tickInterval) { .tick(at: $0) }
        .cancellable(id: TimerID.ticks, cancelInFlight: true)
    case .lap:
      guard state.isRunning else { return .none }
      state.lastReading = StoreTime.now
      let total = state.elapsed
      let split = total - (state.laps.first?.total ?? .zero)
      state.laps.insert(Lap(number: state.laps.count + 1, total: total, split: split), at: 0)
      return .none
    case .reset:
      guard !state.isRunning else { return .none }
      state = State()
      return .none
    case .tick(let instant):
      // A tick delivered late never moves the display back past a press.
      if state.isRunning { state.lastReading = max(state.lastReading, instant) }
      return .none
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
    let (seconds, attoseconds) = (self + Self.halfNanosecond).components
    let total = max(0, seconds)
    let centiseconds = seconds < 0 ? 0 : Int(attoseconds / 10_000_000_000_000_000)
    let hours = total / 3600
    let minutes = (total % 3600) / 60
    let secs = total % 60
    // Written digit by digit into the string's own storage (inline up to 99,999 hours): this text
    // is made at every frame of a running stopwatch, and interpolating its five parts took a
    // dozen appends.
    let hoursText = hours > 0 ? "\(hours):" : ""
    return String(unsafeUninitializedCapacity: hoursText.utf8.count + 8) { text in
      var count = 0
      func put(_ byte: UInt8) {
        text[count] = byte
        count += 1
      }
      func putTwoDigits(_ value: Int64) {
        put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value / 10))
        put(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: value % 10))
      }
      for byte in hoursText.utf8 { put(byte) }
      putTwoDigits(minutes)
      put(UInt8(ascii: ":"))
      putTwoDigits(secs)
      put(UInt8(ascii: "."))
      putTwoDigits(Int64(centiseconds))
      return count
    }
  }

  /// Half a nanosecond, written out: `.nanoseconds(1) / 2` is a 128-bit division every frame.
  private static let halfNanosecond = Duration(secondsComponent: 0, attosecondsComponent: 500_000_000)
}
