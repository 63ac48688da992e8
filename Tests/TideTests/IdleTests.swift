import Clocks
import Testing
import Tide
import TideTestSupport

/// Idle is never reported early: a driver that moves the clock only when the store says its
/// effects are idle sees every action of a random effect tree at the instant the tree's
/// semantics give it, on a `VirtualClock` and on swift-clocks' `TestClock`, and the same tree
/// gives the same actions at the same instants every time.
///
/// Reported early — while a `.concatenate` was between two steps, say — the clock would move
/// before the next step registered its sleep, and that step's action would arrive late or
/// never (the 4,220-in-20,000 rounds of issue 19).
@MainActor
@Suite struct IdleTests {
  /// An effect tree and what it sends when.
  private indirect enum Tree: Sendable, CustomStringConvertible {
    /// A `.run` that sends at once.
    case now(Int)
    /// `.send(_:after:)`.
    case after(Duration, Int)
    /// A timer that ticks `count` times, every `every` after `every`, then is cancelled by its
    /// own last tick.
    case ticks(every: Duration, count: Int, id: Int)
    case merge([Tree])
    case concatenate([Tree])
    /// `inner`, cancellable under `id`, cancelled at `at` by an action the root sends then.
    case cancellable(id: Int, at: Duration, Tree)

    var description: String {
      switch self {
      case .now(let action): "now(\(action))"
      case .after(let delay, let action): "after(\(delay), \(action))"
      case .ticks(let every, let count, let id): "ticks(\(every), \(count), #\(id))"
      case .merge(let trees): "merge(\(trees.map(\.description).joined(separator: ", ")))"
      case .concatenate(let trees): "concatenate(\(trees.map(\.description).joined(separator: ", ")))"
      case .cancellable(let id, let at, let tree): "cancellable(#\(id) at \(at), \(tree))"
      }
    }
  }

  private enum Action: Equatable, Sendable {
    case start
    case sent(Int)
    case tick(id: Int, n: Int)
    case cancel(id: Int)
  }

  /// The store's reducer: `.start` returns the tree's effect; a timer's last tick cancels it.
  private nonisolated static func reducer(_ tree: Tree) -> Reduce<[Action], Action> {
    Reduce { log, action in
      log.append(action)
      switch action {
      case .start:
        return effect(tree, root: true)
      case .tick(let id, _):
        // The timer sends n = 0; the log numbers its ticks.
        let n = log.count { if case .tick(id, _) = $0 { true } else { false } }
        log[log.count - 1] = .tick(id: id, n: n)
        if n == tickCounts(tree)[id] { return .cancel(id: TickID(id: id)) }
        return .none
      case .cancel(let id):
        return .cancel(id: CancelID(id: id))
      case .sent:
        return .none
      }
    }
  }

  private struct TickID: Hashable, Sendable { let id: Int }
  private struct CancelID: Hashable, Sendable { let id: Int }

  private nonisolated static func tickCounts(_ tree: Tree) -> [Int: Int] {
    switch tree {
    case .now, .after: return [:]
    case .ticks(_, let count, let id): return [id: count]
    case .merge(let trees), .concatenate(let trees):
      return trees.reduce(into: [:]) { $0.merge(tickCounts($1)) { a, _ in a } }
    case .cancellable(_, _, let inner): return tickCounts(inner)
    }
  }

  private nonisolated static func effect(_ tree: Tree, root: Bool = false) -> Effect<Action> {
    switch tree {
    case .now(let action):
      return .run { send in await send(.sent(action)) }
    case .after(let delay, let action):
      return .send(.sent(action), after: delay)
    case .ticks(let every, _, let id):
      return .interval(.tick(id: id, n: 0), every: every).cancellable(id: TickID(id: id))
    case .merge(let trees):
      return .merge(trees.map { effect($0) })
    case .concatenate(let trees):
      return .concatenate(trees.map { effect($0) })
    case .cancellable(let id, let at, let inner):
      return .merge(
        effect(inner).cancellable(id: CancelID(id: id)),
        .send(.cancel(id: id), after: at))
    }
  }

  /// What the tree sends, as (instant, action) from a start at `start`, cut off at `cutoff`
  /// (a cancellation), and when it finishes.
  private static func model(
    _ tree: Tree, start: Duration, cutoff: Duration?, into events: inout [(Duration, Action)]
  ) -> Duration {
    func emit(_ instant: Duration, _ action: Action) {
      if let cutoff, instant >= cutoff { return }
      events.append((instant, action))
    }
    func end(_ instant: Duration) -> Duration {
      guard let cutoff else { return instant }
      return max(start, min(instant, cutoff))
    }
    switch tree {
    case .now(let action):
      emit(start, .sent(action))
      return start
    case .after(let delay, let action):
      emit(start + delay, .sent(action))
      return end(start + delay)
    case .ticks(let every, let count, let id):
      for n in 1...count { emit(start + every * n, .tick(id: id, n: n)) }
      return end(start + every * count)
    case .merge(let trees):
      return trees.map { model($0, start: start, cutoff: cutoff, into: &events) }.max() ?? start
    case .concatenate(let trees):
      var time = start
      for tree in trees { time = model(tree, start: time, cutoff: cutoff, into: &events) }
      return time
    case .cancellable(let id, let at, let inner):
      let cancelAt = start + at
      emit(cancelAt, .cancel(id: id))
      let innerCutoff = cutoff.map { min($0, cancelAt) } ?? cancelAt
      let finished = model(inner, start: start, cutoff: innerCutoff, into: &events)
      return max(finished, end(cancelAt))
    }
  }

