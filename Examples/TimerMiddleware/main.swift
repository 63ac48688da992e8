// TimerMiddleware: OneWayKit's timer on Tide. Starts the timer with the toggle button, lets it
// run half a second with every action traced to standard error, stops it; then changes a global
// setting that two observers share.
//
//   swift run TimerMiddleware

import Tide

let timer = Store(
  initialState: TimerFeature.State(),
  reducer: TimerFeature.updater.traced("TimerScreen", to: .standardError),
  middleware: [TimerFeature.middleware])
let label = timer.observe(\.isStarted) { print($0 ? "button: Stop" : "button: Start") }

timer.send(.tapToggleButton)
try await ContinuousClock().sleep(for: .milliseconds(550))
timer.send(.tapToggleButton)
print("time: \(timer.state.currentTime)")

StoreRegistry.shared[.appearance] = Store(
  initialState: Appearance.State(), reducer: Appearance.reducer)
let title = StoreRegistry.shared[.appearance]?.observe(\.backgroundColor) { print("title: \($0)") }
let header = StoreRegistry.shared[.appearance]?.observe(\.backgroundColor) { print("header: \($0)") }
StoreRegistry.shared[.appearance]?.send(.setBackgroundColor("teal"))
withExtendedLifetime((label, title, header)) {}

#if Combine
// The same timer with its follow-up actions as publishers and a screen bound to the state
// publisher (`swift run --traits Combine TimerMiddleware`).
let combined = Store(
  initialState: TimerFeature.State(), reducer: TimerFeature.updater, middleware: [TimerFeature.publisherMiddleware])
let screen = TimerScreen(store: combined) { print("screen: \($0.timeLabel) \($0.buttonTitle)") }
combined.send(.tapToggleButton)
try await ContinuousClock().sleep(for: .milliseconds(550))
combined.send(.tapToggleButton)
for await isStarted in combined.values(\.isStarted) where !isStarted { break }
withExtendedLifetime(screen) {}
#endif
