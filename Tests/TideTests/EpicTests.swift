import Testing
import Tide

private enum Ping: Equatable, Sendable {
  case ping
  case pong(String)
  case increment
  case reachedThree
}

private struct PingState: Equatable, Sendable {
  var pongs: [String] = []
  var count = 0
  var reachedThree = 0
}

private var pingReducer: Reduce<PingState, Ping> { Reduce { state, action in
  switch action {
  case .ping: break
  case .pong(let from): state.pongs.append(from)
  case .increment: state.count += 1
  case .reachedThree: state.reachedThree += 1
  }
  return .none
} }

private func responder(_ name: String) -> Epic<PingState, Ping> {
  Epic { actions, _ in
    actions.filter { $0 == .ping }.map { _ in Ping.pong(name) }
  }
}

@MainActor
@Suite("Epics")
struct EpicTests {
  @Test func anEpicMapsActionsToNewActions() async {
    let store = Store(initialState: PingState(), reducer: pingReducer, epics: [responder("a")])
    store.send(.ping)
    await waitUntil(store) { $0.pongs.count == 1 }
    store.send(.increment)  // not a ping: no answer
    store.send(.ping)
    await waitUntil(store) { $0.pongs.count == 2 }
    #expect(store.state.pongs == ["a", "a"])
  }

  @Test func anEpicSeesTheStates() async {
    let threshold = Epic<PingState, Ping> { _, states in
      states.filter { $0.count >= 3 }.prefix(1).map { _ in Ping.reachedThree }
    }
    let store = Store(initialState: PingState(), reducer: pingReducer, epics: [threshold])
    store.send(.increment)
    store.send(.increment)
    store.send(.increment)
    await waitUntil(store) { $0.reachedThree == 1 }
    store.send(.increment)
    store.send(.ping)
    #expect(store.state.reachedThree == 1)
  }

  @Test func combinedEpicsEachSeeEveryAction() async {
    let store = Store(
      initialState: PingState(), reducer: pingReducer,
      epics: [Epic.combine(responder("a"), responder("b"))])
    store.send(.ping)
    await waitUntil(store) { $0.pongs.count == 2 }
    #expect(store.state.pongs.sorted() == ["a", "b"])
  }
}
