import Synchronization
import Testing
import Tide

/// Counts the reads of each reducer's `body`.
private final class BodyReads: Sendable {
  private let counts = Mutex<[String: Int]>([:])

  func read(_ name: String) {
    counts.withLock { $0[name, default: 0] += 1 }
  }

  subscript(name: String) -> Int {
    counts.withLock { $0[name, default: 0] }
  }
}

private struct Row: Identifiable, Equatable, Sendable {
  let id: Int
  var taps = 0
}

/// A leaf with a body of its own, run by a scope, an `ifLet` and a `forEach`.
private struct Tapper: Reducer {
  let reads: BodyReads
  let name: String

  var body: some Reducer<Int, Void> {
    let _ = reads.read(name)
    Reduce<Int, Void> { taps, _ in
      taps += 1
      return .none
    }
  }
}

private struct Root: Reducer, Sendable {
  struct State: Equatable, Sendable {
    var scoped = 0
    var optional: Int? = 0
    var rows: IdentifiedArray<Int, Row> = [Row(id: 1), Row(id: 2)]
    var counted = 0
  }

  enum Action: Sendable {
    case scoped
    case optional
    case row(id: Int)
  }

  static let scopedPath = ActionPath<Action, Void>(embed: { .scoped }) { if case .scoped = $0 { () } else { nil } }
  static let optionalPath = ActionPath<Action, Void>(embed: { .optional }) { if case .optional = $0 { () } else { nil } }
  static let rowPath = ActionPath<Action, (id: Int, action: Void)>(embed: { .row(id: $0.id) }) {
    if case .row(let id) = $0 { (id: id, action: ()) } else { nil }
  }

  let reads: BodyReads

  var body: some Reducer<State, Action> {
    let _ = reads.read("root")
    Scope(state: \State.scoped, action: Self.scopedPath) { Tapper(reads: reads, name: "scoped") }
    // A reducer with a body straight in the builder, beside the others.
    Counted(reads: reads)
    Reduce<State, Action> { _, _ in .none }
      .ifLet(\.optional, action: Self.optionalPath) { Tapper(reads: reads, name: "optional") }
      .forEach(\.rows, action: Self.rowPath) { RowTapper(reads: reads) }
  }
}

/// Counts every action the root handles, with a body of its own.
private struct Counted: Reducer {
  let reads: BodyReads

  var body: some Reducer<Root.State, Root.Action> {
    let _ = reads.read("counted")
    Reduce<Root.State, Root.Action> { state, _ in
      state.counted += 1
      return .none
    }
  }
}

private struct RowTapper: Reducer {
  let reads: BodyReads

  var body: some Reducer<Row, Void> {
    let _ = reads.read("row")
    Scope(state: \Row.taps, action: ActionPath(embed: { $0 }, extract: { $0 })) { Tapper(reads: reads, name: "row taps") }
  }
}

/// A builder that chooses one of two children (`if`/`else`), each with a body of its own.
private struct Branching: Reducer {
  let reads: BodyReads
  let takesFirst: Bool

  var body: some Reducer<Int, Void> {
    if takesFirst {
      Tapper(reads: reads, name: "first branch")
    } else {
      Tapper(reads: reads, name: "second branch")
    }
  }
}

/// A reducer without a body, for a branch that has none.
private struct Adds: Reducer {
  let amount: Int

  func reduce(into state: inout Int, action: Void) -> Effect<Void> {
    state += amount
    return .none
  }
}

private struct BranchingWithoutBodies: Reducer {
  let takesFirst: Bool

  var body: some Reducer<Int, Void> {
    if takesFirst {
      Adds(amount: 1)
    } else {
      Adds(amount: 10)
    }
  }
}

private let everyAction: [Root.Action] = Array(
  repeating: [.scoped, .optional, .row(id: 1), .row(id: 2)], count: 25
).flatMap { $0 }

/// A store reads a reducer's `body` once, when it is made, and the child reducers' bodies once
/// too: a body is a description, and building it again for every action (a scope's storage,
/// its key paths' offsets) cost more than the action itself.
@Suite("A reducer's body is read once a store")
struct BodyReadOnceTests {
  private func expectEveryBodyReadOnce(_ reads: BodyReads, _ state: Root.State) {
    #expect(state.scoped == 25 && state.optional == 25)
    #expect(state.rows.map(\.taps) == [25, 25])
    #expect(state.counted == 100)
    for name in ["root", "scoped", "optional", "row", "row taps", "counted"] {
      #expect(reads[name] == 1, "\(name)'s body read \(reads[name]) times")
    }
  }

  @Test @MainActor func store() {
    let reads = BodyReads()
    let store = Store(initialState: Root.State(), reducer: Root(reads: reads))
    for action in everyAction { store.send(action) }
    expectEveryBodyReadOnce(reads, store.state)
  }

  @Test @MainActor func storeOfAnErasedReducer() {
    let reads = BodyReads()
    let store = Store(initialState: Root.State(), reducer: Reduce(Root(reads: reads)))
    for action in everyAction { store.send(action) }
    expectEveryBodyReadOnce(reads, store.state)
  }

  @Test @MainActor func tracedStore() {
    let reads = BodyReads()
    let tracer = Tracer { _ in }
    let store = Store(initialState: Root.State(), reducer: Root(reads: reads).traced(to: tracer))
    for action in everyAction { store.send(action) }
    expectEveryBodyReadOnce(reads, store.state)
  }

  @Test @MainActor func isolatedStore() {
    let reads = BodyReads()
    let store = IsolatedStore(initialState: Root.State(), reducer: Root(reads: reads))
    for action in everyAction { store.send(action) }
    expectEveryBodyReadOnce(reads, store.state)
  }

  @Test func storeActor() async {
    let reads = BodyReads()
    let store = StoreActor(initialState: Root.State(), reducer: Root(reads: reads))
    for action in everyAction { await store.send(action) }
    expectEveryBodyReadOnce(reads, await store.state)
  }

  /// The branch an `if`/`else` in a body chose is read once too, as every other child.
  @Test(arguments: [true, false]) @MainActor func chosenBranch(takesFirst: Bool) {
    let reads = BodyReads()
    let store = Store(initialState: 0, reducer: Branching(reads: reads, takesFirst: takesFirst))
    for _ in 0..<100 { store.send(()) }
    #expect(store.state == 100)
    #expect(reads[takesFirst ? "first branch" : "second branch"] == 1)
    #expect(reads[takesFirst ? "second branch" : "first branch"] == 0)
  }

  /// A branch without a body is run as it is, whichever was chosen.
  @Test(arguments: [true, false]) @MainActor func chosenBranchWithoutABody(takesFirst: Bool) {
    let store = Store(initialState: 0, reducer: BranchingWithoutBodies(takesFirst: takesFirst))
    for _ in 0..<3 { store.send(()) }
    #expect(store.state == (takesFirst ? 3 : 30))
  }

  /// Two stores of one erased reducer read a body each: none is shared between stores, so a
  /// body is used by one store's isolation only.
  @Test @MainActor func eachStoreReadsItsOwn() {
    let reads = BodyReads()
    let reducer = Reduce(Root(reads: reads))
    let first = Store(initialState: Root.State(), reducer: reducer)
    let second = Store(initialState: Root.State(), reducer: reducer)
    first.send(.scoped)
    second.send(.scoped)
    #expect(reads["root"] == 2 && reads["scoped"] == 2)
  }
}
