import Tide

/// A store scenario: everything set up, then one closure per side that performs `n`
/// operations. `tide-bench --instructions` runs each side under callgrind (the setup is the
/// same whatever `n`, so two runs with different counts give the instructions of one operation
/// by difference); the timed benchmark alternates the `tide` and `baseline` sides
/// (``timedScenario(_:iterations:rounds:)``).
@MainActor
struct InstructionWorkload {
  /// Side name → performs that many operations.
  let sides: [(name: String, run: (Int) -> Void)]
  /// The side the `baseline` column and the ratio compare with: the hand-written store doing
  /// the same work as the `tide` side.
  var baselineSide = "baseline"
  /// What the `baseline` column is, when it is not the plain hand-written store.
  var note: String?
  /// After the `tide` side and the side named (the one a timed run compared it with) ran the
  /// same operations: `nil` if they agree, else what differs — a benchmark whose two sides did
  /// different work measures nothing. Sides that did not run are not compared.
  var disagreement: (_ comparedSide: String) -> String? = { _ in nil }

  static let names = [
    "counter", "todo-1k", "todo-10k", "todo-1k-count", "todo-10k-count", "effects", "scope-5", "scope-5-store", "observers-100", "stopwatch-frame",
    "hit-test-1000", "server-store",
  ]

  static func make(_ name: String) -> InstructionWorkload? {
    switch name {
    case "counter": return counter()
    case "todo-1k": return todo(count: 1_000)
    case "todo-10k": return todo(count: 10_000)
    case "todo-1k-count": return todoCount(count: 1_000)
    case "todo-10k-count": return todoCount(count: 10_000)
    case "effects": return effects()
    case "scope-5": return scope(throughStore: false)
    case "scope-5-store": return scope(throughStore: true)
    case "observers-100": return observers()
    case "stopwatch-frame": return stopwatchFrame()
    case "hit-test-1000": return hitTest()
    case "server-store": return serverStore()
    default: return nil
    }
  }

  /// `hit-test-1000`: a press routed through a frame's 1,000 hit regions (see
  /// ``hitTestScenario(iterations:rounds:)``); the baseline scans the rectangles topmost first.
  private static func hitTest() -> InstructionWorkload {
    let frame = HitTestFrame()
    let sink = Sink()
    // The timed run (`hitTestScenario`) checks that both sides find the same regions.
    return InstructionWorkload(sides: [
      ("tide", { n in for i in 0..<n { sink.value &+= frame.press(i) } }),
      ("baseline", { n in for i in 0..<n { sink.value &+= frame.scan(i) } }),
    ])
  }

  /// `counter`: one increment through a store with one observer of the count.
  private static func counter() -> InstructionWorkload {
    let sink = Sink()
    let store = makeFlatCounterStore()
    let token = store.observe(\.count) { sink.value &+= $0 }
    let baseline = BaselineStore(state: CounterState(), reduce: counterBody) { sink.value &+= $0.count }
    let unchecked = UncheckedBaselineStore(
      state: CounterState(), reduce: counterBody, observers: [{ sink.value &+= $0.count }])
    return InstructionWorkload(
      sides: [
        ("tide", { n in withExtendedLifetime(token) { for _ in 0..<n { sendThroughTide(store, .increment) } } }),
        ("baseline", { n in for _ in 0..<n { baseline.send(.increment) } }),
        ("unchecked", { n in for _ in 0..<n { unchecked.send(.increment) } }),
      ],
      disagreement: { _ in store.state.count == baseline.state.count ? nil : "Tide and baseline disagree" })
  }

