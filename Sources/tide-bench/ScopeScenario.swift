import Tide

// Five levels of state and action wrapping the counter: Level1 ⊃ Level2 ⊃ … ⊃ Level5 ⊃ counter.
struct Level5State: Equatable { var counter = CounterState() }
struct Level4State: Equatable { var level5 = Level5State() }
struct Level3State: Equatable { var level4 = Level4State() }
struct Level2State: Equatable { var level3 = Level3State() }
struct Level1State: Equatable { var level2 = Level2State() }

enum Level5Action: Sendable, Equatable { case counter(CounterAction) }
enum Level4Action: Sendable, Equatable { case level5(Level5Action) }
enum Level3Action: Sendable, Equatable { case level4(Level4Action) }
enum Level2Action: Sendable, Equatable { case level3(Level3Action) }
enum Level1Action: Sendable, Equatable { case level2(Level2Action) }

extension Level5Action {
  static let counterPath = ActionPath(embed: Level5Action.counter) { if case .counter(let a) = $0 { a } else { nil } }
}
extension Level4Action {
  static let level5Path = ActionPath(embed: Level4Action.level5) { if case .level5(let a) = $0 { a } else { nil } }
}
extension Level3Action {
  static let level4Path = ActionPath(embed: Level3Action.level4) { if case .level4(let a) = $0 { a } else { nil } }
}
extension Level2Action {
  static let level3Path = ActionPath(embed: Level2Action.level3) { if case .level3(let a) = $0 { a } else { nil } }
}
extension Level1Action {
  static let level2Path = ActionPath(embed: Level1Action.level2) { if case .level2(let a) = $0 { a } else { nil } }
}

/// `scope-5`: the counter reached through five nested `Scope` reducers — state five structs
/// deep, actions five enums deep — sent to the root store and observed at the leaf; compared
/// with the flat `counter` store measured in the same run.
@MainActor
func scopeScenario(iterations: Int, rounds: Int) -> Measurement {
  let sink = Sink()
  let (root, flat) = (makeNestedCounterStore(), makeFlatCounterStore())
  let rootToken = root.observe(\.level2.level3.level4.level5.counter.count) { sink.value &+= $0 }
  let flatToken = flat.observe(\.count) { sink.value &+= $0 }
  let increment = Level1Action.level2(.level3(.level4(.level5(.counter(.increment)))))
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: iterations) { _ in sendThroughTide(root, increment) }
  } baseline: {
    nanosecondsPerOperation(iterations: iterations) { _ in sendThroughTide(flat, .increment) }
  }
  rootToken.cancel()
  flatToken.cancel()
  precondition(root.state.level2.level3.level4.level5.counter == flat.state, "scope-5: nested and flat counters disagree")
  var measurement = Measurement(name: "scope-5", tide: result.tide, baseline: result.baseline)
  measurement.note = "baseline here is Tide's flat counter"
  return measurement
}

/// `scope-5-store`: as `scope-5`, but sent to and observed from a store scoped five times
/// (`root.scope(…).scope(…)…`), which adds five store-to-store hops each way.
@MainActor
func scopedStoreScenario(iterations: Int, rounds: Int) -> Measurement {
  let sink = Sink()
  let (root, flat) = (makeNestedCounterStore(), makeFlatCounterStore())
  let leaf = root
    .scope(state: \.level2, action: Level1Action.level2)
    .scope(state: \.level3, action: Level2Action.level3)
    .scope(state: \.level4, action: Level3Action.level4)
    .scope(state: \.level5, action: Level4Action.level5)
    .scope(state: \.counter, action: Level5Action.counter)
  let leafToken = leaf.observe(\.count) { sink.value &+= $0 }
  let flatToken = flat.observe(\.count) { sink.value &+= $0 }
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: iterations) { _ in sendThroughTide(leaf, .increment) }
  } baseline: {
    nanosecondsPerOperation(iterations: iterations) { _ in sendThroughTide(flat, .increment) }
  }
  leafToken.cancel()
  flatToken.cancel()
  precondition(leaf.state == flat.state, "scope-5-store: scoped and flat counters disagree")
  var measurement = Measurement(name: "scope-5-store", tide: result.tide, baseline: result.baseline)
  measurement.note = "baseline here is Tide's flat counter"
  return measurement
}

@MainActor
func makeFlatCounterStore() -> Store<CounterState, CounterAction> {
  Store(initialState: CounterState(), reducer: Reduce<CounterState, CounterAction> { state, action in
    counterBody(&state, action)
    return .none
  })
}

@MainActor
func makeNestedCounterStore() -> Store<Level1State, Level1Action> {
  Store(
    initialState: Level1State(),
    reducer: Scope(state: \Level1State.level2, action: Level1Action.level2Path) {
      Scope(state: \Level2State.level3, action: Level2Action.level3Path) {
        Scope(state: \Level3State.level4, action: Level3Action.level4Path) {
          Scope(state: \Level4State.level5, action: Level4Action.level5Path) {
            Scope(state: \Level5State.counter, action: Level5Action.counterPath) {
              Reduce<CounterState, CounterAction> { state, action in
                counterBody(&state, action)
                return .none
              }
            }
          }
        }
      }
    })
}
