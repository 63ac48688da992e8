import Testing
import Tide

/// A row with a timer of its own, under a cancellation id every row uses.
private struct Row: Reducer {
  struct State: Equatable, Identifiable, Sendable {
    let id: Int
    var ticks = 0
  }

  enum Action: Equatable, Sendable { case start, stop, tick }
  enum TimerID: Hashable, Sendable { case timer }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .start:
      return .interval(.tick, every: .seconds(1)).cancellable(id: TimerID.timer)
    case .stop:
      return .cancel(id: TimerID.timer)
    case .tick:
      state.ticks += 1
      return .none
    }
  }
}

private struct Table: Reducer {
  struct State: Equatable, Sendable {
    var rows: IdentifiedArrayOf<Row.State> = [Row.State(id: 0), Row.State(id: 1)]
    var detail: Row.State?
  }

  enum Action: Equatable, Sendable {
    case row(id: Int, action: Row.Action)
    case remove(Int)
    case detail(Row.Action)
    case openDetail
    case closeDetail
  }

  static let rowPath = ActionPath<Action, (id: Int, action: Row.Action)>(embed: { .row(id: $0.id, action: $0.action) }) {
    if case .row(let id, let action) = $0 { (id, action) } else { nil }
  }
  static let detailPath = ActionPath<Action, Row.Action>(embed: { .detail($0) }) {
    if case .detail(let action) = $0 { action } else { nil }
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .remove(let id):
        state.rows.remove(id: id)
      case .openDetail:
        state.detail = Row.State(id: 9)
      case .closeDetail:
        state.detail = nil
      case .row, .detail:
        break
      }
      return .none
    }
    .forEach(\.rows, action: Self.rowPath) { Row() }
    .ifLet(\.detail, action: Self.detailPath) { Row() }
  }
}

@MainActor
@Suite("Child effects")
struct ChildEffectsTests {
  private func tick(_ store: Store<Table.State, Table.Action>, _ clock: VirtualClock) async {
    clock.advance(by: .seconds(1))
    await store.waitUntilIdle()
  }

  @Test func cancellationIDsInsideForEachBelongToTheirElement() async {
    let clock = VirtualClock()
    let store = Store(initialState: Table.State(), reducer: Table(), clock: clock)
    store.send(.row(id: 0, action: .start))
    store.send(.row(id: 1, action: .start))
    await store.waitUntilIdle()
    await tick(store, clock)
    store.send(.row(id: 1, action: .stop))
    await store.waitUntilIdle()
    await tick(store, clock)
    #expect(store.state.rows.map(\.ticks) == [2, 1])
    store.send(.row(id: 0, action: .stop))
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
  }

  @Test func removingAnElementCancelsItsEffects() async {
    let clock = VirtualClock()
    let store = Store(initialState: Table.State(), reducer: Table(), clock: clock)
    store.send(.row(id: 0, action: .start))
    store.send(.row(id: 1, action: .start))
    await store.waitUntilIdle()
    store.send(.remove(1))
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 1)
    await tick(store, clock)
    #expect(store.state.rows.map(\.ticks) == [1])
    store.send(.row(id: 0, action: .stop))
  }

  @Test func anActionForAMissingElementIsReported() {
    let store = Store(initialState: Table.State(), reducer: Table())
    withKnownIssue {
      store.send(.row(id: 7, action: .tick))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("id 7") }
    }
    #expect(store.state == Table.State())
  }

  @Test func dismissingAnOptionalChildCancelsItsEffects() async {
    let clock = VirtualClock()
    let store = Store(initialState: Table.State(), reducer: Table(), clock: clock)
    store.send(.openDetail)
    store.send(.detail(.start))
    await store.waitUntilIdle()
    await tick(store, clock)
    #expect(store.state.detail?.ticks == 1)
    store.send(.closeDetail)
    await store.waitUntilIdle()
    #expect(clock.sleeperCount == 0)
  }

  @Test func anActionForANilChildIsReported() {
    let store = Store(initialState: Table.State(), reducer: Table())
    withKnownIssue {
      store.send(.detail(.tick))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("child state is nil") }
    }
  }
}
