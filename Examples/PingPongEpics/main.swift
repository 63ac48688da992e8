// PingPongEpics: SwiftUICombineRedux's epics on Tide. Pings twice, asks for two prices (one
// symbol is unknown), and waits until every answer has arrived.
//
//   swift run PingPongEpics

import Foundation
import Tide

let store = Store(
  initialState: PingPong.State(),
  reducer: PingPong.reducer,
  epics: [PingPong.rootEpic { symbol in
    guard symbol == "SWFT" else { throw PingPong.PriceError(description: "unknown symbol") }
    return Decimal(string: "42.50")!
  }])

store.send(.ping)
store.send(.ping)
store.send(.fetchPrice(symbol: "SWFT"))
store.send(.fetchPrice(symbol: "NOPE"))
for await state in store.values({ $0 }) where state.pongs == 2 && state.prices.count + state.failures.count == 2 {
  print("pings: \(state.pings), pongs: \(state.pongs)")
  print("prices: \(state.prices), failures: \(state.failures)")
  break
}
