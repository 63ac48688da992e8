/// What the effect interpreter needs from the store whose effects it runs, on the store's actor
/// (see ``StoreLink``).
@usableFromInline
protocol EffectHost<Action>: AnyObject {
  associatedtype Action: Sendable
  /// Queues an action a `.send` effect produced, behind the action being handled.
  func enqueue(_ action: Action)
  /// The group of the send being handled, which the tasks started now join.
  func currentGroup() -> EffectGroup
  /// Handles an action an effect task sent, as a drain of its own that joins `group`.
  func receive(_ action: Action, group: EffectGroup?)
  /// Starts `effect` inside a drain of its own that joins `group`: a throttled effect whose
  /// time came.
  func start(_ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?)
  /// Hands `action` to the before-reducer middleware after `index`, then to the reducer: an
  /// action a middleware delayed, whose time came.
  func resume(_ action: Action, fromHook index: Int, group: EffectGroup?)
  /// Stops calling the observer `id`: its token was cancelled or released.
  func removeObserver(id: UInt64)
}

/// Runs a store's effects: the one interpreter of ``Effect``'s primitives, on the store's
/// ``EffectEngine``.
///
/// It has two halves. ``start(_:ids:host:)`` runs on the store's actor when a reducer returns an
/// effect: it queues `.send`s behind the current action, cancels, and starts everything
/// asynchronous as registered tasks. ``execute(_:ids:group:lifetime:startingAt:)`` runs inside
/// such a task. Every task is registered in the engine under the cancellation ids around it,
/// and sends through a `Send` that checks the task's lifetime, so a cancelled effect sends
/// nothing more.
///
/// A value: the engine, which holds the effects' state, and the way back to the store for the
/// actions they send, both made at the store's first effect — a store that never starts one,
/// most of a server's sessions at any moment, pays nothing for either.
@usableFromInline
struct EffectInterpreter<Action: Sendable>: Sendable {
  @usableFromInline let engine: EffectEngine
  @usableFromInline let link: StoreLink<Action>

  @usableFromInline
  init(engine: EffectEngine, link: StoreLink<Action>) {
    self.engine = engine
    self.link = link
  }

  @usableFromInline var clock: StoreClock { engine.clock }

  // MARK: - On the store's actor, when the reducer returns

