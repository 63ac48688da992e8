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
