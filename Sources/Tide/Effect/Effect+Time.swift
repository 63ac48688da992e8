extension Effect {
  /// Sends `action` after `after`, then every `every`, on the store's clock, until cancelled.
  ///
  /// Tick *n* is due at start + after + n × every, rounded to the nearest whole nanosecond (a
  /// sixtieth of a second ticks at 16,666,667, 33,333,333 and 50,000,000 ns), computed from the
  /// clock rather than from accumulated sleeps, so a timer never drifts. On a real clock, a tick
  /// that falls due while an earlier one is still being delivered is skipped, never delivered
  /// late in a burst; on a test or virtual clock every tick a move of the clock passes is
  /// delivered, each at its instant. Pair it with ``cancellable(id:cancelInFlight:)`` to stop it.
  @inlinable
  public static func timer(_ action: Action, after: Duration, every: Duration) -> Self {
    timer(after: after, every: every) { _ in action }
  }

  /// Sends the action `action` makes from each tick's instant: the time the tick was due, as
  /// the time since the store was created on its clock. A feature that measures time (a
  /// stopwatch) takes it from the tick rather than reading a clock of its own.
  ///
  /// ```swift
  /// return .timer(after: .zero, every: .milliseconds(10)) { .tick(at: $0) }
  /// ```
  @inlinable
  public static func timer(
    after: Duration, every: Duration, action: @escaping @Sendable (_ instant: Duration) -> Action
  ) -> Self {
    precondition(every > .zero, "A timer's period must be positive.")
    precondition(after >= .zero, "A timer's first delay cannot be negative.")
    return Self(.timer(after: after, every: every, action: action))
  }

  /// Sends `action` every `every` on the store's clock, the first time one period from now.
  @inlinable
  public static func interval(_ action: Action, every: Duration) -> Self {
    timer(action, after: every, every: every)
  }

  /// Sends the action `action` makes from each tick's instant (see
  /// ``timer(after:every:action:)``) every `every`, the first time one period from now.
  @inlinable
  public static func interval(
    every: Duration, action: @escaping @Sendable (_ instant: Duration) -> Action
  ) -> Self {
    timer(after: every, every: every, action: action)
  }

  /// Sends `action` once, `delay` from now on the store's clock.
  @inlinable
  public static func send(_ action: Action, after delay: Duration) -> Self {
    Self(.delay(delay, effect: .send(action)))
  }

  /// Delays this effect by `duration`; a newer effect with the same `id` replaces a waiting one,
  /// so only the last of a burst runs, `duration` after it was returned.
  @inlinable
  public func debounce(id: some Hashable & Sendable, for duration: Duration) -> Self {
    Self(.delay(duration, effect: self)).cancellable(id: id, cancelInFlight: true)
  }

  /// Runs this effect at most once per `interval` for `id`.
  ///
  /// The first effect runs at once. Effects returned within `interval` of the last run wait
  /// until the interval has passed; then the newest of them runs when `latest` is true, the
  /// oldest when it is false, and the rest are dropped. An effect returned after the interval
  /// passed but before the waiting one started counts as returned within it, so two never
  /// start in one interval and they start in the order they were returned.
  @inlinable
  public func throttle(id: some Hashable & Sendable, for interval: Duration, latest: Bool) -> Self {
    Self(.throttle(id: EffectID(id), interval: interval, latest: latest, effect: self))
  }
}
