/// The hand-written in-place store every ratio is measured against (SPEC.md, Budgets): a final
/// class holding the state, a stored closure that mutates it in place, and one stored observer
/// closure called with the new state after each action.
@MainActor
final class BaselineStore<State, Action> {
  var state: State
  let reduce: (inout State, Action) -> Void
  let observer: (State) -> Void

  init(state: State, reduce: @escaping (inout State, Action) -> Void, observer: @escaping (State) -> Void) {
    self.state = state
    self.reduce = reduce
    self.observer = observer
  }

  /// Not inlined into the benchmark loop, like a store method called from another module.
  @inline(never)
  func send(_ action: Action) {
    reduce(&state, action)
    observer(state)
  }
}