  private static func randomTree(
    depth: Int, ids: inout Int, using generator: inout SeededGenerator
  ) -> Tree {
    // Delays in whole microseconds from a wide range, so two events rarely share an instant
    // (trees where they do are skipped: their order within the instant is not the point).
    func delay() -> Duration { .microseconds(Int.random(in: 1...1_000_000, using: &generator)) }
    let leaf = depth == 0 || Int.random(in: 0..<3, using: &generator) == 0
    if leaf {
      ids += 1
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: return .now(ids)
      case 1: return .ticks(every: delay(), count: Int.random(in: 1...3, using: &generator), id: ids)
      default: return .after(delay(), ids)
      }
    }
    let children = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
      randomTree(depth: depth - 1, ids: &ids, using: &generator)
    }
    switch Int.random(in: 0..<5, using: &generator) {
    case 0, 1: return .concatenate(children)
    case 2, 3: return .merge(children)
    default:
      ids += 1
      return .cancellable(id: ids, at: delay() * 2, .concatenate(children))
    }
  }

  /// Runs `tree` on a store, moving `clock` to the next sleeper's deadline only when the store
  /// reports idle, and stamps each action with the clock's reading when it arrived.
  private static func run(
    _ tree: Tree, advance: @escaping (Duration) async -> Void, clock: any Clock<Duration>
  ) async -> [(Duration, Action)] {
    let store = Store(initialState: [], reducer: reducer(tree), clock: clock)
    var stamped: [(Duration, Action)] = []
    var seen = 0
    func stamp() {
      for action in store.state.dropFirst(seen) { stamped.append((store.clockOffset, action)) }
      seen = store.state.count
    }
    store.send(.start)
    await store.waitUntilIdle()
    stamp()
    var steps = 0
    while let next = store.effectScheduler.nextWake, steps < 1_000 {
      steps += 1
      await advance(next - store.clockOffset)
      await store.waitUntilIdle()
      stamp()
    }
    return stamped.filter { $0.1 != .start }
  }

  private static func normalized(_ events: [(Duration, Action)]) -> [String] {
    events.map { "\($0.0) \($0.1)" }.sorted()
  }

  @Test(.hangLimit)
  func idleIsNeverReportedEarlyOnRandomEffectTrees() async {
    var generator = SeededGenerator(seed: 27)
    var checked = 0
    for round in 0..<1_500 {
      var ids = 0
      let tree = Self.randomTree(depth: 3, ids: &ids, using: &generator)
      var expected: [(Duration, Action)] = []
      _ = Self.model(tree, start: .zero, cutoff: nil, into: &expected)
      let instants = expected.map(\.0)
      // Skip trees where two events share an instant: which comes first is not what this checks.
      guard Set(instants).count == instants.count else { continue }
      checked += 1
      let model = Self.normalized(expected)

      let virtual = VirtualClock()
      let onVirtual = await Self.run(tree, advance: { virtual.advance(by: $0) }, clock: virtual)
      #expect(Self.normalized(onVirtual) == model, "round \(round), VirtualClock: \(tree)")
      // The same tree, again: the same actions in the same order at the same instants.
      let again = VirtualClock()
      let onVirtualAgain = await Self.run(tree, advance: { again.advance(by: $0) }, clock: again)
      #expect(onVirtualAgain.map { "\($0.0) \($0.1)" } == onVirtual.map { "\($0.0) \($0.1)" },
              "round \(round): the same tree gave another order: \(tree)")

      let test = TestClock()
      let onTestClock = await Self.run(tree, advance: { await test.advance(by: $0) }, clock: test)
      #expect(Self.normalized(onTestClock) == model, "round \(round), TestClock: \(tree)")
    }
    #expect(checked > 1_000, "most trees have events at distinct instants")
  }

  /// A `.run` body that sleeps on the injected `VirtualClock` directly is parked with its own
  /// store's scheduler — not with another store on the same clock — so each store's idle is its
  /// own fact.
  @Test func aSleepOnTheInjectedVirtualClockIsRegisteredWithItsOwnStore() async {
    let clock = VirtualClock()
    let sleeper = Store(
      initialState: 0,
      reducer: Reduce<Int, Bool> { state, start in
        guard start else {
          state += 1
          return .none
        }
        return .run { send in
          try await clock.sleep(until: clock.now.advanced(by: .seconds(3)))
          await send(false)
        }
      },
      clock: clock)
    let other = Store(initialState: 0, reducer: Reduce<Int, Bool> { _, _ in .none }, clock: clock)
    sleeper.send(true)
    #expect(sleeper.effectScheduler.counts.sleepDeadlines == [.seconds(3)], "registered when send returns")
    #expect(sleeper.effectScheduler.isIdle)
    #expect(other.effectScheduler.counts.sleeping == 0, "another store on the clock does not count it")
    #expect(sleeper.effectScheduler.nextWake == .seconds(3))
    clock.advance(by: .seconds(3))
    await sleeper.waitUntilIdle()
    #expect(sleeper.state == 1)
    #expect(sleeper.effectScheduler.counts.running == 0)
    _ = other
  }
}