  /// `todo-1k` / `todo-10k`: toggle one item by id in a list of `count`, one observer of the
  /// whole state. Tide's whole-state observer of an `Equatable` state skips repeats, so it is
  /// compared with the baseline that skips repeats the same way (it keeps the last state and
  /// compares); the plain baseline, which calls its observer every time, is reported beside it.
  private static func todo(count: Int) -> InstructionWorkload {
    let sink = Sink()
    let store = makeTodoStore(count: count)
    let token = store.observe { sink.value &+= $0.todos.count }
    let baseline = BaselineStore(state: makeTodos(count), reduce: todoBody) { sink.value &+= $0.todos.count }
    let skipping = SkippingRepeatsBaselineStore(state: makeTodos(count), reduce: todoBody) {
      sink.value &+= $0.todos.count
    }
    let unchecked = UncheckedBaselineStore(
      state: makeTodos(count), reduce: todoBody, observers: [{ sink.value &+= $0.todos.count }])
    return InstructionWorkload(
      sides: [
        ("tide", { n in
          withExtendedLifetime(token) { for i in 0..<n { sendThroughTide(store, .toggle(id: (i &* 7919) % count)) } }
        }),
        ("baseline", { n in for i in 0..<n { baseline.send(.toggle(id: (i &* 7919) % count)) } }),
        ("skipping-repeats", { n in for i in 0..<n { skipping.send(.toggle(id: (i &* 7919) % count)) } }),
        ("unchecked", { n in for i in 0..<n { unchecked.send(.toggle(id: (i &* 7919) % count)) } }),
      ],
      baselineSide: "skipping-repeats",
      note: "baseline here skips repeats, as Tide's whole-state observer does",
      disagreement: { side in
        let other = side == "skipping-repeats" ? skipping.state : side == "unchecked" ? unchecked.state : baseline.state
        return store.state == other ? nil : "Tide and the \(side) side disagree"
      })
  }

  /// `todo-1k-count` / `todo-10k-count`: the toggles of `todo-1k`, observed through a selected
  /// value (`observe({ $0.todos.count })`), which keeps no copy of the state; compared with the
  /// plain baseline, whose observer reads the count after every action. The side `key-path`
  /// observes `\.todos.count` instead: `count` is computed, so the key path is applied by the
  /// runtime every round.
  private static func todoCount(count: Int) -> InstructionWorkload {
    let sink = Sink()
    let store = makeTodoStore(count: count)
    let token = store.observe({ $0.todos.count }) { sink.value &+= $0 }
    let keyPathStore = makeTodoStore(count: count)
    let keyPathToken = keyPathStore.observe(\.todos.count) { sink.value &+= $0 }
    let baseline = BaselineStore(state: makeTodos(count), reduce: todoBody) { sink.value &+= $0.todos.count }
    let unchecked = UncheckedBaselineStore(
      state: makeTodos(count), reduce: todoBody, observers: [{ sink.value &+= $0.todos.count }])
    return InstructionWorkload(
      sides: [
        ("tide", { n in
          withExtendedLifetime(token) { for i in 0..<n { sendThroughTide(store, .toggle(id: (i &* 7919) % count)) } }
        }),
        ("baseline", { n in for i in 0..<n { baseline.send(.toggle(id: (i &* 7919) % count)) } }),
        ("unchecked", { n in for i in 0..<n { unchecked.send(.toggle(id: (i &* 7919) % count)) } }),
        ("key-path", { n in
          withExtendedLifetime(keyPathToken) {
            for i in 0..<n { sendThroughTide(keyPathStore, .toggle(id: (i &* 7919) % count)) }
          }
        }),
      ],
      disagreement: { side in
        let other = side == "unchecked" ? unchecked.state : baseline.state
        return store.state == other ? nil : "Tide and the \(side) side disagree"
      })
  }

  private static func makeTodoStore(count: Int) -> Store<TodoListState, TodoListAction> {
    Store(
      initialState: makeTodos(count),
      reducer: Reduce<TodoListState, TodoListAction> { state, action in
        todoBody(&state, action)
        return .none
      })
  }

