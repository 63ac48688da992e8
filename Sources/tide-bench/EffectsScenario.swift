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
