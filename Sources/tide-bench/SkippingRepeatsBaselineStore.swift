/// The hand-written baseline for an observer that skips repeats, as Tide's whole-state
/// `observe` of an `Equatable` state does: ``BaselineStore`` that also keeps the last state it
/// passed to its observer and calls the observer only with a state that differs from it.
///
/// Keeping that state is what makes the reducer's next in-place write of a copy-on-write
/// collection copy it, and the comparison walks it; a store that skips repeats exactly pays both
/// whoever writes it, so this is what such a Tide store is measured against.
@MainActor
final class SkippingRepeatsBaselineStore<State: Equatable, Action> {
  var state: State
  private var last: State
  let reduce: (inout State, Action) -> Void
  let observer: (State) -> Void

  init(state: State, reduce: @escaping (inout State, Action) -> Void, observer: @escaping (State) -> Void) {
    self.state = state
    self.last = state
    self.reduce = reduce
    self.observer = observer
    observer(state)
  }

  /// Not inlined into the benchmark loop, like a store method called from another module.
  @inline(never)
  func send(_ action: Action) {
    reduce(&state, action)
    if state != last {
      last = state
      observer(state)
    }
  }
}
