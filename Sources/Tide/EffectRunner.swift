/// The store-side operations an effect task needs on the main actor.
@MainActor
protocol EffectHandler<Action>: AnyObject {
  associatedtype Action: Sendable
  func receive(_ action: Action, group: EffectGroup?)
  func resume(_ action: Action, fromHook index: Int, group: EffectGroup?)
  func startThrottle(
    id: EffectID, interval: Duration, latest: Bool, effect: Effect<Action>, ids: [EffectID],
    group: EffectGroup?)
  func fireThrottle(id: EffectID, at due: Duration)
  func cancelEffects(id: EffectID)
}

/// A non-owning, sendable reference from effect tasks and observation tokens back to their
/// store: a running effect must never keep its store alive, so releasing the store ends its
/// effects.
///
/// A `weak` reference, read only on the main actor: a store released while an effect is about
/// to call back reads as `nil`, never as a dangling reference. (An `unowned(unsafe)` link was
/// measured to save about 15% of a `send`, but a store released off the main actor could be
/// reached between its last release and its deinit; safety won.)
final class StoreLink<Action: Sendable>: Sendable {
  @MainActor private weak var target: (any EffectHandler<Action>)?

  init() {}

  @MainActor
  func attach(_ handler: any EffectHandler<Action>) {
    target = handler
  }

  /// The store, strongly referenced, if it is still alive.
  @MainActor
  var handler: (any EffectHandler<Action>)? { target }
}

/// Runs effects inside tasks: the asynchronous half of the store's effect interpreter.
@usableFromInline
final class EffectRunner<Action: Sendable>: Sendable {
  let registry: EffectRegistry
  let clock: StoreClock
  let link: StoreLink<Action>

  init(registry: EffectRegistry, clock: StoreClock, link: StoreLink<Action>) {
    self.registry = registry
    self.clock = clock
    self.link = link
  }

  var activity: EffectActivity { registry.activity }

  var timing: EffectTiming { EffectTiming(clock: clock, activity: activity) }

  /// Calls `body` with the store on the main actor once `due` comes on the store's clock, from
  /// an effect task registered under `ids` in `group`, unless it was cancelled first: the one
  /// way a middleware delay and a throttle wait for their time.
  @discardableResult
  func schedule(
    at due: Duration, ids: [EffectID], group: EffectGroup?,
    _ body: @escaping @MainActor @Sendable (any EffectHandler<Action>) -> Void
  ) -> UInt64 {
    let timing = self.timing
    let link = self.link
    let lifetime = EffectLifetime(parent: nil)
    return registry.spawn(ids: ids, lifetime: lifetime, group: group, priority: nil) {
      do {
        try await timing.sleep(until: due)
      } catch {
        return
      }
      await MainActor.run {
        guard !lifetime.isCancelled, let handler = link.handler else { return }
        body(handler)
      }
    }.key
  }

  func context(group: EffectGroup?, lifetime: EffectLifetime) -> EffectContext<Action> {
    let link = self.link
    let timing = self.timing
    return EffectContext(
      send: Send(lifetime: lifetime, timing: timing) { action in
        link.handler?.receive(action, group: group)
      },
      timing: timing
    )
  }

  /// Starts `effect` as a registered task, tracked by `group`.
  func spawn(_ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?) {
    var priority: TaskPriority?
    if case .run(let runPriority, _) = effect.operation { priority = runPriority }
    // Delays count from when the reducer returned the effect, not from when its task first runs.
    let returnedAt = clock.now
    let lifetime = EffectLifetime(parent: nil)
    registry.spawn(ids: ids, lifetime: lifetime, group: group, priority: priority) { [self] in
      await self.execute(effect, ids: ids, group: group, lifetime: lifetime, startingAt: returnedAt)
    }
  }

  /// Runs `effect` to its end from inside an effect task; its delays count from `start` (an
  /// offset on the store's clock), or from now when `nil`.
  func execute(
    _ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?, lifetime: EffectLifetime,
    startingAt start: Duration? = nil
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      await context(group: group, lifetime: lifetime).send(action)
    case .merge(let effects):
      await awaitChildren(effects.map { child in
        spawnChild(child, ids: ids, group: group, parent: lifetime)
      })
    case .concatenate(let effects):
      for (index, child) in effects.enumerated() {
        if lifetime.isCancelled || Task.isCancelled { return }
        await execute(
          child, ids: ids, group: group, lifetime: lifetime, startingAt: index == 0 ? start : nil)
      }
    case .run(_, let body):
      // The body's own lifetime ends when it returns, so a `send` it leaked is caught.
      let bodyLifetime = EffectLifetime(parent: lifetime)
      await body(context(group: group, lifetime: bodyLifetime))
      bodyLifetime.finish()
    case .cancellable(let id, let cancelInFlight, let inner):
      if cancelInFlight { await cancelOnMain(id) }
      if lifetime.isCancelled || Task.isCancelled { return }
      await awaitChildren([spawnChild(inner, ids: ids + [id], group: group, parent: lifetime)])
    case .cancel(let id):
      await cancelOnMain(id)
    case .sleep(let duration):
      try? await timing.sleep(until: (start ?? clock.now) + duration)
    case .timer(let action, let after, let every):
      await runTimer(
        action, first: (start ?? clock.now) + after, every: every,
        context: context(group: group, lifetime: lifetime))
    case .throttle(let id, let interval, let latest, let inner):
      let link = self.link
      await MainActor.run {
        guard !lifetime.isCancelled else { return }
        link.handler?.startThrottle(
          id: id, interval: interval, latest: latest, effect: inner, ids: ids, group: group)
      }
    }
  }

  private func cancelOnMain(_ id: EffectID) async {
    let link = self.link
    await MainActor.run { link.handler?.cancelEffects(id: id) }
  }

  private func spawnChild(
    _ effect: Effect<Action>, ids: [EffectID], group: EffectGroup?, parent: EffectLifetime
  ) -> Task<Void, Never> {
    let lifetime = EffectLifetime(parent: parent)
    return registry.spawn(ids: ids, lifetime: lifetime, group: nil, priority: nil) { [self] in
      await self.execute(effect, ids: ids, group: group, lifetime: lifetime)
    }.task
  }

  /// Awaits child tasks, counted as waiting (not busy) so idleness is judged by the children,
  /// and passes cancellation down to them.
  private func awaitChildren(_ children: [Task<Void, Never>]) async {
    activity.update { $0.waitingOnChildren += 1 }
    defer { activity.update { $0.waitingOnChildren -= 1 } }
    await withTaskCancellationHandler {
      for child in children { await child.value }
    } onCancel: {
      for child in children { child.cancel() }
    }
  }

  /// Sends `action` at start + after + n × every, from the store's clock. Ticks whose time
  /// came while the previous one was delivered are skipped, never delivered in a burst: two
  /// ticks are never sent at the same clock reading.
  private func runTimer(
    _ action: @Sendable (Duration) -> Action, first: Duration, every: Duration,
    context: EffectContext<Action>
  ) async {
    var tick = 0
    while !Task.isCancelled {
      do {
        try await context.sleep(until: first + every * tick)
      } catch {
        return
      }
      await context.send(action(first + every * tick))
      // The first tick still ahead of the clock: floor(elapsed / every) + 1.
      let elapsed = clock.now - first
      let due = elapsed < .zero ? 0 : Int(elapsed.attoseconds / every.attoseconds) + 1
      tick = max(tick + 1, due)
    }
  }
}
