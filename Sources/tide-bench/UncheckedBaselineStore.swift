/// The physical floor (SPEC.md, Budgets): ``BaselineStore`` with Swift's dynamic exclusivity
/// checks off for its state, so what is left is the reducer body and the observer call.
@MainActor
final class UncheckedBaselineStore<State, Action> {
  // Unchecked: the benchmark is single-threaded and the reducer and observer never reach
  // back into this store, so no overlapping access can happen.
  @exclusivity(unchecked) var state: State
  let reduce: (inout State, Action) -> Void
  let observers: [(State) -> Void]

  init(state: State, reduce: @escaping (inout State, Action) -> Void, observers: [(State) -> Void]) {
    self.state = state
    self.reduce = reduce
    self.observers = observers
  }

  @inline(never)
  func send(_ action: Action) {
    reduce(&state, action)
    for observer in observers { observer(state) }
  }
}
