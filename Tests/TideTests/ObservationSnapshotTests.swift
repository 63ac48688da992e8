import Synchronization
import Testing
import Tide
import TideTestSupport

/// Whole-state observers of an `Equatable` state share one copy of the last state passed,
/// compared once a round: each observer is still called exactly when the state differs from the
/// last one it was passed, wherever it was added — between sends, during a round, or while a
/// drain is changing the state — and the copy goes when the last of them does.
@MainActor
@Suite struct ObservationSnapshotTests {
  /// A state whose comparisons are counted.
  private struct CountedState: Equatable, Sendable {
    var count = 0
    let comparisons: ComparisonCounter

    static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.comparisons.value.add(1, ordering: .relaxed)
      return lhs.count == rhs.count
    }
  }

  private final class ComparisonCounter: Sendable {
    let value = Atomic(0)
  }

  @Test func severalWholeStateObserversCompareTheStateOnceARound() {
    let comparisons = ComparisonCounter()
    let store = Store(
      initialState: CountedState(comparisons: comparisons),
      reducer: Reduce<CountedState, Int> { state, value in
        state.count = value
        return .none
      })
    var seen: [[Int]] = [[], [], []]
    let tokens = (0..<3).map { index in store.observe { seen[index].append($0.count) } }
    let before = comparisons.value.load(ordering: .relaxed)
    store.send(1)
    store.send(1)
    #expect(comparisons.value.load(ordering: .relaxed) - before == 2, "one comparison a round, not one per observer")
    #expect(seen == [[0, 1], [0, 1], [0, 1]])
    for token in tokens { token.cancel() }
    store.send(2)
    #expect(comparisons.value.load(ordering: .relaxed) - before == 2, "no whole-state observer, no comparison")
  }

  /// A state holding an object, to see whether the store still holds an old state.
  private struct TrackedState: Equatable, Sendable {
    var marker = Marker()
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.marker === rhs.marker }
  }

  private final class Marker: Sendable {}

  @Test func theStoreKeepsNoCopyOnceTheLastWholeStateObserverEnds() {
    let store = Store(
      initialState: TrackedState(),
      reducer: Reduce<TrackedState, Void> { state, _ in
        state.marker = Marker()
        return .none
      })
    weak let first = store.state.marker
    let one = store.observe { _ in }
    let two = store.observe { _ in }
    store.send(())
    #expect(first == nil, "after a round the copy is the new state")
    weak let second = store.state.marker
    one.cancel()
    store.send(())
    #expect(second == nil)
    weak let third = store.state.marker
    two.cancel()
    store.send(())
    #expect(third == nil, "no observer left that skips repeats: the store kept no copy")
  }

  /// One whole-state observer under test: what it was passed, and from which round on.
  private final class Tracked {
    let firstRound: Int
    let initial: CounterFixture.State
    var calls: [CounterFixture.State] = []
    var endRound: Int?
    var token: ObservationToken?

    init(firstRound: Int, initial: CounterFixture.State) {
      self.firstRound = firstRound
      self.initial = initial
    }
  }

  /// Not `Equatable`, so an observer of it is told every round: the reference.
  private struct Round {
    let state: CounterFixture.State
  }

  @Test func randomProgramsCallEachObserverExactlyOncePerDistinctState() {
    var generator = SeededGenerator(seed: 1_919)
    for program in 0..<200 {
      var rounds: [CounterFixture.State] = []
      var tracked: [Tracked] = []
      var addDuringNextRound = false
      var addWhileReducing = false
      var addFromWholeStateObserver = false
      weak var weakStore: Store<CounterFixture.State, CounterFixture.Action>?
      func add(_ store: Store<CounterFixture.State, CounterFixture.Action>) {
        let observer = Tracked(firstRound: rounds.count, initial: store.state)
        observer.token = store.observe { state in
          observer.calls.append(state)
          // From inside a whole-state observer — the leader, which refreshes the shared
          // snapshot, or another.
          if addFromWholeStateObserver, observer.calls.count > 1 {
            addFromWholeStateObserver = false
            add(store)
          }
        }
        tracked.append(observer)
      }
      let addingMiddleware = Middleware<CounterFixture.State, CounterFixture.Action> { _, _ in
        if addWhileReducing, let store = weakStore {
          addWhileReducing = false
          add(store)
        }
        return .none
      }
      let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture(), middleware: [addingMiddleware])
      weakStore = store
      let reference = store.observe({ Round(state: $0) }) { rounds.append($0.state) }
      let adder = store.observe({ Round(state: $0) }) { _ in
        if addDuringNextRound {
          addDuringNextRound = false
          add(store)
        }
      }
      add(store)
      for _ in 0..<Int.random(in: 10...40, using: &generator) {
        func randomAction() -> CounterFixture.Action {
          [.increment, .decrement, .set(Int.random(in: 0...1, using: &generator)), .noop, .rename("Counter")]
            .randomElement(using: &generator)!
        }
        switch Int.random(in: 0..<11, using: &generator) {
        case 0: add(store)
        case 1:
          let live = tracked.filter { $0.endRound == nil }
          if let victim = live.randomElement(using: &generator) {
            victim.token?.cancel()
            victim.endRound = rounds.count
          }
        case 2: addDuringNextRound = true
        case 3: addWhileReducing = true
        case 4: store.send(contentsOf: [randomAction(), randomAction(), randomAction()])
        case 5: addFromWholeStateObserver = true
        default: store.send(randomAction())
        }
      }
      for observer in tracked {
        var last = observer.initial
        var expected = [last]
        for state in rounds[observer.firstRound..<(observer.endRound ?? rounds.count)] where state != last {
          expected.append(state)
          last = state
        }
        #expect(
          observer.calls == expected,
          "program \(program): an observer added at round \(observer.firstRound) was passed \(observer.calls.map(\.count)), expected \(expected.map(\.count))")
      }
      reference.cancel()
      adder.cancel()
      for observer in tracked { observer.token?.cancel() }
    }
  }

  @Test func wholeStateObserversOfAScopedStoreShareItsSnapshot() {
    let store = Store(initialState: CounterFixture.State(), reducer: CounterFixture())
    let count = store.scope(state: \.count, action: CounterFixture.Action.set)
    let computed = store.scope(state: { $0.count * 2 }, action: { CounterFixture.Action.set($0 / 2) })
    var seen: [String: [Int]] = [:]
    let tokens = [
      count.observe { seen["count 1", default: []].append($0) },
      count.observe { seen["count 2", default: []].append($0) },
      computed.observe { seen["computed 1", default: []].append($0) },
      computed.observe { seen["computed 2", default: []].append($0) },
    ]
    store.send(.increment)
    store.send(.rename("other"))
    count.send(2)
    store.send(.noop)
    #expect(seen["count 1"] == [0, 1, 2])
    #expect(seen["count 2"] == [0, 1, 2])
    #expect(seen["computed 1"] == [0, 2, 4])
    #expect(seen["computed 2"] == [0, 2, 4])
    for token in tokens { token.cancel() }
  }
}