  /// Starts `effect`, returned while `host` handles an action, under the cancellation `ids`.
  ///
  /// Inlinable, so it is specialised for the store's action type where the store is used: run
  /// generic, each effect it took apart, each entry it made and each closure it captured a
  /// generic value in looked up its type's metadata at run time — a third of the cost of a
  /// store's first `.send(after:)`, what a server making 100,000 stores pays each time (issue 27).
  @inlinable
  func start(_ effect: Effect<Action>, ids: [EffectID], host: some EffectHost<Action>) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      host.enqueue(action)
    case .merge(let effects):
      for child in effects { start(child, ids: ids, host: host) }
    case .concatenate(let effects):
      if effect.isSynchronous {
        for child in effects { start(child, ids: ids, host: host) }
      } else {
        spawn(effect, ids: ids, group: host.currentGroup())
      }
    case .run:
      spawn(effect, ids: ids, group: host.currentGroup())
    case .cancellable(let id, let cancelInFlight, let inner):
      // The new effect registers before the ones it replaces are cancelled, so a wait for
      // `id` never sees a moment with none (see `EffectEngine.inFlight(replacing:)`).
      let replaced = cancelInFlight ? engine.inFlight(replacing: id) : []
      start(inner, ids: ids + [id], host: host)
      engine.cancel(tasks: replaced)
    case .cancel(let id):
      engine.cancel(id: id)
    case .throttle(let id, let interval, let latest, let inner):
      throttle(
        inner, id: id, interval: interval, latest: latest, ids: ids, group: host.currentGroup(),
        host: host)
    case .delay(let delay, let inner):
      let group = host.currentGroup()
      schedule(at: clock.now + delay, ids: ids, group: group) { host in
        host.start(inner, ids: ids, group: group)
      }
    case .timer(let after, let every, let action):
      let group = host.currentGroup()
      startTimer(
        TickSchedule(first: clock.now + after, every: every), action: action, ids: ids,
        lifetime: EffectLifetime(parent: nil), sendingIn: group, joining: group)
    }
  }

  /// Registers and arms the repeating timer of a `.timer` effect: one the reducer returned
  /// (which joins the send's `joining` group), or one a task runs as a step (which the task
  /// awaits as the child `childOf`). Returns it, or `nil` when the store is gone or the group
  /// cancelled.
  @inlinable
  @discardableResult
  func startTimer(
    _ ticks: TickSchedule, action: @escaping @Sendable (Duration) -> Action, ids: [EffectID], lifetime: EffectLifetime,
    sendingIn group: EffectGroup?, joining: EffectGroup?, childOf wait: UInt64? = nil
  ) -> RepeatingTimer<Action>? {
    let link = self.link
    guard
      let timer = engine.registerTimer(ids: ids, lifetime: lifetime, group: joining, childOf: wait, { [engine] key in
        RepeatingTimer(
          engine: engine, key: key, ticks: ticks, action: action, lifetime: lifetime, link: link, group: group)
      })
    else { return nil }
    timer.arm(at: ticks.instant(of: 0))
    // Cancelled between its registration and its arming (a task runs off the store's actor,
    // where a cancel may come at any time): the cancel found nothing armed to take out, so the
    // entry, armed now, is taken out here.
    if lifetime.isCancelled { timer.disarm() }
    return timer
  }

  /// Starts `effect` at once if `id` last ran at least `interval` ago; otherwise keeps it (the
  /// newest when `latest`, else the oldest) to run when the interval has passed.
  @usableFromInline
  func throttle(
    _ effect: Effect<Action>, id: EffectID, interval: Duration, latest: Bool, ids: [EffectID],
    group: EffectGroup, host: some EffectHost<Action>
  ) {
    let pending = PendingThrottle(effect: effect, ids: ids + [id], group: group)
    switch engine.throttle(id: id, now: clock.now, interval: interval, latest: latest, pending: pending) {
    case .runNow:
      start(effect, ids: ids + [id], host: host)
    case .kept(let scheduled, let replaced):
      // The send whose effect will run awaits the scheduled run, and through it the effect;
      // the send whose effect this one replaced no longer does, so cancelling it cannot
      // cancel this one.
      engine.join(key: scheduled, group: group)
      if let replaced = replaced as? PendingThrottle<Action>, replaced.group !== group {
        engine.leave(key: scheduled, group: replaced.group)
      }
    case .dropped:
      return
    case .schedule(let due):
      let key = schedule(at: due, ids: ids + [id], group: group) { [engine] host in
        guard let pending = engine.fireThrottle(id: id, at: due) as? PendingThrottle<Action> else { return }
        host.start(pending.effect, ids: pending.ids, group: pending.group)
      }
      if let key { engine.setThrottleTask(id: id, key: key) }
    }
  }

  /// Calls `body` with the store on its actor once `due` comes on the store's clock,
  /// from a timer entry registered under `ids` in `group`, unless it was cancelled first: how
  /// `.send(after:)`, debounce, a middleware delay and a throttle wait for their time. Returns
  /// the entry's key, or `nil` when the store is gone.
  @inlinable
  @discardableResult
  func schedule(
    at due: Duration, ids: [EffectID], group: EffectGroup?,
    _ body: @escaping @Sendable (any EffectHost<Action>) -> Void
  ) -> UInt64? {
    let lifetime = EffectLifetime(parent: nil)
    let link = self.link
    let entry = engine.registerTimer(ids: ids, lifetime: lifetime, group: group) { key in
      ScheduledCall(engine: engine, key: key, lifetime: lifetime, link: link, body: body)
    }
    entry?.arm(at: due)
    return entry?.key
  }

  /// Starts `effect` as a registered task, tracked by `group`.
  @usableFromInline
  func spawn(_ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?) {
    var priority: TaskPriority?
    if case .run(let runPriority, _) = effect.operation { priority = runPriority }
    // Delays count from when the reducer returned the effect, not from when its task first runs.
    let returnedAt = clock.now
    let lifetime = EffectLifetime(parent: nil)
    engine.spawn(ids: ids, lifetime: lifetime, group: group, priority: priority) { [self] in
      await self.execute(effect, ids: ids, group: group, lifetime: lifetime, startingAt: returnedAt)
    }
  }

  // MARK: - Inside an effect task

  /// Runs `effect` to its end from inside an effect task; its delays count from `start` (an
  /// offset on the store's clock), or from now when `nil`.
  private func execute(
    _ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?, lifetime: EffectLifetime,
    startingAt start: Duration? = nil
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await context(group: group, lifetime: lifetime, start: start).send(action)
    case .merge(let effects):
      let wait = engine.expectChildren(effects.count)
      await engine.awaitChildren(effects.map { child in
        spawnChild(child, ids: ids, group: group, parent: lifetime, start: start, wait: wait)
      }, of: wait)
    case .concatenate(let effects):
      for (index, child) in effects.enumerated() {
        if lifetime.isCancelled || Task.isCancelled { return }
        await execute(
          child, ids: ids, group: group, lifetime: lifetime, startingAt: index == 0 ? start : nil)
      }
    case .run(_, let body):
      // The body's own lifetime ends when it returns, so a `send` it leaked is caught.
      let bodyLifetime = EffectLifetime(parent: lifetime)
      let context = context(group: group, lifetime: bodyLifetime, start: start)
      // It begins right here, inside `send` on the store's actor when the effect was just
      // returned (`spawn` starts tasks immediately), and goes on from its first suspension on
      // the effect's executor: see `Effect.run`.
      await body(context)
      bodyLifetime.finish()
    case .cancellable(let id, let cancelInFlight, let inner):
      let replaced = cancelInFlight ? engine.inFlight(replacing: id) : []
      if lifetime.isCancelled || Task.isCancelled {
        engine.cancel(tasks: replaced)
        return
      }
      let wait = engine.expectChildren(1)
      let child = spawnChild(inner, ids: ids + [id], group: group, parent: lifetime, start: start, wait: wait)
      engine.cancel(tasks: replaced)
      await engine.awaitChildren([child], of: wait)
    case .cancel(let id):
      engine.cancel(id: id)
    case .throttle:
      // The gate decides on the store's actor, in the order the effects were returned.
      guard let home = engine.home else { return }
      await link.withHost(on: home) { host in
        guard !lifetime.isCancelled, let host else { return }
        host.start(effect, ids: ids, group: group)
      }
    case .delay(let delay, let inner):
      // Inside a task (a step of a concatenation) the delay is a sleep of the task's own.
      try? await engine.sleep(until: (start ?? clock.now) + delay)
      if lifetime.isCancelled || Task.isCancelled { return }
      await execute(inner, ids: ids, group: group, lifetime: lifetime)
    case .timer(let after, let every, let action):
      // The same entry as a timer the reducer returned, which the task waits for as for a child.
      let wait = engine.expectChildren(1)
      guard
        let timer = startTimer(
          TickSchedule(first: (start ?? clock.now) + after, every: every), action: action, ids: ids,
          lifetime: EffectLifetime(parent: lifetime), sendingIn: group, joining: nil, childOf: wait)
      else { return }
      await engine.awaitTimer(timer.key, of: wait)
    }
  }

  private func context(
    group: EffectGroup?, lifetime: EffectLifetime, start: Duration?
  ) -> EffectContext<Action> {
    EffectContext(
      send: Send(link: link, group: group, lifetime: lifetime, engine: engine),
      engine: engine,
      start: start ?? clock.now
    )
  }

  private func spawnChild(
    _ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?, parent: EffectLifetime,
    start: Duration?, wait: UInt64
  ) -> Task<Void, Never> {
    let lifetime = EffectLifetime(parent: parent)
    return engine.spawn(
      ids: ids, lifetime: lifetime, group: nil, priority: nil, childOf: wait
    ) { [self] in
      await self.execute(effect, ids: ids, group: group, lifetime: lifetime, startingAt: start)
    }.task
  }
}

/// A throttled effect waiting for its interval to pass.
final class PendingThrottle<Action: Sendable>: Sendable {
  let effect: Effect<Action>
  let ids: [EffectID]
  let group: EffectGroup

  init(effect: Effect<Action>, ids: [EffectID], group: EffectGroup) {
    self.effect = effect
    self.ids = ids
    self.group = group
  }
}
