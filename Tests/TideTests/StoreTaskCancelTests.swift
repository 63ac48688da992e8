import Testing
import Tide

/// `await task.cancel()` on a store's task returns once the effects it cancelled have ended.
@MainActor
@Suite struct StoreTaskCancelTests {
  private enum Cascade: Sendable { case task, response, response1, response2 }

  @Test func cancellingAStoreTaskReturnsWhenItsEffectsHaveEnded() async {
    let store = Store(
      initialState: 0,
      reducer: Reduce<Int, Cascade> { state, action in
        switch action {
        case .task:
          return .run { send in await send(.response) }
        case .response:
          return .merge(.run { _ in try await Task.never() }, .run { send in await send(.response1) })
        case .response1:
          return .merge(.run { _ in try await Task.never() }, .run { send in await send(.response2) })
        case .response2:
          state += 1
          return .run { _ in try await Task.never() }
        }
      })
    let task = store.send(.task)
    await waitUntil(store) { $0 == 1 }
    #expect(task.isRunning)
    await task.cancel()
    #expect(!task.isRunning)
    #expect(store.effectScheduler.counts.running == 0, "every effect has ended when cancel returns")
  }
}