  /// `effects`: an action whose `.send` effect sends a follow-up; one pair per operation. The
  /// baselines handle the same two actions by being sent both.
  private static func effects() -> InstructionWorkload {
    let sink = Sink()
    let store = Store(
      initialState: CounterState(),
      reducer: Reduce<CounterState, PingAction> { state, action in
        pingBody(&state, action)
        return action == .ping ? .send(.pong) : .none
      })
    let token = store.observe(\.count) { sink.value &+= $0 }
    let baseline = BaselineStore(state: CounterState(), reduce: pingBody) { sink.value &+= $0.count }
    let unchecked = UncheckedBaselineStore(
      state: CounterState(), reduce: pingBody, observers: [{ sink.value &+= $0.count }])
    return InstructionWorkload(sides: [
      ("tide", { n in withExtendedLifetime(token) { for _ in 0..<n { sendThroughTide(store, .ping) } } }),
      ("baseline", { n in for _ in 0..<n { baseline.send(.ping); baseline.send(.pong) } }),
      ("unchecked", { n in for _ in 0..<n { unchecked.send(.ping); unchecked.send(.pong) } }),
    ], disagreement: { _ in store.state.count == 0 && baseline.state.count == 0 ? nil : "unbalanced ping/pong" })
  }

  /// `scope-5`: the counter through five nested `Scope` reducers, sent to the root and observed
  /// at the leaf; `scope-5-store`: sent to and observed from a store scoped five times. Both are
  /// compared with the flat counter store.
  private static func scope(throughStore: Bool) -> InstructionWorkload {
    let sink = Sink()
    let flat = makeFlatCounterStore()
    let flatToken = flat.observe(\.count) { sink.value &+= $0 }
    let root = makeNestedCounterStore()
    let tide: (Int) -> Void
    if throughStore {
      let leaf = root
        .scope(state: \.level2, action: Level1Action.level2)
        .scope(state: \.level3, action: Level2Action.level3)
        .scope(state: \.level4, action: Level3Action.level4)
        .scope(state: \.level5, action: Level4Action.level5)
        .scope(state: \.counter, action: Level5Action.counter)
      let token = leaf.observe(\.count) { sink.value &+= $0 }
      tide = { n in withExtendedLifetime(token) { for _ in 0..<n { sendThroughTide(leaf, .increment) } } }
    } else {
      let token = root.observe(\.level2.level3.level4.level5.counter.count) { sink.value &+= $0 }
      let increment = Level1Action.level2(.level3(.level4(.level5(.counter(.increment)))))
      tide = { n in withExtendedLifetime(token) { for _ in 0..<n { sendThroughTide(root, increment) } } }
    }
    return InstructionWorkload(
      sides: [
        ("tide", tide),
        ("baseline", { n in withExtendedLifetime(flatToken) { for _ in 0..<n { sendThroughTide(flat, .increment) } } }),
      ],
      note: "baseline here is Tide's flat counter",
      disagreement: { _ in
        root.state.level2.level3.level4.level5.counter == flat.state ? nil : "nested and flat counters disagree"
      })
  }

  /// `observers-100`: 100 observers, each selecting one field of a 100-field state, told after
  /// every action; the baselines call 100 such observers themselves.
  private static func observers() -> InstructionWorkload {
    let sink = Sink()
    let store = Store(
      initialState: WideState(),
      reducer: Reduce<WideState, WideAction> { state, action in
        wideBody(&state, action)
        return .none
      })
    let tokens = WideState.fields.map { field in store.observe(field) { sink.value &+= $0 } }
    // The baselines' observers do what Tide's do: read one field and act only on a change.
    func makeObservers() -> [(WideState) -> Void] {
      WideState.fields.map { field in
        let last = LastSeen()
        return { state in
          let value = state[keyPath: field]
          if value != last.value {
            last.value = value
            sink.value &+= value
          }
        }
      }
    }
    let checkedObservers = makeObservers()
    let baseline = BaselineStore(state: WideState(), reduce: wideBody) { state in
      for observer in checkedObservers { observer(state) }
    }
    let unchecked = UncheckedBaselineStore(state: WideState(), reduce: wideBody, observers: makeObservers())
    return InstructionWorkload(sides: [
      ("tide", { n in withExtendedLifetime(tokens) { for i in 0..<n { sendThroughTide(store, .bump(i % 100)) } } }),
      ("baseline", { n in for i in 0..<n { baseline.send(.bump(i % 100)) } }),
      ("unchecked", { n in for i in 0..<n { unchecked.send(.bump(i % 100)) } }),
    ])
  }
}

/// The last value a baseline observer saw.
@MainActor
private final class LastSeen {
  var value = 0
}
