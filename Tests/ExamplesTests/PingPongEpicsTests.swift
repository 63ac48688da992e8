import Foundation
import Testing
import Tide
import TideTestSupport

@testable import PingPongEpics

/// What SwiftUICombineRedux's README promises of epics.
@MainActor
@Suite("Seed example: SwiftUICombineRedux ping/pong epics")
struct PingPongEpicsTests {
  private func makeStore() -> Store<PingPong.State, PingPong.Action> {
    Store(
      initialState: PingPong.State(),
      reducer: PingPong.reducer,
      epics: [PingPong.rootEpic { symbol in
        guard symbol == "SWFT" else { throw PingPong.PriceError(description: "unknown symbol") }
        return 42
      }])
  }

  /// The first state that satisfies `condition`, awaited through the store's state stream.
  private func firstState(
    of store: Store<PingPong.State, PingPong.Action>, where condition: (PingPong.State) -> Bool
  ) async -> PingPong.State? {
    for await state in store.values({ $0 }) where condition(state) { return state }
    return nil
  }

  @Test(.hangLimit)
  func eachPingIsAnsweredWithAPongAfterTheReducerSawIt() async {
    let store = makeStore()
    store.send(.ping)
    store.send(.ping)
    #expect(store.state.pings == 2)
    let answered = await firstState(of: store) { $0.pongs == 2 }
    #expect(answered?.pings == 2)
  }

  @Test(.hangLimit)
  func combinedEpicsAnswerPriceRequestsWithSuccessOrFailure() async {
    let store = makeStore()
    store.send(.fetchPrice(symbol: "SWFT"))
    store.send(.fetchPrice(symbol: "NOPE"))
    let answered = await firstState(of: store) { $0.prices.count + $0.failures.count == 2 }
    #expect(answered?.prices == ["SWFT": 42])
    #expect(answered?.failures == ["NOPE: unknown symbol"])
    #expect(answered?.pongs == 0)
  }
}
