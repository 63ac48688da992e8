/// The throttle bookkeeping of one id.
struct ThrottleState<Action: Sendable> {
  /// When the last throttled effect ran, on the store's clock.
  var lastRun: Duration?
  /// The effect waiting for the interval to pass, if any.
  var pending: (effect: Effect<Action>, ids: [EffectID], group: EffectGroup?)?
  /// Whether a task is scheduled to run the pending effect.
  var isScheduled = false
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
    }
    if !throttle.isScheduled {
      throttle.isScheduled = true
      let due = lastRun + interval
      let context = runner.context(group: group)
      let link = runner.link
      let task = runner.registry.spawn(ids: ids + [id], priority: nil) {
        do {
          try await context.sleep(until: due)
        } catch {
          return
        }
        await MainActor.run { link.handler?.fireThrottle(id: id, at: due) }
      }
      group?.add(task)
    }
    throttles[id] = throttle
  }

  func fireThrottle(id: EffectID, at due: Duration) {
    guard var throttle = throttles[id], let pending = throttle.pending else { return }
    throttle.pending = nil
    throttle.isScheduled = false
    throttle.lastRun = due
    throttles[id] = throttle
    draining(joining: pending.group) { start(pending.effect, ids: pending.ids + [id]) }
  }
}
