// PricePublishers: SwiftUICombineRedux's epics with Combine, on Tide. Pings twice, then asks
// for a price the service knows and, once it has come, for one it does not; a symbol list
// bound to the state publisher prints the prices as they change.
//
//   swift run --traits Combine PricePublishers

#if Combine
import Foundation
import Tide
import TideCombine

let store = Store(
  initialState: Prices.State(),
  reducer: Prices.reducer,
  middleware: Prices.rootEpic { symbolID in
    guard symbolID == "SWFT" else {
      return Fail(error: Prices.PriceError(description: "unknown symbol")).eraseToAnyPublisher()
    }
    return Just(Decimal(string: "42.50")!).setFailureType(to: (any Error).self).eraseToAnyPublisher()
  })

var cancellables: Set<AnyCancellable> = []
store.publisher(\.symbols)
  .sink { symbols in
    print("symbols: \(symbols.values.map { "\($0.id) \($0.price.map { "\($0)" } ?? "?")" }.sorted())")
  }
  .store(in: &cancellables)

store.send(.ping)
store.send(.ping)
store.send(.fetchSymbolPriceRequest(id: "SWFT"))
for await priced in store.values({ $0.symbols.count }) where priced == 1 { break }
store.send(.fetchSymbolPriceRequest(id: "NOPE"))
for await state in store.values({ $0 }) where state.pongs == 2 && state.failures.count == 1 {
  print("pings: \(state.pings), pongs: \(state.pongs), failures: \(state.failures)")
  break
}
#else
print("PricePublishers needs the Combine trait: swift run --traits Combine PricePublishers")
#endif
