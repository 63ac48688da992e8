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

  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectContext<Child> {
    EffectContext<Child>(send: send.map(transform), timing: timing)
  }

  func sleep(until deadline: Duration) async throws {
    try await timing.sleep(until: deadline)
  }
}
