import Tide

enum CounterAction: Sendable, Equatable {
  case increment
  case decrement
}

struct CounterState: Equatable {
  var count = 0
}

/// The reducer body shared by the Tide store and the baseline.
@inline(__always)
func counterBody(_ state: inout CounterState, _ action: CounterAction) {
  switch action {
  case .increment: state.count &+= 1
  case .decrement: state.count &-= 1
  }
}

/// `counter`: one increment through a store with one observer of the count.
@MainActor
func counterScenario(iterations: Int, rounds: Int) -> Measurement {
  let sink = Sink()
  let store = Store(
    initialState: CounterState(),
    reducer: Reduce<CounterState, CounterAction> { state, action in
      counterBody(&state, action)
      return .none
    })
  let token = store.observe(\.count) { sink.value &+= $0 }
  let baseline = BaselineStore(state: CounterState(), reduce: counterBody) { sink.value &+= $0.count }
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: iterations) { _ in sendThroughTide(store, .increment) }
  } baseline: {
    nanosecondsPerOperation(iterations: iterations) { _ in baseline.send(.increment) }
  }
  token.cancel()
  precondition(store.state.count == baseline.state.count, "counter: Tide and baseline disagree")
  return Measurement(name: "counter", tide: result.tide, baseline: result.baseline)
}
