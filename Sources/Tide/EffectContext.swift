/// The store's clock and its count of sleepers: what an effect needs to sleep so that the
/// store knows it is asleep.
struct EffectTiming: Sendable {
  let clock: StoreClock
  let activity: EffectActivity

  /// Sleeps on the store's clock until `deadline` (an offset from the store's start), counted
  /// as a sleeping effect so tests and replays can tell time-bound effects from busy ones.
  func sleep(until deadline: Duration) async throws {
    // A deadline already reached returns at once: some clocks (swift-clocks' TestClock) would
    // otherwise park a sleep "until now" until the clock next moves.
    if deadline <= clock.now {
      try Task.checkCancellation()
      return
    }
    activity.update { $0.sleepDeadlines.append(deadline) }
    defer {
      activity.update {
        if let index = $0.sleepDeadlines.firstIndex(of: deadline) { $0.sleepDeadlines.remove(at: index) }
      }
    }
    try await clock.sleep(until: deadline)
  }
}

/// What an asynchronous effect is given by the store that runs it.
@usableFromInline
struct EffectContext<Action: Sendable>: Sendable {
  let send: Send<Action>
  let timing: EffectTiming
  /// When the effect's time starts, on the store's clock: when the reducer returned it, or
  /// when the effect before it in a concatenation finished. Delays count from here, not from
  /// when its task first ran.
  let start: Duration

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectContext<Child> {
    EffectContext<Child>(send: send.map(transform), timing: timing, start: start)
  }

  func sleep(until deadline: Duration) async throws {
    try await timing.sleep(until: deadline)
  }

  /// Sends `action(first + n × every)` at first + n × every on the store's clock, until
  /// cancelled. Ticks whose time came while the previous one was delivered are skipped, never
  /// delivered in a burst: two ticks are never sent at the same clock reading.
  func repeatEvery(
    _ every: Duration, from first: Duration, action: @Sendable (Duration) -> Action
  ) async {
    var tick = 0
    while !Task.isCancelled {
      do {
        try await sleep(until: first + every * tick)
      } catch {
        return
      }
      await send(action(first + every * tick))
      // The first tick still ahead of the clock: floor(elapsed / every) + 1.
      let elapsed = timing.clock.now - first
      let due = elapsed < .zero ? 0 : Int(elapsed.attoseconds / every.attoseconds) + 1
      tick = max(tick + 1, due)
    }
  }
}
