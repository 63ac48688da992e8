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
