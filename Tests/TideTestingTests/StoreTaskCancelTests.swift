import Clocks
import Testing
import Tide
import TideTesting

/// `await task.cancel()` on the task a `send` returned cancels that action's effects — and the
/// effects of the actions they sent back — and returns once they have ended (TCA's
/// `testTaskCancellationEmpty` and `testCascadingTaskCancellation`).
@MainActor
@Suite struct StoreTaskCancelTests {
  enum Cascade: Equatable, Sendable { case task, response, response1, response2 }

  static let cascade = Reduce<Int, Cascade> { _, action in
    switch action {
    case .task:
      return .run { send in await send(.response) }
    case .response:
      return .merge(
        .run { _ in try await Task.never() },
        .run { send in await send(.response1) })
    case .response1:
      return .merge(
        .run { _ in try await Task.never() },
        .run { send in await send(.response2) })
    case .response2:
      return .run { _ in try await Task.never() }
    }
  }

  @Test func cancellingATaskWithoutEffectsReturnsAtOnce() async {
    let store = TestStore(
      initialState: Feature.State(), reducer: Feature())
    let task = await store.send(.increment) { $0.count = 1 }
    await task.cancel()
    await store.finish()
  }

  @Test func cancellingATestStoreTaskEndsTheEffectsOfEveryActionItSentBack() async {
    let store = TestStore(initialState: 0, reducer: Self.cascade)
    let task = await store.send(.task)
    await store.receive(.response)
    await store.receive(.response1)
    await store.receive(.response2)
    await task.cancel()
    #expect(!task.isRunning)
    // Exhaustive: an effect still running would fail here.
    await store.finish()
  }
}
