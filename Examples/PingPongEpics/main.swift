// PingPongEpics: SwiftUICombineRedux's epics on Tide. Pings twice, asks for two prices (one
// symbol is unknown), and waits until every answer has arrived.
//
//   swift run PingPongEpics

import Foundation
import Tide
#if Combine
import TideCombine
#endif

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

#if Combine
// The same epics written with publishers, and a price list bound to the state publisher
// (`swift run --traits Combine PingPongEpics`). One request at a time: a new one replaces the
// one in flight, as `switchToLatest()` does.
let combined = Store(
  initialState: PingPong.State(),
  reducer: PingPong.reducer,
  middleware: PingPong.rootPublisherEpic { symbol in
    guard symbol == "SWFT" else {
      return Fail(error: PingPong.PriceError(description: "unknown symbol")).eraseToAnyPublisher()
    }
    return Just(Decimal(string: "42.50")!).setFailureType(to: (any Error).self).eraseToAnyPublisher()
  })
let priceList = combined.publisher(\.prices).sink { print("price list: \($0.sorted { $0.key < $1.key })") }
combined.send(.ping)
combined.send(.fetchPrice(symbol: "SWFT"))
for await priced in combined.values({ $0.prices.count }) where priced == 1 { break }
combined.send(.fetchPrice(symbol: "NOPE"))
for await state in combined.values({ $0 }) where state.pongs == 1 && state.failures.count == 1 {
  print("with publishers: pings \(state.pings), pongs \(state.pongs), failures \(state.failures)")
  break
}
priceList.cancel()
#endif
