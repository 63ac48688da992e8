/// The throttle bookkeeping of one id.
struct ThrottleState<Action: Sendable> {
  /// When the last throttled effect ran, on the store's clock.
  var lastRun: Duration?
  /// The effect waiting for the interval to pass, if any.
  var pending: (effect: Effect<Action>, ids: [EffectID], group: EffectGroup?)?
  /// The registry key of the task scheduled to run the pending effect, if any.
  var scheduled: UInt64?
}

extension Store {
  func startThrottle(
    id: EffectID, interval: Duration, latest: Bool, effect: Effect<Action>, ids: [EffectID],
    group: EffectGroup?
  ) {
    let now = runner.clock.now
    var throttle = throttles[id] ?? ThrottleState()
    guard let lastRun = throttle.lastRun, now - lastRun < interval else {
      throttle.lastRun = now
      throttles[id] = throttle
      draining(joining: group) { start(effect, ids: ids + [id]) }
      return
    }
    if latest || throttle.pending == nil {
      throttle.pending = (effect, ids, group)
      // The send whose effect will run awaits the scheduled run, and through it the effect.
      if let scheduled = throttle.scheduled, let group { runner.registry.join(key: scheduled, group: group) }
    }
    if throttle.scheduled == nil {
      let due = lastRun + interval
      throttle.scheduled = runner.schedule(at: due, ids: ids + [id], group: group) { store in
        store.fireThrottle(id: id, at: due)
      }
    }
    throttles[id] = throttle
  }

  func fireThrottle(id: EffectID, at due: Duration) {
    guard var throttle = throttles[id], let pending = throttle.pending else { return }
    throttle.pending = nil
    throttle.scheduled = nil
    throttle.lastRun = due
    throttles[id] = throttle
    draining(joining: pending.group) { start(pending.effect, ids: pending.ids + [id]) }
  }
}
