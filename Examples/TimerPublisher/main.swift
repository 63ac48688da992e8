// TimerPublisher: OneWayKit's timer with Combine, on Tide. Starts the timer with the right
// button, lets it run half a second, stops it; a screen bound to the state publisher prints its
// label and button as they change. Then a global setting two subscribers watch changes.
//
//   swift run --traits Combine TimerPublisher

#if Combine
import Tide
import TideCombine

let store = Store(
  initialState: TimerFeature.State(), reducer: TimerFeature.updater, middleware: [TimerFeature.middleware])
let screen = TimerScreen(store: store) { print("time: \($0.timeLabel)  button: \($0.rightButtonTitle)") }

store.send(.tapRightButton)
try await ContinuousClock().sleep(for: .milliseconds(550))
store.send(.tapRightButton)
for await isStarted in store.values(\.isStarted) where !isStarted { break }

StoreRegistry.shared[.global] = Store(initialState: GlobalFeature.State(), reducer: GlobalFeature.reducer)
var cancellables: Set<AnyCancellable> = []
StoreRegistry.shared[.global]?.publisher(\.backgroundColor)
  .sink { print("title: \($0)") }
  .store(in: &cancellables)
StoreRegistry.shared[.global]?.publisher(\.backgroundColor)
  .sink { print("header: \($0)") }
  .store(in: &cancellables)
StoreRegistry.shared[.global]?.send(.setBackgroundColor("teal"))
withExtendedLifetime(screen) {}
#else
print("TimerPublisher needs the Combine trait: swift run --traits Combine TimerPublisher")
#endif
