import Tide

enum PingAction: Sendable, Equatable {
  case ping
  case pong
}

@inline(__always)
func pingBody(_ state: inout CounterState, _ action: PingAction) {
  switch action {
  case .ping: state.count &+= 1
  case .pong: state.count &-= 1
  }
}

/// `effects`: an action whose `.send` effect sends a follow-up action; one pair per operation.
/// The baseline handles the same two actions by calling itself twice.
@MainActor
func effectsScenario(iterations: Int, rounds: Int) -> Measurement {
  let sink = Sink()
  let store = Store(
    initialState: CounterState(),
    reducer: Reduce<CounterState, PingAction> { state, action in
      pingBody(&state, action)
      return action == .ping ? .send(.pong) : .none
    })
  let token = store.observe(\.count) { sink.value &+= $0 }
  let baseline = BaselineStore(state: CounterState(), reduce: pingBody) { sink.value &+= $0.count }
  let result = compare(rounds: rounds) {
    nanosecondsPerOperation(iterations: iterations) { _ in sendThroughTide(store, .ping) }
  } baseline: {
    nanosecondsPerOperation(iterations: iterations) { _ in
      baseline.send(.ping)
      baseline.send(.pong)
    }
  }
  token.cancel()
  precondition(store.state.count == 0 && baseline.state.count == 0, "effects: unbalanced ping/pong")
  return Measurement(name: "effects", tide: result.tide, baseline: result.baseline)
}
